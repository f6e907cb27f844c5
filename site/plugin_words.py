"""The Plugins page shows the draw-two example as the New Game window does, in the page's language:
its name and description from the plugin's own catalogs, in English where it has no catalog."""

import importlib.util
import re
from pathlib import Path

import polib

MARKER = re.compile(r"^```plugin-words\n\s*```$", re.MULTILINE)  # translation adds a blank line
PLUGIN = Path(__file__).resolve().parents[1] / "tests" / "plugin_dists" / "draw_two" / "klondike_draw_two"


def _variant():  # the plugin's own declaration, so the page cannot drift from it
    spec = importlib.util.spec_from_file_location("klondike_draw_two", PLUGIN / "__init__.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.klondike_variant()


def insert_plugin_words(markdown: str, lang: str = "en") -> str:
    if not MARKER.search(markdown):
        return markdown
    variant = _variant()
    po = Path(variant.words.folder) / lang / "LC_MESSAGES" / f"{variant.words.domain}.po"
    words = {e.msgid: e.msgstr for e in polib.pofile(str(po)) if e.translated()} if po.exists() else {}
    shown = f"> **{words.get(variant.name, variant.name)}**: {words.get(variant.description, variant.description)}"
    return MARKER.sub(lambda _match: shown, markdown)
