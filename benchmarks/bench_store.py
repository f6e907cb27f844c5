"""How long saving after an action takes: ``Store.action_done`` on a real file, with its fsync.

Run: ``python benchmarks/bench_store.py [ACTIONS]``. The save must feel instant: well under 5 ms.
"""

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from solitaire_klondike.core import Game, GameCode, load_plugins
from solitaire_klondike.player_data import open_store


def main(actions: int = 500) -> None:
    plugins = load_plugins()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder))
        game = Game(GameCode("D1", "N", 123456), plugins)
        store.game_started(game)
        timings: list[float] = []
        while len(timings) < actions:
            moves = game.legal_moves()
            if not moves or game.move_count >= 250:
                store.game_left(game)
                game = Game(GameCode("D1", "N", rng.randrange(10**9)), plugins)
                store.game_started(game)
                continue
            game.push(rng.choice(moves))
            start = time.perf_counter()
            store.action_done(game)
            timings.append((time.perf_counter() - start) * 1000)
        store.close()
    timings.sort()
    print(f"action_done over {actions} actions (games up to 250 moves): median {statistics.median(timings):.2f} ms, "
          f"95th percentile {timings[int(len(timings) * 0.95)]:.2f} ms, worst {timings[-1]:.2f} ms")


if __name__ == "__main__":
    main(*map(int, sys.argv[1:]))
