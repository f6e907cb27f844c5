"""What a reader sees in Chromium: language, translated headings, switcher, images, search."""
from urllib.parse import urlsplit

import polib
import pytest

from site_paths import LANGUAGES, LOCALES
from examples import load_examples

ALL_LANGUAGES = ("en", *LANGUAGES)
# Each page's path and the id of a heading whose text is translated.
PAGES = {"": "features", "rules/": "rules", "examples/": "examples", "faq/": "faq",
         "klondike/": "klondike", "plugins/": "plugins"}
# Pictures drawn from the engine: the table on Home, one per example on Examples.
PICTURES = {"": 1, "examples/": len(load_examples())}
SEARCH_PLACEHOLDER = {"en": "Search", "ca": "Cerca", "el": "Αναζήτηση", "es": "Búsqueda",
                      "it": "Cerca"}
# A rules word per language, typed in the search box. One lunr index serves all languages,
# without stemming, so Catalan (no lunr stemmer) works like the others. Material's search
# finds no word in Greek letters: on Greek pages we search a Latin-script rules word.
SEARCH_WORDS = {"en": "foundations", "ca": "robatori", "es": "descarte", "it": "tallone",
                "el": "SplitMix64"}


def prefix(lang):
    return "" if lang == "en" else f"{lang}/"


def heading_text(lang, heading_id):
    """The heading's text in `lang`, from the catalog (English from the template)."""
    path = LOCALES / "site.pot" if lang == "en" else LOCALES / lang / "LC_MESSAGES" / "site.po"
    for entry in polib.pofile(str(path)):
        if entry.msgid.endswith(f"{{ #{heading_id} }}"):
            text = entry.msgstr if lang != "en" else entry.msgid
            return text.replace(f"{{ #{heading_id} }}", "").strip()
    raise LookupError(heading_id)


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_page_language_heading_switcher_and_images(page, site_url, lang, path):
    page.goto(f"{site_url}/{prefix(lang)}{path}")
    assert page.locator("html").get_attribute("lang") == lang

    heading = page.locator(f"#{PAGES[path]}").inner_text().replace("¶", "").strip()
    assert heading == heading_text(lang, PAGES[path])
    if lang != "en" and path:
        assert heading != heading_text("en", PAGES[path])
    assert page.locator("input.md-search__input").get_attribute("placeholder") == \
        SEARCH_PLACEHOLDER[lang]

    images = page.locator("article img").all()
    assert len(images) >= PICTURES.get(path, 0)
    for image in images:
        image.scroll_into_view_if_needed()
        assert image.evaluate("img => img.decode().then(() => img.naturalWidth > 0, () => false)"), image

    target = ALL_LANGUAGES[(ALL_LANGUAGES.index(lang) + 1) % len(ALL_LANGUAGES)]
    page.locator(".md-header__option .md-select").hover()
    page.locator(f"a.md-select__link[hreflang={target}]").click()
    page.wait_for_url(f"{site_url}/{prefix(target)}{path}")
    assert page.locator("html").get_attribute("lang") == target
    assert page.locator(f"#{PAGES[path]}").count() == 1


@pytest.mark.parametrize("lang", SEARCH_WORDS)
def test_search_finds_a_rules_word(page, site_url, lang):
    page.goto(f"{site_url}/{prefix(lang)}")
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(SEARCH_WORDS[lang])
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=10_000)
    paths = [urlsplit(link.get_attribute("href")).path for link in results.all()]
    in_own_language = [path for path in paths if language_of(path) == lang]
    assert in_own_language, paths


def language_of(path):
    first = path.strip("/").split("/")[0]
    return first if first in LANGUAGES else "en"
