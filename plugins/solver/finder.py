"""A best-first search for a win: it looks at the most advanced position first.

It only finds; it proves nothing when it fails (its board leaves out moves that rarely win), so
``search`` runs the depth-first proof beside it.  A position counts as searched when its moves are
looked at.  Its table holds the positions already queued and is never emptied: when it is full the
finder gives up and leaves the rest to the proof.
"""

import heapq
from collections.abc import Generator
from typing import Protocol

from solitaire_klondike.core import Position

from .moves import Board, Child

CHECK_EVERY = 32  # positions between two looks at the clock
PASS_COST = 20    # in the score, a pass through the talon against a card on a foundation (2) or turned (4)
Line = tuple[Child, "Line"] | None  # the moves that led to a position, last first
Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


class Counter(Protocol):
    def seen(self, progress: int, first: Child) -> None: ...


def best_first(counter: Counter, board: Board, entries: int) -> Generator[None, None, list[Child] | None]:
    """The winning line, or ``None`` when the moves it tries (or its table) run out; yields now and then."""
    p = board.p
    hidden_at_start = sum(p.hidden)
    table = {board.key(): board.place()}
    queue: list[tuple[int, int, Snapshot, Line, Child | None]] = [(0, 0, _snapshot(p), None, None)]
    count = expanded = 0
    while queue and len(table) < entries:
        _, _, snapshot, line, first = heapq.heappop(queue)
        _restore(p, snapshot)
        if first is not None:
            counter.seen(board.progress(hidden_at_start), first)
        for child in board.children():
            undo = board.play(child)
            if sum(p.foundations) == 52:
                return _unwound((child, line))
            key = board.key()
            places = table.get(key, 0)
            if not places & board.reached_from():
                table[key] = places | board.place()
                count += 1
                heapq.heappush(queue, (_score(p), -count, _snapshot(p), (child, line), first or child))
            board.take_back(child, undo)
        expanded += 1
        if expanded % CHECK_EVERY == 0:
            yield
    return None


def _score(p: Position) -> int:
    """Lower first: few hidden cards, many cards on the foundations, few left in the talon, few
    passes through it (a line a player can follow)."""
    return 4 * sum(p.hidden) - 2 * sum(p.foundations) + len(p.stock) + len(p.waste) + PASS_COST * p.recycles


def _snapshot(p: Position) -> Snapshot:
    return (tuple(map(tuple, p.tableau)), tuple(p.hidden), tuple(p.foundations), tuple(p.waste), tuple(p.stock),
            p.recycles)


def _restore(p: Position, snapshot: Snapshot) -> None:
    tableau, hidden, foundations, waste, stock, p.recycles = snapshot
    p.tableau = [list(c) for c in tableau]
    p.hidden, p.foundations, p.waste, p.stock = list(hidden), list(foundations), list(waste), list(stock)


def _unwound(line: Line) -> list[Child]:
    moves = []
    while line is not None:
        moves.append(line[0])
        line = line[1]
    return moves[::-1]
