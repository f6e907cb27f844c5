"""Search in Chromium finds a word wherever it stands: after opening punctuation, an apostrophe or
a quote, in Greek with or without accents and in capitals; the Catalan l·l stays one word."""
from urllib.parse import urlsplit

import pytest
from test_browser import prefix

# (language, typed word, a page that must be among the results): the words of issue 12 and the
# text around them on those pages: ("Easy"), («Fàcil»), l'estat, («Facile»), («Εύκολο»), ¿Puedo.
WORDS = [
    ("en", "easy", "rules/"),
    ("ca", "fàcil", "rules/"),
    ("ca", "facil", "rules/"),
    ("ca", "estat", "faq/"),
    ("ca", "instal·lar", "plugins/"),
    ("it", "facile", "rules/"),
    ("el", "εύκολο", "rules/"),
    ("el", "ευκολο", "rules/"),
    ("es", "puedo", "faq/"),
    ("el", "στοίβα", "rules/"),
    ("el", "στοιβα", "rules/"),
    ("el", "ΣΤΟΙΒΑ", "rules/"),
    ("el", "ΣΤΟΊΒΑ", "rules/"),
]


def search(page, site_url, lang, word):
    """Type ``word`` in the search box of ``lang``'s home page; the result paths."""
    page.goto(f"{site_url}/{prefix(lang)}")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(word)
    box.dispatch_event("keyup")  # letters off the US keyboard are typed without key events
    results = page.locator(".md-search-result__item a")
    results.first.wait_for(timeout=10_000)
    return [urlsplit(link.get_attribute("href")).path for link in results.all()]


@pytest.mark.parametrize("lang, word, where", WORDS)
def test_search_finds_the_word(page, site_url, lang, word, where):
    paths = search(page, site_url, lang, word)
    assert f"/{prefix(lang)}{where}" in paths, paths


def test_catalan_middle_dot_is_not_a_word_break(page, site_url):
    """«l·l» keeps its word whole: "lar" alone (the end of instal·lar) finds nothing."""
    page.goto(f"{site_url}/ca/")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("lar")
    box.dispatch_event("keyup")
    page.locator(".md-search-result__meta").wait_for(timeout=10_000)
    page.wait_for_timeout(300)
    assert page.locator(".md-search-result__item").count() == 0
