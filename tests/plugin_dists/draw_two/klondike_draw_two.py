"""Draw two: each tap on the stock turns two cards."""

from solitaire_klondike.core import Variant, hookimpl


@hookimpl
def klondike_variant() -> Variant:
    return Variant("draw", "D2", "Draw 2", "Each tap on the stock turns two cards")


@hookimpl
def klondike_draw_count() -> int:
    return 2
