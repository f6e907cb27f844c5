"""Build or serve the documentation site in every language.

    python site/build.py catalogs   # extract messages, update locales/<lang>/LC_MESSAGES/site.po
    python site/build.py build      # compile catalogs, translate pages, mkdocs build --strict
    python site/build.py serve      # build, then serve build/site on http://127.0.0.1:8000/
"""
import argparse
import contextlib
import functools
import http.server
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
from pathlib import Path

import polib
import yaml
from examples import insert_examples, replay_all
from hook_reference import insert_reference
from mdpo.po2md import Po2Md
from pictures import table_svg
from plugin_words import insert_plugin_words

from solitaire_klondike.core import Game, load_plugins
from solitaire_klondike.frontends.cli.arguments import program_version

SITE = Path(__file__).resolve().parent
ROOT = SITE.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "site.pot"
BUILD = ROOT / "build"
PAGES_OUT = BUILD / "site-pages"
HTML_OUT = BUILD / "site"
CONFIG_OUT = BUILD / "mkdocs.yml"
DOMAIN = "site"
LANGUAGES = ("ca", "el", "es", "it")
SOURCE_ONLY = {"build.py", "md_messages.py", "hook_reference.py", "examples.py", "examples.yml",
               "pictures.py", "plugin_words.py", "babel.cfg", "mkdocs.yml", "overrides", "__pycache__", "terms.yml"}
HOME_DEAL = "KL1-D1N-AAAAAAG"
SITE_URL_VARIABLE = "SITE_URL"  # where the site is published; default: where `serve` serves it
# Words of the config and of Material's templates that mkdocs does not translate (see md_messages).
PERMALINK_TITLE = "Permanent link"
VERSION_MARK = "@VERSION@"
SOURCE_ARCHIVE = "downloads/solitaire-klondike-source.tar.gz"
RULE_CITATION = re.compile(r"\(R(\d{1,2})\)")


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(SITE), NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", *args], check=True, cwd=ROOT, env=env)


def pybabel(*args):
    run("babel.messages.frontend", *args)


def update_catalogs():
    """Extract the English messages and merge them into every language's catalog.

    A catalog whose messages did not change is left as it was (pybabel would rewrite its dates).
    """
    catalogs = [TEMPLATE, *(LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po" for lang in LANGUAGES)]
    before = {path: path.read_bytes() for path in catalogs if path.exists()}
    pybabel("extract", "-F", str(SITE / "babel.cfg"), "-o", str(TEMPLATE),
            "--project", "Solitaire Klondike site", "--copyright-holder", "Solitaire Klondike contributors",
            "--no-wrap", "--sort-by-file", str(SITE.relative_to(ROOT)))
    for lang in LANGUAGES:
        exists = (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").exists()
        command = ["update", "--ignore-obsolete", "--no-wrap"] if exists else ["init", "--no-wrap"]
        pybabel(*command, "-D", DOMAIN, "-i", str(TEMPLATE), "-d", str(LOCALES), "-l", lang)
    for path, old in before.items():
        if _messages_of(path.read_bytes()) == _messages_of(old):
            path.write_bytes(old)


def _messages_of(data):
    """A catalog's entries and header, without the dates pybabel stamps on every run."""
    with tempfile.NamedTemporaryFile(suffix=".po") as handle:
        handle.write(data)
        handle.flush()
        catalog = polib.pofile(handle.name)
    header = {k: v for k, v in catalog.metadata.items() if not k.endswith("-Date")}
    entries = [(e.msgctxt, e.msgid, e.msgstr, tuple(e.flags), e.obsolete, e.comment, e.tcomment,
                tuple(e.occurrences)) for e in catalog]
    return header, entries


def compiled_catalog(lang):
    """Compile the .po (fuzzy entries left out) and load the resulting .mo."""
    pybabel("compile", "-D", DOMAIN, "-d", str(LOCALES), "-l", lang)
    return polib.mofile(str(LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"))


def write_pages(catalogs):
    """Write every page in English (name.md) and per language (name.<lang>.md).

    The hook reference goes in before translation (its docstrings are translated), the
    examples after it (they hold only commands, answers and pictures).
    """
    shutil.rmtree(PAGES_OUT, ignore_errors=True)
    shutil.copytree(SITE, PAGES_OUT, ignore=lambda folder, names: SOURCE_ONLY & set(names))
    replays = replay_all()
    write_pictures(replays)
    write_source_archive()
    version = program_version()
    for page in sorted(SITE.glob("*.md")):
        english = insert_reference(page.read_text(encoding="utf-8"))
        pages = {page.name: ("en", english)}
        for lang, catalog in catalogs.items():
            translator = Po2Md([], wrapwidth=math.inf)  # one per page: it keeps its output
            translator.pofiles = [catalog]
            pages[f"{page.stem}.{lang}.md"] = (lang, translator.translate(english))
        for name, (lang, text) in pages.items():
            text = insert_plugin_words(insert_examples(text, replays, lang), lang).replace(VERSION_MARK, version)
            (PAGES_OUT / name).write_text(text, encoding="utf-8")


def write_source_archive():
    """The source the site is built from (the files git tracks), for the Home page's download link."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    target = PAGES_OUT / SOURCE_ARCHIVE
    target.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(target, "w:gz") as archive:
        for name in filter(None, names):
            if (ROOT / name).is_file():
                archive.add(ROOT / name, arcname=f"solitaire-klondike-{program_version()}/{name}")


def write_pictures(replays):
    """Draw the Home page's table and each example's position into the build tree."""
    folder = PAGES_OUT / "images" / "examples"
    folder.mkdir(parents=True, exist_ok=True)
    home = Game.from_text(HOME_DEAL, load_plugins())
    (PAGES_OUT / "images" / "table.svg").write_text(table_svg(home.position, HOME_DEAL), encoding="utf-8")
    for replay in replays:
        (PAGES_OUT / replay.picture_name).write_text(replay.picture(), encoding="utf-8")


def base_config():
    config = yaml.safe_load((SITE / "mkdocs.yml").read_text(encoding="utf-8"))
    config["site_url"] = os.environ.get(SITE_URL_VARIABLE) or config["site_url"]
    return config


def write_config(catalogs):
    """Write build/mkdocs.yml: the base config plus paths, translated nav titles, description and footer."""
    config = base_config()
    config["docs_dir"] = str(PAGES_OUT)
    config["site_dir"] = str(HTML_OUT)
    config["theme"]["custom_dir"] = str(SITE / config["theme"]["custom_dir"])
    titles = [title for item in config["nav"] for title in item]
    i18n = next(plugin["i18n"] for plugin in config["plugins"] if "i18n" in plugin)
    for language in i18n["languages"]:
        catalog = catalogs.get(language["locale"])
        if catalog:
            found = {entry.msgid: entry.msgstr for entry in catalog}
            language["nav_translations"] = {title: found.get(title, title) for title in titles}
            language["site_description"] = found.get(config["site_description"], config["site_description"])
            language["copyright"] = found.get(config["copyright"], config["copyright"])
    CONFIG_OUT.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False),
                          encoding="utf-8")


def build():
    catalogs = {lang: compiled_catalog(lang) for lang in LANGUAGES}
    write_pages(catalogs)
    write_config(catalogs)
    run("mkdocs", "build", "--strict", "--clean", "-f", str(CONFIG_OUT))
    split_search_index()
    for lang, catalog in {"": None, **catalogs}.items():
        finish_pages(lang, {entry.msgid: entry.msgstr for entry in catalog} if catalog else {})
    write_sitemaps()


def finish_pages(lang, found):
    """What mkdocs leaves in English or unlinked: the permalink tooltip, and the rule numbers that
    commands print, "(R8)", which become links to the numbered rules."""
    folder = HTML_OUT / lang
    title = found.get(PERMALINK_TITLE, PERMALINK_TITLE)
    for page in [folder / "index.html", *folder.glob("*/index.html")]:
        if page.parent.name in LANGUAGES and page.parent != folder:
            continue
        html = page.read_text(encoding="utf-8")
        html = html.replace(f'title="{PERMALINK_TITLE}"', f'title="{title}"')
        html = re.sub(r"<pre\b.*?</pre>", lambda block: RULE_CITATION.sub(
            r'(<a class="rule-link" href="../rules/#r\1">R\1</a>)', block.group(0)), html, flags=re.DOTALL)
        page.write_text(html, encoding="utf-8")


def write_sitemaps():
    """Each language's folder gets the sitemap too: Material looks for one at every language's root."""
    for lang in LANGUAGES:
        shutil.copy(HTML_OUT / "sitemap.xml", HTML_OUT / lang / "sitemap.xml")


def split_search_index():
    """Give each language its own search index, with links relative to its root.

    mkdocs-static-i18n writes one index of every language's pages in search/: English keeps
    it without the translations, each translation gets <lang>/search/, which is where
    overrides/main.html makes its pages look.
    """
    index = json.loads((HTML_OUT / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = {folder: [] for folder in ("", *LANGUAGES)}
    index["config"]["fields"]["plain"] = {"boost": 1}
    for doc in index["docs"]:
        doc["plain"] = plain_words(doc["title"] + " " + doc["text"])
        folder, _, rest = doc["location"].partition("/")
        if folder in LANGUAGES:
            docs[folder].append(dict(doc, location=rest))
        else:
            docs[""].append(doc)
    for folder, own_docs in docs.items():
        (HTML_OUT / folder / "search").mkdir(exist_ok=True)
        (HTML_OUT / folder / "search" / "search_index.json").write_text(
            json.dumps(dict(index, docs=own_docs), ensure_ascii=False), encoding="utf-8")


def plain_words(text):
    """The words of a text that have accents, without them and in small letters: the index holds
    both forms, so that στοιβα, ΣΤΟΙΒΑ and στοίβα all find στοίβα (and facil finds fàcil)."""
    words = set(re.sub(r"<[^>]+>", " ", text).split())
    plain = {"".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))
             for word in words}
    return " ".join(sorted(plain - {word.lower() for word in words}))


def serve(port):
    build()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(HTML_OUT))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Serving the site on http://127.0.0.1:{port}/ (Ctrl+C to stop)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["catalogs", "build", "serve"], nargs="?",
                        default="build")
    parser.add_argument("--port", type=int, default=8000, help="port for serve")
    args = parser.parse_args()
    if args.command == "catalogs":
        update_catalogs()
    elif args.command == "build":
        build()
    else:
        serve(args.port)


if __name__ == "__main__":
    main()
