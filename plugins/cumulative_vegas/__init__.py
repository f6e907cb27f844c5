"""Cumulative Vegas: each game is scored as in Vegas (R16, one pass), and the dollars carry
from game to game: the balance is the sum of every game's result."""

from solitaire_klondike.core import Action, Catalog, Variant, hookimpl
from solitaire_klondike.plugins import vegas

WORDS = Catalog.beside(__file__, "cumulative_vegas")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "VC", "Cumulative Vegas",
                   "Vegas dollars that carry from game to game: your balance goes on", words=WORDS, carries_score=True)


@hookimpl
def klondike_recycle_limit() -> int:
    return 0


@hookimpl
def klondike_initial_score() -> int:
    return vegas.STAKE


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    return vegas.klondike_score(score, action)


@hookimpl
def klondike_format_score(score: int) -> str:
    return vegas.klondike_format_score(score)
