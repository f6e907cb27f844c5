"""The Plugins page: its hook reference follows the hookspecs in every language, its example plugins work."""
import html
import importlib.util
import re

import polib
import pytest
from hook_reference import TYPES, hook_functions, reference, signature, type_heading, types_reference
from md_messages import CODE_ONLY
from mdpo.md2po import markdown_to_pofile
from site_paths import HTML_OUT, LANGUAGES, LOCALES, ROOT

from solitaire_klondike.core import Game, IllegalMoveError, hookspecs, load_plugins

HOOKS = hook_functions()
TWO_PASS_VEGAS = ROOT / "tests" / "site" / "plugin_example" / "klondike_two_pass_vegas.py"
DRAW_TWO = ROOT / "tests" / "plugin_dists" / "draw_two" / "klondike_draw_two" / "__init__.py"


def heading_texts(lang):
    """Each h3 id of the built Plugins page, with its text."""
    path = HTML_OUT / ("" if lang == "en" else lang) / "plugins" / "index.html"
    found = re.findall(r'<h3 id="([\w-]+)">(.*?)</h3>', path.read_text(encoding="utf-8"))
    return {ident: html.unescape(re.sub(r"<[^>]+>", "", text)).replace("¶", "").strip() for ident, text in found}


def test_the_reference_covers_every_hook_the_plugin_manager_knows():
    assert [f.__name__ for f in HOOKS] != []
    assert {f.__name__ for f in HOOKS} == {name for name in dir(hookspecs) if name.startswith("klondike_")}


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_every_hook_has_its_signature_as_a_heading(build_result, lang):
    assert build_result.returncode == 0
    headings = heading_texts(lang)
    assert {f.__name__: headings.get(f.__name__) for f in HOOKS} == {f.__name__: signature(f) for f in HOOKS}
    assert [headings.get(cls.__name__.lower()) for cls in TYPES] == [type_heading(cls) for cls in TYPES]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogs_translate_the_current_docstrings(lang):
    catalog = polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "site.po"))
    translated = {entry.msgid for entry in catalog.translated_entries() if not entry.obsolete}
    current = [entry.msgid for entry in markdown_to_pofile(reference() + "\n\n" + types_reference(), wrapwidth=0)
               if not CODE_ONLY.fullmatch(entry.msgid)]
    assert len(current) > len(HOOKS)
    assert [text for text in current if text not in translated] == []


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_the_page_shows_the_tested_draw_two_plugin(build_result, lang):
    path = HTML_OUT / ("" if lang == "en" else lang) / "plugins" / "index.html"
    text = html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8")))
    assert DRAW_TWO.read_text(encoding="utf-8").strip() in text
    # the plugin as the New Game window shows it, from the plugin's own catalog in the page's language
    shown = {"en": "Draw 2: Each tap on the stock turns two cards", "ca": "Robar 2: Cada toc a la pila de robatori",
             "el": "Κλήρωση 2: Κάθε πάτημα", "es": "Robo de 2: Cada toque en el mazo", "it": "Pesca 2: Ogni tocco"}
    assert shown[lang] in text


def test_the_two_pass_vegas_example_plays_as_the_page_says():
    spec = importlib.util.spec_from_file_location("klondike_two_pass_vegas", TWO_PASS_VEGAS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plugins = load_plugins()
    assert plugins.add(module, "two-pass-vegas").loaded
    game = Game.from_text("KL1-D3V2-AAAAAAG", plugins)
    assert game.score_text == "-52 dollars"
    game.push_text("T1-F")
    assert game.score_text == "-47 dollars"
    for _ in range(2):  # two passes: one recycle, then the empty stock refuses
        while game.position.stock:
            game.push_text("S")
        if game.position.recycles < 1:
            game.push_text("S")
    with pytest.raises(IllegalMoveError, match="turned back 1 time"):
        game.push_text("S")
