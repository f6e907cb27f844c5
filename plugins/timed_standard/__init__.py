"""Timed Standard: Windows Solitaire's Standard scoring with the Timed game option, as its
help text states it (the site's Rules page cites it).

Points from 0, never below 0: +10 a card onto a foundation, +5 a waste card onto a column,
+5 a hidden card turned, -15 a card taken back from a foundation; with draw one every pass
through the stock after the first costs 100, with more cards every pass after the third costs
20.  Time: every 10 seconds of play, 2 points off the score as it stands (never below 0, so
time spent at 0 costs nothing); a game won in more than 30 seconds earns 700,000 / seconds
(whole points) more.
"""

from solitaire_klondike.core import NO_LIMIT, Action, Catalog, Variant, hookimpl

FOUNDATION_CARD = 10
WASTE_TO_COLUMN = 5
TURNED_CARD = 5
BACK_FROM_FOUNDATION = -15
DRAW_ONE_PASS = -100            # every pass after the first, with draw one
DRAW_MORE_PASS = -20            # every pass after the third, with draw three (or more)
FREE_PASSES_DRAWING_MORE = 3
PENALTY, PENALTY_SECONDS = 2, 10
BONUS, BONUS_AFTER_SECONDS = 700_000, 30

WORDS = Catalog.beside(__file__, "timed_standard")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "TS", "Timed Standard",
                   "Windows points against the clock: 2 off every 10 seconds, a bonus for a quick win", words=WORDS)


@hookimpl
def klondike_recycle_limit() -> int:
    return NO_LIMIT


@hookimpl
def klondike_initial_score() -> int:
    return 0


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    return max(0, score + _points(action))


def _points(action: Action) -> int:
    move = action.move
    if action.kind == "recycle":
        if action.draw_count == 1:
            return DRAW_ONE_PASS
        return DRAW_MORE_PASS if action.recycles >= FREE_PASSES_DRAWING_MORE else 0
    if action.kind == "draw":
        return 0
    points = TURNED_CARD if action.turned else 0
    if move.target_kind == "foundation":
        return points + FOUNDATION_CARD
    if move.source_kind == "waste":
        return points + WASTE_TO_COLUMN
    if move.source_kind == "foundation":
        return points + BACK_FROM_FOUNDATION
    return points


@hookimpl
def klondike_timed_score(score: int, seconds: int, won: bool) -> int:
    if won:
        return score + BONUS // seconds if seconds > BONUS_AFTER_SECONDS else score
    if seconds % PENALTY_SECONDS == 0:
        return max(0, score - PENALTY)
    return score


@hookimpl
def klondike_format_score(score: int) -> str:
    return str(score)
