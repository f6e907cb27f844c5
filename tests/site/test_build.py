"""The one build command runs mkdocs in strict mode and produces every page in every language."""
from site_paths import HTML_OUT, LANGUAGES

PAGES = ("index.html", "rules/index.html", "examples/index.html", "faq/index.html",
         "klondike/index.html", "plugins/index.html", "glossary/index.html")


def test_build_succeeds_in_strict_mode(build_result):
    output = build_result.stdout + build_result.stderr
    assert build_result.returncode == 0, output
    assert "WARNING" not in output, output


def test_every_page_exists_in_every_language(build_result):
    assert build_result.returncode == 0
    for prefix in ("", *(f"{lang}/" for lang in LANGUAGES)):
        for page in PAGES:
            assert (HTML_OUT / prefix / page).is_file(), prefix + page
