"""Move-generation counts ("perft", as chess engines call them) for named deals and variants.

Run: ``python benchmarks/perft.py`` prints the counts and how fast they came;
``python benchmarks/perft.py --write`` rewrites ``tests/data/perft.txt``, which a test replays.
A count is the number of move sequences of that length from the position, every legal move
tried (``Position.legal_moves``, ``make``, ``unmake``): any change to move generation or to
make/unmake that plays differently changes a count.
"""

import sys
import time
from pathlib import Path

from solitaire_klondike.core import Game, Position, load_plugins

DATA = Path(__file__).parents[1] / "tests" / "data" / "perft.txt"
DEPTH = 6
# (name, code, moves played first): each variant from the deal, and a few positions of play
CASES = [
    ("deal H, draw one, Normal", "KL1-D1N-AAAAAAH", ""),
    ("deal K, draw three, Normal", "KL1-D3N-AAAAAAK", ""),
    ("deal Y, draw three, Vegas", "KL1-D3V-AAAAAAY", ""),
    ("deal F, draw one, Vegas, the stock gone through once", "KL1-D1V-AAAAAAF", "S " * 24),
    ("deal K, draw three, Normal, after a recycle and a draw", "KL1-D3N-AAAAAAK", "S " * 10),
    ("deal G, draw one, Normal, two aces on their foundations", "KL1-D1N-AAAAAAG", "T1-F T7-F S S S S S"),
]


def perft(position: Position, depth: int) -> int:
    """How many sequences of ``depth`` legal moves start from ``position``."""
    if depth == 0:
        return 1
    count = 0
    for move in position.legal_moves():
        undo = position.make(move)
        count += perft(position, depth - 1)
        position.unmake(move, undo)
    return count


def starting_position(code: str, moves: str) -> Position:
    game = Game.from_text(code, load_plugins())
    for text in moves.split():
        game.push_text(text)
    return game.search_position()


def main(write: bool) -> None:
    lines = [
        "# Move-generation counts: for each position, perft N is the number of sequences of N legal",
        "# moves from it (stock taps included), counted on the search path (legal_moves, make, unmake).",
        "# Written by `python benchmarks/perft.py --write` from the deals named; checked by",
        "# tests/core/test_position_text.py. Positions are in the position notation (core/notation.py).",
    ]
    nodes, start = 0, time.perf_counter()
    for name, code, moves in CASES:
        position = starting_position(code, moves)
        lines += ["", f"id {name}: {code}{' after ' + ' '.join(moves.split()) if moves else ''}",
                  f"position {position.to_text()}"]
        for depth in range(1, DEPTH + 1):
            count = perft(position, depth)
            nodes += count
            lines.append(f"perft {depth} {count}")
    seconds = time.perf_counter() - start
    if write:
        DATA.write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        print("\n".join(lines))
    print(f"{nodes:,} leaf positions in {seconds:.2f} s = {nodes / seconds:,.0f} /s", file=sys.stderr)


if __name__ == "__main__":
    main("--write" in sys.argv[1:])
