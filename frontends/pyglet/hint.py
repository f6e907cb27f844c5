"""The Hint: the solver asked off the window's thread, and what it found in words (no pyglet here).

The window calls :meth:`Hinter.ask` when the player asks, :meth:`Hinter.poll` while a search runs
and :meth:`Hinter.cancel` on any action.  The search works on a copy of the position taken when
the player asked; an answer for a position no longer on the table is dropped.  A winning line is
kept, so asking again after following it answers at once with its next move.
"""

import threading
import time
from typing import TYPE_CHECKING, NamedTuple

from solitaire_klondike.core import (
    COLUMNS,
    FOUNDATION,
    STOCK,
    UNDECIDED,
    UNWINNABLE,
    WASTE,
    WINNABLE,
    Game,
    Move,
    PluginError,
    Position,
)
from solitaire_klondike.core.cards import RANK
from solitaire_klondike.frontends.i18n import _

from ..refusals import card_symbol

if TYPE_CHECKING:
    from .panels import Panel

BUDGET = 10.0         # seconds for the position on the table
BACK_BUDGET = 2.0     # for each earlier position, when looking for the last one that could be won
BACK_TOTAL = 15.0     # for all of them


class Answer(NamedTuple):
    """What a hint found: ``verdict`` is the solver's (or ``"failed"``); ``move`` the move to show
    (unproven when undecided); ``back`` how many undos reach the last position that could still be
    won (when unwinnable, and one was found within reach of undo)."""

    verdict: str
    move: Move | None = None
    back: int | None = None
    error: str = ""


class _Search:
    """One search on its own thread: the position on the table, then, if it is lost, earlier ones."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.position = game.search_position()
        self.key = self.position.key()
        self.history = list(game.history)
        self.reach = game.undo_depth
        self.stop = threading.Event()
        self.answer: Answer | None = None
        self.line: tuple[Move, ...] = ()
        self.line_keys: list[tuple[object, ...]] = []
        self.thread = threading.Thread(target=self._run, name="klondike-hint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            verdict = self.game.solve(BUDGET, self.stop.is_set, self.position.copy())
            if verdict.verdict == WINNABLE:
                self.line = verdict.moves
                self.line_keys = _keys_along(self.position, verdict.moves)
            back = self._last_winnable() if verdict.verdict == UNWINNABLE else None
            self.answer = Answer(verdict.verdict, verdict.next_move, back)
        except (PluginError, ValueError) as exc:   # a failing solver plugin: say so, never crash the game
            self.answer = Answer("failed", error=str(exc))

    def _last_winnable(self) -> int | None:
        """Undos back to the latest earlier position the solver proves winnable, if undo reaches one."""
        deadline = time.monotonic() + BACK_TOTAL
        for back in range(1, self.reach + 1):
            if self.stop.is_set() or time.monotonic() > deadline:
                return None
            earlier = Game(self.game.code, self.game.plugins)
            for move in self.history[:len(self.history) - back]:
                earlier.push(move)
            if earlier.solve(BACK_BUDGET, self.stop.is_set).verdict == WINNABLE:
                return back
        return None


def _keys_along(position: Position, moves: tuple[Move, ...]) -> list[tuple[object, ...]]:
    trial = position.copy()
    keys = [trial.key()]
    for move in moves[:-1]:
        trial.make(move)
        keys.append(trial.key())
    return keys


class Hinter:
    """The hint of one window: at most one search at a time, and the last winning line found."""

    def __init__(self) -> None:
        self.search: _Search | None = None
        self.line: tuple[Move, ...] = ()
        self.line_keys: list[tuple[object, ...]] = []

    @property
    def busy(self) -> bool:
        return self.search is not None

    def ask(self, game: Game) -> Answer | None:
        """The answer at once when the position lies on the last winning line; else start a
        search and answer ``None`` (then :meth:`poll`)."""
        key = game.position.key()
        if key in self.line_keys:
            return Answer(WINNABLE, self.line[self.line_keys.index(key)])
        self.cancel()
        self.search = _Search(game)
        return None

    def poll(self, game: Game) -> Answer | None:
        """The answer once the search is done and still about the position on the table."""
        search = self.search
        if search is None or search.thread.is_alive():
            return None
        self.search = None
        if search.key != game.position.key() or search.answer is None:
            return None
        if search.line:
            self.line, self.line_keys = search.line, search.line_keys
        return search.answer

    def cancel(self) -> None:
        """Stop the search (its answer will be dropped)."""
        if self.search:
            self.search.stop.set()
            self.search = None


def move_words(position: Position, move: Move) -> str:
    """The move as a player reads it: "move 7♥ onto 8♠", "tap the stock"."""
    if move.source == STOCK:
        return _("tap the stock") if position.stock else _("turn the waste back into the stock")
    card = position.top_card(move.source)
    if move.source in COLUMNS and move.target in COLUMNS:
        card = position.tableau[move.source][moved_from(position, move)]
    assert card is not None  # a legal move moves a card
    if move.target == FOUNDATION:
        return _("play {card} to its foundation").format(card=card_symbol(card))
    target = position.tableau[move.target]
    if move.source not in COLUMNS and move.source != WASTE:
        if target:
            return _("take {card} back from its foundation onto {onto}").format(
                card=card_symbol(card), onto=card_symbol(target[-1]))
        return _("take {card} back from its foundation to an empty column").format(card=card_symbol(card))
    if target:
        return _("move {card} onto {onto}").format(card=card_symbol(card), onto=card_symbol(target[-1]))
    return _("move {card} to an empty column").format(card=card_symbol(card))


def moved_from(position: Position, move: Move) -> int:
    """Where in its column the first card a column-to-column move takes stands (R7: the one that fits)."""
    column, target = position.tableau[move.source], position.tableau[move.target]
    if not target:
        return position.hidden[move.source]
    return len(column) - (RANK[target[-1]] - RANK[column[-1]])


def answer_words(position: Position, answer: Answer) -> str:
    """The status bar's sentence for an answer."""
    if answer.verdict == WINNABLE and answer.move:
        return _("Hint: {move}.").format(move=move_words(position, answer.move))
    if answer.verdict == UNDECIDED:
        if answer.move:
            return _("No winning line was found in time. The most promising move, unproven: {move}.").format(
                move=move_words(position, answer.move))
        return _("No winning line was found in time.")
    if answer.verdict == UNWINNABLE:
        if answer.back:
            return back_words(answer.back)
        return _("This game can no longer be won from here.")
    return _("The hint failed:") + " " + answer.error


def back_words(back: int) -> str:
    return _("This game can no longer be won from here. Undoing gets back to where it still could (actions to "
             "undo: {count}).").format(count=back)


def lost_panel(back: int) -> "Panel":
    """Said only when the player asked (R20): no win remains, and undo can reach where one did."""
    from .panels import Panel, Widget

    return Panel("lost", [
        [Widget("title", _("No win remains"))],
        [Widget("text", back_words(back))],
        [Widget("button", _("Undo back to there"), "undo_back"), Widget("button", _("Close"), "close")],
    ], default="undo_back")
