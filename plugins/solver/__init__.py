"""The built-in solver: answers ``klondike_solve`` with a search that is never wrong (see ``search``)."""

from collections.abc import Callable

from solitaire_klondike.core import Position, Verdict, hookimpl

from .search import solve


@hookimpl
def klondike_solve(position: Position, budget: float, cancel: Callable[[], bool]) -> Verdict:
    return solve(position, budget, cancel)
