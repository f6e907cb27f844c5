"""The game's words: gettext catalogs compiled at build, plural forms, the language chosen, and
numbers, durations and scores written one way for the desktop and the command line."""

import re
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import polib
import pytest
from catalog_words import ROOT, catalog_paths, mo_words

from solitaire_klondike.core import Game, load_plugins
from solitaire_klondike.frontends import i18n
from solitaire_klondike.frontends.formats import duration_text, percent_text, score_text, variant_text
from solitaire_klondike.frontends.pyglet.panels import stats_panel
from solitaire_klondike.player_data import open_store
from solitaire_klondike.player_data.report import stats_table

LANGUAGES = ("ca", "el", "es", "it")
REBUILD = "the .mo is not compiled from this .po: build the package again (.venv/bin/pip install -e .)"


@pytest.fixture
def language():
    """Set a language for one test and go back to English after it."""
    yield i18n.set_language
    i18n.set_language("en")


def _shipped_mo(po: Path) -> Path:
    """Where the installed package keeps the .mo of a catalog of the checkout."""
    inside = po.relative_to(ROOT).with_suffix(".mo")
    if inside.parts[0] == "locales":
        return Path(str(files("solitaire_klondike.locales"))).joinpath(*inside.parts[1:])
    return Path(str(files("solitaire_klondike.plugins"))).joinpath(*inside.parts[1:])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_mo_files_hold_what_the_po_files_say(language):
    for po in catalog_paths(language):
        expected = {(e.msgid, e.msgid_plural) if e.msgid_plural else e.msgid:
                    tuple(e.msgstr_plural[i] for i in sorted(e.msgstr_plural)) if e.msgid_plural else e.msgstr
                    for e in polib.pofile(str(po)) if e.translated()}  # read by polib, compiled by Babel
        assert len(expected) > 1 and mo_words(_shipped_mo(po)) == expected, f"{po}: {REBUILD}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_is_complete_with_its_fields(language):
    template = {e.msgid for e in polib.pofile(str(ROOT / "locales" / "game.pot"))}
    for po in catalog_paths(language):
        catalog = polib.pofile(str(po))
        if po.name == "game.po":
            assert {e.msgid for e in catalog} == template
        assert catalog.untranslated_entries() == [] and catalog.fuzzy_entries() == [] and catalog.obsolete_entries() == []
        assert catalog.percent_translated() == 100, po
        for entry in catalog:
            forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
            assert all(_fields(form) == _fields(entry.msgid) for form in forms), entry.msgid


def _fields(text: str) -> list[str]:
    return sorted(re.findall(r"\{\w+\}", text))


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "es_ES.UTF-8"}, "es"), ({"LANGUAGE": "fr:ca", "LANG": "fr_FR"}, "ca"),
    ({"LC_ALL": "el_GR.UTF-8", "LANG": "it_IT"}, "el"), ({"LC_MESSAGES": "it_IT", "LANG": "es_ES"}, "it"),
    ({"LANG": "de_DE"}, "en"), ({}, "en"), ({"LANG": "C"}, "en"),
])
def test_the_language_follows_the_locale_variables_as_gettext_reads_them(environ, expected):
    assert i18n.choose_language(None, environ) == expected


def test_a_chosen_language_overrides_the_system_and_an_unknown_one_does_not():
    assert i18n.choose_language("el", {"LANG": "es_ES.UTF-8"}) == "el"
    assert i18n.choose_language("fr", {"LANG": "es_ES.UTF-8"}) == "es"


@pytest.mark.parametrize("count, expected", [
    (1, "Se ha escrito 1 registro de partida en f.csv."), (2, "Se han escrito 2 registros de partidas en f.csv."),
    (0, "Se han escrito 0 registros de partidas en f.csv."),
])
def test_plural_forms_come_from_the_catalog(language, count, expected):
    language("es")
    text = i18n.ngettext("Wrote {count} game record to {file}.", "Wrote {count} game records to {file}.", count)
    assert text.format(count=count, file="f.csv") == expected


def test_klondike_stats_export_says_one_record_in_the_singular(tmp_path):
    env = {"SOLITAIRE_KLONDIKE_DATA": str(tmp_path / "data"), "PATH": "", "LANG": "el_GR.UTF-8"}
    store = open_store(tmp_path / "data")
    game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
    store.game_started(game)
    game.push_text("S")
    store.action_done(game)
    store.game_left(game)
    store.close()
    out = tmp_path / "one.csv"
    result = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "stats", "--export", str(out)],
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"Γράφτηκε 1 εγγραφή παρτίδας στο {out}.\n"
    env["LANG"], out = "C", tmp_path / "two.csv"
    result = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "stats", "--export", str(out)],
                            env=env, capture_output=True, text=True)
    assert result.stdout == f"Wrote 1 game record to {out}.\n"


def test_the_built_in_plugins_carry_their_own_words(language):
    """Their names left the game's catalog: each plugin's own catalog translates it (R3)."""
    game_words = {e.msgid for e in polib.pofile(str(ROOT / "locales" / "game.pot"))}
    plugins = load_plugins()
    variants = {token: info.variant for kind in ("draw", "scoring") for token, info in plugins.variants(kind).items()}
    assert not {v.name for v in variants.values() if v} & game_words
    language("el")
    assert variants["D1"].translated_name() == "Κλήρωση 1" and variants["V"].translated_name() == "Vegas"
    assert variant_text(plugins, "D3N") == "Κλήρωση 3 · Normal"
    language("it")
    assert variant_text(plugins, "D1N") == "Pesca 1 · Normale"
    assert variants["D3"].translated_description().startswith("Difficile")


def test_numbers_follow_the_language(language):
    language("es")
    assert percent_text(0.5) == "50\xa0%"
    language("en")
    assert percent_text(0.5) == "50%"


@pytest.mark.parametrize("seconds, expected", [
    (75.6, "1:16"), (75.5, "1:16"), (75.4, "1:15"), (59.6, "1:00"), (3599.5, "1:00:00"), (3725, "1:02:05"),
])
def test_a_duration_reads_to_the_nearest_second(seconds, expected):
    assert duration_text(seconds) == expected


def test_the_statistics_window_and_klondike_stats_write_a_game_the_same_way(language):
    """75.6 s once read 1:16 in the terminal and 1:15 in the window; scores come from the scoring plugin."""
    plugins = load_plugins()
    numbers = {"played": 1, "won": 1, "win_rate": 1.0, "current_streak": 1, "longest_streak": 1,
               "best_score": 208, "fastest_win_seconds": 75.6, "fewest_moves_win": 90, "balance": 208}
    stats = {"D1VC": numbers, "total": numbers}   # Cumulative Vegas: a balance
    table = stats_table(stats, plugins)
    cells = stats_panel(stats, plugins, False).rows[1][0].cells
    assert "1:16" in table and "1:16" in cells[1] and "+$208" in table and cells[1].count("+$208") == 2
    assert score_text(plugins, "D1V", -52) == "-$52" and score_text(plugins, "D1X", 7) == "7"


@pytest.mark.parametrize("lang", ["ca", "el", "es", "it"])
def test_every_shipped_variant_is_translated(lang):
    """Issue 14: each built-in draw and scoring plugin's name and description, in its own catalog."""
    plugins = load_plugins()
    for kind in ("draw", "scoring"):
        for info in plugins.variants(kind).values():
            assert info.variant is not None
            [po] = (ROOT / "plugins" / info.name / "locales" / lang / "LC_MESSAGES").glob("*.po")
            words = {e.msgid: e.msgstr for e in polib.pofile(str(po)) if e.translated()}
            assert words.get(info.variant.name) and words.get(info.variant.description), (info.name, lang)
