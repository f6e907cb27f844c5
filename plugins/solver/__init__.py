"""The built-in solver: answers ``klondike_solve`` with a search that is never wrong (see ``search``)."""

from collections.abc import Callable

from solitaire_klondike.core import Position, Verdict, hookimpl


@hookimpl
def klondike_solve(position: Position, budget: float, cancel: Callable[[], bool]) -> Verdict:
    from .search import solve  # here: a program that never solves starts without the search

    return solve(position, budget, cancel)
