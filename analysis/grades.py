"""Grades of winnable deals: easy, medium, hard, expert.

A grade comes from the solver's proof of the win, measured three ways:

* the effort: positions the solver's search that found the winning line searched per play of that
  line (plays are the moves that are not taps on the stock; the positions the solver's other
  searches looked at meanwhile are left out, so the grade does not hang on how they share the
  time).  About 1 means the search walked straight to the win, never backing out of a dead end:
  the natural moves win.  Higher means the win hides among losing lines, which is what
  makes a deal hard for a player too;
* the passes: how many times the line turns the waste back into the stock.  Each pass is a whole
  stock of cards to remember, and a line that needs many of them wins only by careful play of the
  stock.  A pass of draw three reaches fewer of the stock's cards, and winning lines of draw three
  need about twice as many passes as those of draw one, so the limits grow with the draw count
  (twice as high for draw three).  Vegas allows no second pass, so only the effort and the
  take-backs count there;
* the take-backs: cards the line must take back off a foundation, a move few players think of.

A deal gets the hardest grade any of the three reaches, for the easiest line the analysis finds:
when the first line needs more passes than an easier grade allows, the deal is searched again with
only that many passes (see :func:`easier_pass_limits`), and the line found, if any, is graded too.

The limits were set on the first deals analysed so that each grade holds deals that differ as a
player feels it: easy deals are won by the natural moves (effort at most 1.1) in at most 4 passes
of draw one; expert ones need the solver to search more than 30 positions per play, two or more
take-backs, or more than 8 passes of draw one.  They are fixed here so that a grade never changes
once shipped, except to an easier one when a later analysis finds an easier line.
"""

from typing import NamedTuple

from solitaire_klondike.core import FOUNDATIONS, STOCK, Game, GameCode, Move, Plugins

GRADES = ("easy", "medium", "hard", "expert")
EFFORT_LIMITS = (1.1, 3.0, 30.0)   # positions per play, at most, for easy, medium, hard
PASS_LIMITS = (4, 6, 8)            # passes of draw one, at most, for easy, medium, hard
TAKE_BACK_GRADES = (0, 2, 3)       # the least grade for 0, 1, 2 or more take-backs


class LineError(ValueError):
    """A line that does not win the deal it is said to win."""


class LineShape(NamedTuple):
    """What a winning line asks of a player: its moves, its plays (moves off the stock), passes and take-backs."""

    moves: int
    plays: int
    passes: int
    take_backs: int
    draw_count: int = 1


def line_shape(code: GameCode, plugins: Plugins, line: list[Move]) -> LineShape:
    """Replay ``line`` on a fresh public game of ``code``; raise :class:`LineError` unless it wins."""
    game = Game(code, plugins)
    passes = 0
    for move in line:
        passes += game.push(move).kind == "recycle"
    if not game.is_won():
        raise LineError(f"the winning line for {code} replays without winning")
    plays = sum(move.source != STOCK for move in line)
    take_backs = sum(move.source in FOUNDATIONS for move in line)
    return LineShape(len(line), plays, passes, take_backs, game.position.draw_count)


def grade(states: int, shape: LineShape) -> str:
    """The grade of a line the solver found, its winning search having searched ``states`` positions."""
    effort = states / max(shape.plays, 1)
    by_effort = sum(effort > limit for limit in EFFORT_LIMITS)
    scale = 1 + (shape.draw_count - 1) / 2  # draw one 1, draw three 2
    by_passes = sum(shape.passes > limit * scale for limit in PASS_LIMITS)
    by_take_backs = TAKE_BACK_GRADES[min(shape.take_backs, len(TAKE_BACK_GRADES) - 1)]
    return GRADES[max(by_effort, by_passes, by_take_backs)]


def easier_pass_limits(shape: LineShape, found: str) -> list[int]:
    """The pass limits of the grades easier than ``found`` that ``shape``'s line goes over, easiest
    first: searching again within one of them may find a line of an easier grade."""
    scale = 1 + (shape.draw_count - 1) / 2
    return [int(limit * scale) for limit in PASS_LIMITS[:GRADES.index(found)] if shape.passes > limit * scale]
