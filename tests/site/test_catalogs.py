"""Every site catalog is complete, and translations keep what the build relies on."""
import re

import polib
import pytest
from site_paths import LANGUAGES, LOCALES

# Heading ids, link targets and inline code must come through translation unchanged.
KEPT = re.compile(r"\{ #[\w-]+ \}|\]\([^)]*\)|`[^`]*`")


def catalog(lang):
    return polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "site.po"))


def template_msgids():
    return {entry.msgid for entry in polib.pofile(str(LOCALES / "site.pot"))}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete(lang):
    po = catalog(lang)
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    print(f"{lang}: {len(po.translated_entries())} translated, "
          f"{len(untranslated)} untranslated, {len(fuzzy)} fuzzy")
    assert untranslated == [], f"{lang}: {len(untranslated)} untranslated"
    assert fuzzy == [], f"{lang}: {len(fuzzy)} fuzzy"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_covers_the_template(lang):
    active = {entry.msgid for entry in catalog(lang) if not entry.obsolete}
    assert template_msgids() <= active


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_ids_links_and_code(lang):
    changed = [entry.msgid for entry in catalog(lang)
               if entry.msgstr and sorted(KEPT.findall(entry.msgid)) != sorted(KEPT.findall(entry.msgstr))]
    assert changed == []
