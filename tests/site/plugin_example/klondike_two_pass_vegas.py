"""Cumulative Vegas with two passes: dollars as in Vegas that carry from game to game, and the
waste may turn back once."""

from solitaire_klondike.core import Action, Variant, hookimpl


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "V2", "Cumulative Vegas, two passes",
                   "Dollars that carry from game to game, and the waste turns back once", carries_score=True)


@hookimpl
def klondike_recycle_limit() -> int:
    return 1


@hookimpl
def klondike_initial_score() -> int:
    return -52


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    return score + 5 if action.move.target_kind == "foundation" else score


@hookimpl
def klondike_format_score(score: int) -> str:
    return f"{score} dollars"
