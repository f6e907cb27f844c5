"""Asking the solver: the verdict it returns, checked before anyone believes it.

The search itself is a plugin's (``klondike_solve``); the core only asks the hook and checks
the answer: a winning line must replay to a win, a best move must be legal.
"""

from collections.abc import Callable
from typing import NamedTuple

from .legality import why_illegal
from .moves import InvalidMoveError, Move
from .plugin_manager import GameHooks, PluginError, Plugins
from .position import Position

WINNABLE, UNWINNABLE, UNDECIDED = "winnable", "unwinnable", "undecided"
VERDICTS = (WINNABLE, UNWINNABLE, UNDECIDED)


class Verdict(NamedTuple):
    """What ``klondike_solve`` answers about a position.

    ``verdict`` is ``"winnable"``, ``"unwinnable"`` (a search that left out nothing a win could
    need found none) or ``"undecided"`` (the budget ran out, or the caller cancelled).  ``moves`` is
    the winning line from the position, in play order, when winnable (empty otherwise); ``best``
    is the most promising first move found when undecided, or ``None``; ``states`` counts the
    positions searched and ``seconds`` the time taken.  ``found_after`` counts the positions the
    search that found the winning line had searched when it found it (a solver that runs several
    searches side by side counts only that one's; 0 when not told): how hard the win was to find.
    """

    verdict: str
    moves: tuple[Move, ...] = ()
    best: Move | None = None
    states: int = 0
    seconds: float = 0.0
    found_after: int = 0

    @property
    def next_move(self) -> Move | None:
        """The move to play now: the line's first when winnable, else the unproven best."""
        return self.moves[0] if self.moves else self.best


def never_cancel() -> bool:
    return False


def solve_position(plugins: Plugins, position: Position, budget: float,
                   cancel: Callable[[], bool] = never_cancel) -> Verdict:
    """Ask the plugins that take part in every game (no variant) to solve ``position``.

    The position's own draw count and recycle limit are the rules searched.  Raises
    :class:`PluginError` when no plugin answers or the answer does not hold.
    """
    hooks = GameHooks(plugins, [i.plugin for i in plugins.infos if i.loaded and i.variant])
    return ask_solver(hooks, position, budget, cancel)


def ask_solver(hooks: GameHooks, position: Position, budget: float, cancel: Callable[[], bool]) -> Verdict:
    verdict = hooks.call("klondike_solve", Verdict, position=position.copy(), budget=float(budget), cancel=cancel)
    check_verdict(position, verdict)
    return verdict


def check_verdict(position: Position, verdict: Verdict) -> None:
    """Raise :class:`PluginError` unless the verdict is one of the three and its moves hold."""
    if verdict.verdict not in VERDICTS:
        raise PluginError(f"klondike_solve answered {verdict.verdict!r}, not one of {', '.join(VERDICTS)}")
    if not (type(verdict.found_after) is int and 0 <= verdict.found_after <= verdict.states):
        raise PluginError(f"klondike_solve's found_after {verdict.found_after!r} is not a count of at most its states")
    if verdict.verdict == WINNABLE:
        trial = position.copy()
        for number, answered in enumerate(verdict.moves, start=1):
            move = _move(answered, f"move {number} of its winning line")
            reason = why_illegal(trial, move)
            if reason is not None:
                raise PluginError(f"klondike_solve's winning line breaks at move {number} ({move}): {reason}")
            trial.make(move)
        if not trial.is_won():
            raise PluginError("klondike_solve's winning line does not win")
    elif verdict.moves:
        raise PluginError(f"klondike_solve gave moves with the verdict {verdict.verdict!r}")
    if verdict.best is not None and why_illegal(position, _move(verdict.best, "best move")) is not None:
        raise PluginError(f"klondike_solve's best move {verdict.best} is illegal here")


def _move(answered: object, what: str) -> Move:
    """A move the plugin answered, which has to be one of the notation."""
    try:
        return Move.checked(answered)
    except InvalidMoveError as exc:
        raise PluginError(f"klondike_solve's {what} is not a move: {exc}") from exc
