"""Normal scoring (R15): points from 0, never below 0, unlimited passes through the stock (R14)."""

from solitaire_klondike.core import NO_LIMIT, Action, Catalog, Variant, hookimpl

FOUNDATION_CARD = 10
WASTE_TO_COLUMN = 5
TURNED_CARD = 5
RECYCLE = -100

WORDS = Catalog.beside(__file__, "normal")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "N", "Normal", "Points for progress, unlimited passes through the stock", words=WORDS)


@hookimpl
def klondike_recycle_limit() -> int:
    return NO_LIMIT


@hookimpl
def klondike_initial_score() -> int:
    return 0


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    move = action.move
    if action.kind == "recycle":
        points = RECYCLE
    elif action.kind == "draw":
        points = 0
    elif move.target_kind == "foundation":
        points = FOUNDATION_CARD
    elif move.source_kind == "waste":
        points = WASTE_TO_COLUMN
    else:
        points = 0
    if action.turned:
        points += TURNED_CARD
    return max(0, score + points)


@hookimpl
def klondike_format_score(score: int) -> str:
    return str(score)
