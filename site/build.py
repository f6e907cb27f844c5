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
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import yaml
from examples import insert_examples, replay_all
from hook_reference import insert_reference
from mdpo.po2md import Po2Md
from pictures import table_svg
from plugin_words import insert_plugin_words

from solitaire_klondike.core import Game, load_plugins

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
               "pictures.py", "plugin_words.py", "babel.cfg", "mkdocs.yml", "overrides", "__pycache__"}
HOME_DEAL = "KL1-D1N-AAAAAAG"


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(SITE), NO_MKDOCS_2_WARNING="1")
    subprocess.run([sys.executable, "-m", *args], check=True, cwd=ROOT, env=env)


def pybabel(*args):
    run("babel.messages.frontend", *args)


def update_catalogs():
    """Extract the English messages and merge them into every language's catalog."""
    pybabel("extract", "-F", str(SITE / "babel.cfg"), "-o", str(TEMPLATE),
            "--project", "Solitaire Klondike site", "--copyright-holder", "Solitaire Klondike contributors",
            "--no-wrap", "--sort-by-file", str(SITE.relative_to(ROOT)))
    for lang in LANGUAGES:
        exists = (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").exists()
        command = ["update", "--ignore-obsolete", "--no-wrap"] if exists else ["init", "--no-wrap"]
        pybabel(*command, "-D", DOMAIN, "-i", str(TEMPLATE), "-d", str(LOCALES), "-l", lang)


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
    for page in sorted(SITE.glob("*.md")):
        english = insert_reference(page.read_text(encoding="utf-8"))
        (PAGES_OUT / page.name).write_text(insert_plugin_words(insert_examples(english, replays)), encoding="utf-8")
        for lang, catalog in catalogs.items():
            translator = Po2Md([], wrapwidth=math.inf)  # one per page: it keeps its output
            translator.pofiles = [catalog]
            translated = insert_plugin_words(insert_examples(translator.translate(english), replays), lang)
            (PAGES_OUT / f"{page.stem}.{lang}.md").write_text(translated, encoding="utf-8")


def write_pictures(replays):
    """Draw the Home page's table and each example's position into the build tree."""
    folder = PAGES_OUT / "images" / "examples"
    folder.mkdir(parents=True, exist_ok=True)
    home = Game.from_text(HOME_DEAL, load_plugins())
    (PAGES_OUT / "images" / "table.svg").write_text(table_svg(home.position, HOME_DEAL), encoding="utf-8")
    for replay in replays:
        (PAGES_OUT / replay.picture_name).write_text(replay.picture(), encoding="utf-8")


def write_config(catalogs):
    """Write build/mkdocs.yml: the base config plus paths and translated nav titles."""
    config = yaml.safe_load((SITE / "mkdocs.yml").read_text(encoding="utf-8"))
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
    CONFIG_OUT.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False),
                          encoding="utf-8")


def build():
    catalogs = {lang: compiled_catalog(lang) for lang in LANGUAGES}
    write_pages(catalogs)
    write_config(catalogs)
    run("mkdocs", "build", "--strict", "--clean", "-f", str(CONFIG_OUT))
    split_search_index()


def split_search_index():
    """Give each language its own search index, with links relative to its root.

    mkdocs-static-i18n writes one index of every language's pages in search/: English keeps
    it without the translations, each translation gets <lang>/search/, which is where
    overrides/main.html makes its pages look.
    """
    index = json.loads((HTML_OUT / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = {folder: [] for folder in ("", *LANGUAGES)}
    for doc in index["docs"]:
        folder, _, rest = doc["location"].partition("/")
        if folder in LANGUAGES:
            docs[folder].append(dict(doc, location=rest))
        else:
            docs[""].append(doc)
    for folder, own_docs in docs.items():
        (HTML_OUT / folder / "search").mkdir(exist_ok=True)
        (HTML_OUT / folder / "search" / "search_index.json").write_text(
            json.dumps(dict(index, docs=own_docs), ensure_ascii=False), encoding="utf-8")


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
