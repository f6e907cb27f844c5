"""Grades of winnable deals: easy, medium, hard, expert.

A grade comes from two measures of the solver's proof of the win:

* the effort: how many positions the solver searched per move of its winning line.  A deal whose
  winning line the solver walks almost straight (few positions per move) has few dead ends; one where
  it searched tens of thousands of positions per move hides its win among many losing lines, which is
  what makes a deal hard for a player too;
* the shape of the winning line: how many times it turns the waste back into the stock (each pass is
  a whole stock's cards to remember) and whether it must take a card back off a foundation, a move
  most players never think of.

The thresholds split the winnable deals of the first analysed thousands roughly 40/30/20/10 from
easy to expert; they are fixed here so that a grade never changes once shipped.
"""

from dataclasses import dataclass

from solitaire_klondike.core import FOUNDATIONS, Game, GameCode, Move, Plugins

GRADES = ("easy", "medium", "hard", "expert")
# Positions searched per move of the line, at or below which a deal is easy, medium, hard.
EFFORT_LIMITS = (3.0, 30.0, 1000.0)
# Passes through the stock, at or below which a deal is easy, medium, hard (by shape).
PASS_LIMITS = (1, 3, 6)


class LineError(ValueError):
    """A line that does not win the deal it is said to win."""


@dataclass(frozen=True)
class LineShape:
    """What a winning line asks of a player: its length, its passes through the stock, its take-backs."""

    moves: int
    passes: int
    take_backs: int


def line_shape(code: GameCode, plugins: Plugins, line: list[Move]) -> LineShape:
    """Replay ``line`` on a fresh public game of ``code``; raise :class:`LineError` unless it wins."""
    game = Game(code, plugins)
    passes = 0
    for move in line:
        passes += game.push(move).kind == "recycle"
    if not game.is_won():
        raise LineError(f"the winning line for {code} replays without winning")
    return LineShape(len(line), passes, sum(move.source in FOUNDATIONS for move in line))


def grade(states: int, shape: LineShape) -> str:
    """The grade of a deal the solver won after searching ``states`` positions."""
    effort = states / max(shape.moves, 1)
    by_effort = sum(effort > limit for limit in EFFORT_LIMITS)
    by_shape = 3 if shape.take_backs else sum(shape.passes > limit for limit in PASS_LIMITS)
    return GRADES[max(by_effort, by_shape)]
