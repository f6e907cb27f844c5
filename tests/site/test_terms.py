"""Each language uses one word per concept, in the game as on the site (site/terms.yml): the word
the user's own pages use, never its synonyms, which only the Glossary lists."""
import re

import polib
import pytest
import yaml
from site_paths import LANGUAGES, LOCALES, ROOT, SITE

TERMS = yaml.safe_load((SITE / "terms.yml").read_text(encoding="utf-8"))
GLOSSARY = "site/glossary.md"


def texts(lang):
    """Every translated sentence a reader meets outside the Glossary: the site's, the game's and the
    built-in plugins' own."""
    found = []
    catalogs = [LOCALES / lang / "LC_MESSAGES" / f"{domain}.po" for domain in ("site", "game")]
    for path in [*catalogs, *sorted((ROOT / "plugins").glob(f"*/locales/{lang}/LC_MESSAGES/*.po"))]:
        for entry in polib.pofile(str(path)):
            if entry.obsolete or any(place == GLOSSARY for place, _line in entry.occurrences):
                continue
            found += [entry.msgstr, *entry.msgstr_plural.values()]
    return [text for text in found if text]


def glossary(lang):
    catalog = polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "site.po"))
    return " ".join(e.msgstr for e in catalog if any(place == GLOSSARY for place, _line in e.occurrences))


CASES = [(lang, concept) for lang in LANGUAGES for concept in TERMS[lang]]


@pytest.mark.parametrize("lang, concept", CASES)
def test_one_word_per_concept(lang, concept):
    term, sentences = TERMS[lang][concept], texts(lang)
    if term.get("glossary_too"):
        sentences.append(glossary(lang))
    assert any(re.search(term["use"], s, re.IGNORECASE) for s in sentences), (concept, term["use"])
    for avoided in term["avoid"]:
        offending = [s for s in sentences if re.search(avoided, s, re.IGNORECASE)]
        assert offending == [], (concept, avoided, offending)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_gives_each_word_and_its_synonyms(lang):
    """Words the user's pages use for a concept are findable: on the Glossary page, by search."""
    page = glossary(lang)
    for concept, term in TERMS[lang].items():
        if concept in ("spelling after 2016", "building rule", "empty", "suit", "addressed as tú"):
            continue  # not words of the game: wording fixes
        assert re.search(term["use"], page, re.IGNORECASE), (concept, term["use"])
