"""What a reader sees in Chromium: language, translated headings, switcher, images, search."""
from urllib.parse import urlsplit

import polib
import pytest
from examples import load_examples
from site_paths import LANGUAGES, LOCALES

ALL_LANGUAGES = ("en", *LANGUAGES)
# Each page's path and the id of a heading whose text is translated.
PAGES = {"": "features", "rules/": "rules", "examples/": "examples", "faq/": "faq",
         "klondike/": "klondike", "plugins/": "plugins"}
# Pictures drawn from the engine: the table on Home, one per example on Examples.
PICTURES = {"": 1, "examples/": len(load_examples())}
SEARCH_PLACEHOLDER = {"en": "Search", "ca": "Cerca", "el": "Αναζήτηση", "es": "Búsqueda",
                      "it": "Cerca"}
# A word of each language's Rules page, typed in the search box. Each language has its own
# lunr index, without stemming or trimming, so Greek and Catalan words are found whole.
SEARCH_WORDS = {"en": "foundations", "ca": "robatori", "el": "στοίβα", "es": "descarte",
                "it": "tallone"}
# "Vegas" is on every language's Rules page, yet each language finds only its own pages.
SEARCHES = [(lang, word) for lang in ALL_LANGUAGES for word in (SEARCH_WORDS[lang], "Vegas")]


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


@pytest.mark.parametrize("lang, word", SEARCHES)
def test_search_finds_a_rules_word_in_own_language_only(page, site_url, lang, word):
    page.goto(f"{site_url}/{prefix(lang)}")
    search = page.locator("input.md-search__input")
    search.click()
    search.press_sequentially(word)
    # Letters off the US keyboard (Greek) are typed as text without key events, but Material
    # reads the box on keyup, which a reader's own keyboard sends.
    search.dispatch_event("keyup")
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=10_000)
    paths = [urlsplit(link.get_attribute("href")).path for link in results.all()]
    assert f"/{prefix(lang)}rules/" in paths, paths
    assert {language_of(path) for path in paths} == {lang}, paths


def language_of(path):
    first = path.strip("/").split("/")[0]
    return first if first in LANGUAGES else "en"
