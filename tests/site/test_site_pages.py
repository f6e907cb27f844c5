"""The built site as a reader and a search engine meet it: a valid sitemap, every word translated,
every picture described and labelled, rule numbers that link to their rule, the switcher that keeps
the place, commands that wrap."""
import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from urllib.parse import urlsplit

import polib
import pytest
import yaml
from site_paths import HTML_OUT, LANGUAGES, LOCALES, SITE
from test_browser import ALL_LANGUAGES

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
CONFIG = yaml.safe_load((SITE / "mkdocs.yml").read_text(encoding="utf-8"))
PERMALINK = CONFIG["markdown_extensions"][2]["toc"]["permalink_title"]


def translated(lang, english):
    if lang == "en":
        return english
    return polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "site.po")).find(english).msgstr


def pages(lang):
    folder = HTML_OUT / ("" if lang == "en" else lang)
    return [p for p in folder.glob("*/index.html") if p.parent.name not in LANGUAGES] + [folder / "index.html"]


def test_sitemap_is_valid_and_every_language_root_has_one(build_result):
    assert build_result.returncode == 0
    root = ElementTree.parse(HTML_OUT / "sitemap.xml").getroot()
    assert root.tag == f"{SITEMAP}urlset"
    locations = [loc.text for loc in root.iter(f"{SITEMAP}loc")]
    assert len(set(locations)) == len(locations) == len(list(SITE.glob("*.md"))) * len(ALL_LANGUAGES)
    for location in locations:
        assert location.startswith(CONFIG["site_url"]), location
        path = urlsplit(location).path.lstrip("/")
        assert (HTML_OUT / path / "index.html").is_file(), location
    for link in root.iter("{http://www.w3.org/1999/xhtml}link"):
        path = urlsplit(link.get("href")).path.lstrip("/")
        assert link.get("href").startswith(CONFIG["site_url"]) and (HTML_OUT / path / "index.html").is_file()
    for lang in LANGUAGES:  # Material asks each language's root for a sitemap
        assert (HTML_OUT / lang / "sitemap.xml").read_bytes() == (HTML_OUT / "sitemap.xml").read_bytes()


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_description_footer_and_tooltips_are_in_the_page_language(build_result, lang):
    description = translated(lang, CONFIG["site_description"])
    footer = translated(lang, CONFIG["copyright"])
    tooltip = translated(lang, PERMALINK)
    assert lang == "en" or tooltip != PERMALINK
    for page in pages(lang):
        html = page.read_text(encoding="utf-8")
        assert f'<meta name="description" content="{description}">' in html, page
        assert footer in html and "Made with" not in html.replace(footer, ""), page
        assert "Permanent link" not in html or lang == "en", page
        assert html.count(f'title="{tooltip}"') == html.count('class="headerlink"'), page


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_every_picture_has_words_in_the_page_language(build_result, lang):
    english_alts = set()
    for page in pages("en"):
        english_alts |= set(re.findall(r'<img alt="([^"]*)"', page.read_text(encoding="utf-8")))
    for page in pages(lang):
        for tag in re.findall(r"<img\b[^>]*>", page.read_text(encoding="utf-8")):
            alt = re.search(r'alt="([^"]*)"', tag)
            assert alt and len(alt.group(1).split()) >= 6, (page, tag)
            assert lang == "en" or alt.group(1) not in english_alts, (page, tag)


def test_example_pictures_name_every_pile_as_the_notation_does(build_result):
    names = ["S", "W", "FS", "FH", "FD", "FC", *(f"T{n}" for n in range(1, 8))]
    pictures = sorted((HTML_OUT / "images" / "examples").glob("*.svg"))
    assert pictures
    for picture in pictures:
        labels = [t.text for t in ElementTree.parse(picture).getroot().iter("{http://www.w3.org/2000/svg}text")]
        assert all(name in labels for name in names), (picture, labels)


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_rule_numbers_in_commands_link_to_their_rule(build_result, lang):
    folder = HTML_OUT / ("" if lang == "en" else lang)
    rules = (folder / "rules" / "index.html").read_text(encoding="utf-8")
    for number in range(1, 21):
        assert f'id="r{number}"' in rules, number
    examples = (folder / "examples" / "index.html").read_text(encoding="utf-8")
    blocks = re.findall(r"<pre\b.*?</pre>", examples, flags=re.DOTALL)
    cited = re.findall(r"\(R(\d+)\)", re.sub(r"<[^>]+>", "", "".join(blocks)))
    linked = re.findall(r'\(<a class="rule-link" href="../rules/#r(\d+)">R\1</a>\)', "".join(blocks))
    assert cited and sorted(cited) == sorted(linked)


def test_switching_language_keeps_the_place_on_the_page(page, site_url):
    page.goto(f"{site_url}/ca/rules/#r8")
    page.locator(".md-header__option .md-select").hover()
    page.locator("a.md-select__link[hreflang=el]").click()
    page.wait_for_url(f"{site_url}/el/rules/#r8")
    assert page.locator("#r8").inner_text().startswith("R8.")


def test_rule_link_in_a_command_opens_the_rule(page, site_url):
    page.goto(f"{site_url}/es/examples/")
    page.locator("pre a.rule-link", has_text="R8").first.click()
    page.wait_for_url(f"{site_url}/es/rules/#r8")
    assert page.locator("#r8").is_visible()


@pytest.mark.parametrize("path", ["examples/", "faq/", "plugins/"])
def test_long_commands_wrap_on_a_narrow_screen(browser, site_url, path):
    context = browser.new_context(viewport={"width": 360, "height": 800})
    tab = context.new_page()
    tab.goto(f"{site_url}/{path}")
    blocks = tab.locator("article pre > code").all()
    assert blocks
    for block in blocks:
        assert block.evaluate("code => code.scrollWidth <= code.clientWidth + 1"), block.inner_text()[:80]
    context.close()


def test_the_source_archive_on_home_holds_the_source(build_result):
    import tarfile

    with tarfile.open(HTML_OUT / "downloads" / "solitaire-klondike-source.tar.gz") as archive:
        names = {Path(name).relative_to(Path(name).parts[0]).as_posix() for name in archive.getnames()}
    assert {"README.md", "LICENSE", "pyproject.toml", "core/game.py", "site/build.py"} <= names


def test_material_words_on_spanish_pages_address_the_reader_as_tu(build_result):
    """Material's own Spanish says "Teclee" (usted) where search waits for words: the Spanish pages
    say it as every Spanish text of the game and the site does (site/terms.yml, "addressed as tú")."""
    usted = yaml.safe_load((SITE / "terms.yml").read_text(encoding="utf-8"))["es"]["addressed as tú"]["avoid"]
    for page in pages("es"):
        html = page.read_text(encoding="utf-8")
        config = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.DOTALL)
        words = json.loads(config.group(1))["translations"]
        assert words["search.result.placeholder"] == "Escribe para empezar a buscar", page
        for text in [*words.values(), *re.findall(r'(?:placeholder|title|aria-label)="([^"]*)"', html)]:
            assert not any(re.search(pattern, text, re.IGNORECASE) for pattern in usted), (page, text)
