"""Vegas, three passes: Vegas dollars (R16), but the waste may be turned back twice, so the
stock is gone through up to three times (the Windows option for draw three).  Each game on its
own (R17), as in Vegas."""

from solitaire_klondike.core import Action, Catalog, Variant, hookimpl
from solitaire_klondike.plugins import vegas

RECYCLES = 2

WORDS = Catalog.beside(__file__, "vegas3")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "V3", "Vegas, three passes",
                   "Dollars as in Vegas, and the stock may be gone through three times",
                   words=WORDS)


@hookimpl
def klondike_recycle_limit() -> int:
    return RECYCLES


@hookimpl
def klondike_initial_score() -> int:
    return vegas.STAKE


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    return vegas.klondike_score(score, action)


@hookimpl
def klondike_format_score(score: int) -> str:
    return vegas.klondike_format_score(score)
