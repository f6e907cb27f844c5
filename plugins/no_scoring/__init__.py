"""No scoring: no points at all, only whether the game is won; unlimited passes (R14)."""

from solitaire_klondike.core import NO_LIMIT, Action, Catalog, Variant, hookimpl

WORDS = Catalog.beside(__file__, "no_scoring")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "NS", "No scoring", "Just the cards: no points, only the win counts", words=WORDS)


@hookimpl
def klondike_recycle_limit() -> int:
    return NO_LIMIT


@hookimpl
def klondike_initial_score() -> int:
    return 0


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    return 0


@hookimpl
def klondike_format_score(score: int) -> str:
    return ""
