"""A game as players and front ends see it: every action consults the game's plugins."""

from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

from .cards import KING, RANK, fits_on
from .codes import GameCode
from .deal import Layout
from .legality import Refusal, why_illegal
from .moves import IllegalMoveError, Move
from .piles import COLUMNS, FOUNDATION, FOUNDATIONS, STOCK, WASTE, Pile
from .plugin_manager import PluginError, Plugins
from .position import Position, Undo
from .solving import Verdict, ask_solver, never_cancel

UNDO_LIMIT = 100


class Action(NamedTuple):
    """What one action did, as the scoring hook sees it.

    ``move`` is the move played; ``kind`` is ``"draw"``, ``"recycle"`` (the waste turned back into
    the stock) or ``"move"``; ``cards`` is how many cards it drew, turned back or moved; ``turned``
    says whether it turned a hidden card face up (R12); ``recycles`` is how many times the waste has
    been turned back in this game, this action included; ``draw_count`` is how many cards a tap on
    the stock turns in this game.
    """

    move: Move
    kind: str
    cards: int
    turned: bool
    recycles: int = 0
    draw_count: int = 1


class _Done(NamedTuple):
    move: Move
    undo: Undo
    score_before: int   # the score just before the action, the time played until then counted
    second: int         # the whole play second it was played at


class Game:
    """One deal played with the plugins its code names.

    ``score`` is what the player sees and the statistics record: each action's ``klondike_score``
    and, for scoring that counts time, each whole second of ``play_seconds`` (paused whenever the
    game is not being played) and the win, through ``klondike_timed_score``, in the order they
    happened.  ``move_seconds`` holds the whole play second of each move of :attr:`history`.
    """

    def __init__(self, code: GameCode, plugins: Plugins) -> None:
        self.code = code
        self.plugins = plugins
        self._hooks = plugins.hooks_for(code)
        layout = self._hooks.call("klondike_deal", Layout, deal=code.deal)
        try:
            layout.check()
        except ValueError as exc:
            raise PluginError(f"klondike_deal returned a broken layout for deal {code.deal}: {exc}") from exc
        self.position = Position(layout, self._draw_count(), self._recycle_limit())
        self.score: int = self._hooks.call("klondike_initial_score", int)
        self.play_seconds = 0.0
        self._timed = self._hooks.implemented("klondike_timed_score")
        self.history: list[Move] = []
        self.move_seconds: list[int] = []
        self.undo_count = 0
        self._undo: deque[_Done] = deque(maxlen=UNDO_LIMIT)
        self._redo: list[Move] = []

    @classmethod
    def from_text(cls, code: str, plugins: Plugins) -> "Game":
        return cls(plugins.parse_code(code), plugins)

    def snapshot(self) -> dict[str, object]:
        """Everything needed to resume this game, as plain JSON-ready data."""
        return {
            "code": str(self.code),
            "moves": [str(m) for m in self.history],
            "redo": [str(m) for m in self.redo_moves],
            "undo_depth": self.undo_depth,
            "undos": self.undo_count,
            "seconds": self.play_seconds,
            "move_seconds": list(self.move_seconds),
        }

    @classmethod
    def from_snapshot(cls, data: dict[str, Any], plugins: Plugins) -> "Game":
        """Replay a :meth:`snapshot`; raise ``ValueError`` (or :class:`PluginError`) when it does not fit."""
        try:
            game = cls(plugins.parse_code(str(data["code"]), resuming=True), plugins)
            seconds = float(data.get("seconds", 0))
            if not 0 <= seconds < float("inf"):
                raise ValueError(f"the saved play time {seconds} is not a number of seconds")
            moves = list(data["moves"])
            at = [int(s) for s in data.get("move_seconds", [0] * len(moves))]   # older saves: every move at 0
            if len(at) != len(moves) or at != sorted(at) or (at and not 0 <= at[0] <= at[-1] <= seconds):
                raise ValueError("the saved moves' play seconds do not fit the moves and the play time")
            for text, second in zip(moves, at):
                game._run_clock(second)
                game.push_text(str(text))
            for text in data.get("redo", []):
                game.push_text(str(text))
            for _ in data.get("redo", []):
                game.undo()
            while game.undo_depth > int(data.get("undo_depth", UNDO_LIMIT)):
                game._undo.popleft()
            game.undo_count = int(data.get("undos", 0))
            game._run_clock(seconds)   # a won game's clock stopped within the second of its last move
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"the saved game is incomplete or malformed ({type(exc).__name__}: {exc})") from exc
        return game

    def restarted(self) -> "Game":
        """The same code dealt again from the start (R5)."""
        return Game(self.code, self.plugins)

    # --- state -----------------------------------------------------------------

    def add_play_time(self, seconds: float) -> bool:
        """Count ``seconds`` more of play; true when the score changed with the time.

        Front ends call this while the game is being played (its table on screen, the player able
        to act), never while it is hidden, minimised or covered by another window.  A won game's
        clock stands still.  ``klondike_timed_score`` is asked each time a whole second passes.
        """
        if self.is_won() or not 0 < seconds < float("inf"):
            return False
        before = self.score
        self._run_clock(self.play_seconds + seconds)
        return self.score != before

    def _run_clock(self, until: float) -> None:
        """Move the play clock on to ``until`` seconds, asking ``klondike_timed_score`` for each whole second."""
        start = int(self.play_seconds)
        self.play_seconds = max(self.play_seconds, until)
        self.score = self._ticked(self.score, start, int(self.play_seconds))

    def _ticked(self, score: int, start: int, end: int) -> int:
        """``score`` once the whole seconds after ``start`` up to ``end`` have passed."""
        if self._timed:
            for second in range(start + 1, end + 1):
                score = self._timed_score(score, second, won=False)
        return score

    def _timed_score(self, score: int, seconds: int, won: bool) -> int:
        timed = self._hooks.ask("klondike_timed_score", int, score=score, seconds=seconds, won=won)
        return score if timed is None else timed

    @property
    def score_text(self) -> str:
        return self._hooks.call("klondike_format_score", str, score=self.score)

    def format_score(self, score: int) -> str:
        return self._hooks.call("klondike_format_score", str, score=score)

    def is_won(self) -> bool:
        return self.position.is_won()

    @property
    def move_count(self) -> int:
        """Actions in the current line of play (undone ones are not counted)."""
        return len(self.history)

    def took_back_from_foundation(self) -> bool:
        return any(m.source in FOUNDATIONS for m in self.history)

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_moves(self) -> list[Move]:
        """Undone moves that :meth:`redo` would play again, the next one first."""
        return self._redo[::-1]

    @property
    def undo_depth(self) -> int:
        return len(self._undo)

    # --- rules -------------------------------------------------------------

    def why_illegal(self, move: Move, index: int | None = None) -> Refusal | None:
        """Why ``move`` is illegal now (a :class:`Refusal`), or ``None`` when it is legal.

        ``index`` asks about the card at that place of a column source (with those above it),
        or the card at that place of the waste or a foundation.  A pair that is not a move of
        the notation raises :class:`InvalidMoveError`.
        """
        return why_illegal(self.position, Move.checked(move), index)

    def is_legal(self, move: Move, index: int | None = None) -> bool:
        return self.why_illegal(move, index) is None

    def legal_moves(self) -> list[Move]:
        """The legal moves, the stock tap first (asks no plugin)."""
        return self.position.legal_moves()

    def search_position(self) -> Position:
        """A copy of the position for searching, with the draw count and recycle limit fixed."""
        return self.position.copy()

    def solve(self, budget: float, cancel: Callable[[], bool] = never_cancel,
              position: Position | None = None) -> Verdict:
        """Ask the ``klondike_solve`` hook whether the position can still be won, within ``budget`` seconds.

        ``position`` defaults to the one on the table; a front end that searches off its own thread
        passes a copy taken with :meth:`search_position` while the game stood still.  Raises
        :class:`PluginError` when no plugin answers or the answer does not hold.
        """
        return ask_solver(self._hooks, self.position if position is None else position, budget, cancel)

    # --- actions -------------------------------------------------------------

    def push(self, move: Move) -> Action:
        """Play ``move``; raise :class:`IllegalMoveError` (or :class:`InvalidMoveError` for a pair
        that is not a move) and change nothing when it is illegal."""
        action = self._apply(Move.checked(move))
        self._redo.clear()
        return action

    def push_text(self, text: str) -> Action:
        return self.push(Move.parse(text))

    def undo(self) -> Move | None:
        """Take back the last action, position and score exactly (R18); ``None`` when there is none."""
        if not self._undo:
            return None
        done = self._undo.pop()
        self.position.unmake(done.move, done.undo)
        self.score = self._ticked(done.score_before, done.second, int(self.play_seconds))  # time played stays played
        self.history.pop()
        self.move_seconds.pop()
        self._redo.append(done.move)
        self.undo_count += 1
        return done.move

    def redo(self) -> Move | None:
        """Play again the last undone action; ``None`` when there is none."""
        if not self._redo:
            return None
        move = self._redo[-1]
        self._apply(move)
        self._redo.pop()
        return move

    def _apply(self, move: Move) -> Action:
        refusal = why_illegal(self.position, move)  # a move of the notation: push checked it, redo's were played
        if refusal is not None:
            raise IllegalMoveError(move, refusal)
        position = self.position
        undo = position.make(move)
        kind = "move" if move.source != STOCK else "recycle" if undo.recycle else "draw"
        action = Action(move, kind, undo.cards, undo.turned, position.recycles, position.draw_count)
        second = int(self.play_seconds)
        try:
            score = self._hooks.call("klondike_score", int, score=self.score, action=action)
            if self._timed and position.is_won():
                score = self._timed_score(score, second, won=True)
        except PluginError:
            position.unmake(move, undo)
            raise
        self._undo.append(_Done(move, undo, self.score, second))
        self.score = score
        self.history.append(move)
        self.move_seconds.append(second)
        return action

    def _draw_count(self) -> int:
        count = self._hooks.call("klondike_draw_count", int)
        if count < 1:
            raise PluginError(f"klondike_draw_count answered {count}: a tap must draw at least one card")
        return count

    def _recycle_limit(self) -> int:
        limit = self._hooks.call("klondike_recycle_limit", int)
        if limit < -1:
            raise PluginError(f"klondike_recycle_limit answered {limit}: use a count, or NO_LIMIT (-1)")
        return limit

    # --- taps (R19) ------------------------------------------------------------

    def tap_move(self, pile: Pile) -> Move | None:
        """A single tap on the top of a column or the waste: its foundation, when legal."""
        if pile in COLUMNS or pile == WASTE:
            move = Move(pile, FOUNDATION)
            if self.position.top_card(pile) is not None and self.is_legal(move):
                return move
        return None

    def double_tap_move(self, pile: Pile, index: int | None = None) -> Move | None:
        """A double tap: the foundation if legal, else the fullest column the card fits (leftmost
        of equals), else for a king the leftmost empty column.

        ``index`` is the card's place in its column (default: the top card).
        """
        single = self.tap_move(pile) if index is None or self._is_top(pile, index) else None
        if single:
            return single
        card = self._tapped_card(pile, index)
        if card is None:
            return None
        tableau = self.position.tableau
        fitting = [d for d in COLUMNS if d != pile and tableau[d] and fits_on(card, tableau[d][-1])]
        if fitting:
            return Move(pile, max(fitting, key=lambda d: (len(tableau[d]), -d)))
        king_at_bottom = pile in COLUMNS and (index == 0 or (index is None and len(tableau[pile]) == 1))
        if RANK[card] == KING and not king_at_bottom:
            empty = [d for d in COLUMNS if d != pile and not tableau[d]]
            if empty:
                return Move(pile, empty[0])
        return None

    def _is_top(self, pile: Pile, index: int) -> bool:
        return pile not in COLUMNS or index == len(self.position.tableau[pile]) - 1

    def _tapped_card(self, pile: Pile, index: int | None) -> int | None:
        if pile == WASTE:
            return self.position.top_card(WASTE)
        if pile not in COLUMNS:
            return None
        column = self.position.tableau[pile]
        if not column:
            return None
        index = len(column) - 1 if index is None else index
        if not self.position.hidden[pile] <= index < len(column):
            return None
        return column[index]
