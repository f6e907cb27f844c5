"""Draw two: each tap on the stock turns two cards."""

from solitaire_klondike.core import Catalog, Variant, hookimpl

# The name and description in other languages: locales/<lang>/LC_MESSAGES/klondike_draw_two.po
WORDS = Catalog.beside(__file__, "klondike_draw_two")


@hookimpl
def klondike_variant() -> Variant:
    return Variant("draw", "D2", "Draw 2", "Each tap on the stock turns two cards", words=WORDS)


@hookimpl
def klondike_draw_count() -> int:
    return 2
