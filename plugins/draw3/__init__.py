"""Draw three ("Hard"): each tap on the stock turns three cards, the last on top (R13)."""

from solitaire_klondike.core import Catalog, Variant, hookimpl

WORDS = Catalog.beside(__file__, "draw3")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("draw", "D3", "Draw 3", "Hard: each tap turns three cards and only the top one plays", words=WORDS)


@hookimpl
def klondike_draw_count() -> int:
    return 3
