"""Draw one ("Easy"): each tap on the stock turns one card (R13)."""

from solitaire_klondike.core import Catalog, Variant, hookimpl

WORDS = Catalog.beside(__file__, "draw1")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("draw", "D1", "Draw 1", "Easy: each tap on the stock turns one card", words=WORDS)


@hookimpl
def klondike_draw_count() -> int:
    return 1
