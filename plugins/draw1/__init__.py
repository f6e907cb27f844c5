"""Draw one ("Easy"): each tap on the stock turns one card (R13)."""

from solitaire_klondike.core import Variant, hookimpl


@hookimpl
def klondike_variant() -> Variant:
    return Variant("draw", "D1", "Draw 1", "Easy: each tap on the stock turns one card")


@hookimpl
def klondike_draw_count() -> int:
    return 1
