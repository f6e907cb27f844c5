"""A depth-first search over the search path: how fast it visits positions, and which deals it wins.

Run: ``python benchmarks/bench_search.py [VARIANT] [FIRST] [LAST]`` (default ``D1N 0 8``).  It prints,
for each deal, whether a win was found, the nodes visited per second and the winning moves; the won
games of ``tests/data/won_games.txt`` were found this way.  It never takes a card back from a
foundation, and prunes moves that only shuffle a column: a benchmark, not yet a solver.
"""

import sys
import time

from solitaire_klondike.core import (
    COLUMNS,
    FOUNDATION,
    FOUNDATIONS,
    WASTE,
    Game,
    GameCode,
    Move,
    Position,
    load_plugins,
)
from solitaire_klondike.core.cards import RANK, SUIT

NODE_LIMIT = 200_000


def cards_moved(p: Position, move: Move) -> int:
    column, target = p.tableau[move.source], p.tableau[move.target]
    return RANK[target[-1]] - RANK[column[-1]] if target else len(column) - p.hidden[move.source]


def worth_trying(p: Position, move: Move) -> bool:
    source, target = move
    if source in FOUNDATIONS:
        return False
    if source in COLUMNS and target in COLUMNS:
        n, column, hidden = cards_moved(p, move), p.tableau[source], p.hidden[source]
        if n == len(column) - hidden:
            return hidden > 0 or bool(p.tableau[target])
        below = column[-n - 1]
        return RANK[below] == p.foundations[SUIT[below]] + 1
    return True


def rank_move(p: Position, move: Move) -> int:
    source, target = move
    if target == FOUNDATION:
        return 0
    if source in COLUMNS:
        return 1 if p.hidden[source] else 3
    return 2 if source == WASTE else 4


def search(p: Position) -> tuple[list[Move] | None, int]:
    seen: set[tuple] = set()
    path: list[Move] = []
    nodes = 0

    def visit() -> bool:
        nonlocal nodes
        if p.is_won():
            return True
        nodes += 1
        key = p.key()[:5]
        if nodes > NODE_LIMIT or key in seen:
            return False
        seen.add(key)
        for move in sorted((m for m in p.legal_moves() if worth_trying(p, m)), key=lambda m: rank_move(p, m)):
            undo = p.make(move)
            path.append(move)
            if visit():
                return True
            path.pop()
            p.unmake(move, undo)
        return False

    sys.setrecursionlimit(20_000)
    return (path if visit() else None), nodes


def main(variant: str = "D1N", first: str = "0", last: str = "8") -> None:
    plugins = load_plugins()
    for deal in range(int(first), int(last)):
        code = GameCode(variant[:2], variant[2:], deal)
        start = time.perf_counter()
        moves, nodes = search(Game(code, plugins).search_position())
        seconds = time.perf_counter() - start
        print(f"{code}: {'won' if moves else 'no win found'}, {nodes:,} nodes, {nodes / seconds:,.0f} nodes/s")
        if moves:
            print("  " + " ".join(map(str, moves)))


if __name__ == "__main__":
    main(*sys.argv[1:])
