"""Engine speed: random legal games through the public API, and the search path.

Run: ``python benchmarks/bench_engine.py``.  Aims on one core: 30,000 actions/s through
the public API, 200,000 make/unmake pairs/s and 50,000 move generations/s on the search path.
"""

import random
import time

from solitaire_klondike.core import Game, GameCode, load_plugins

GAMES = 200
ACTIONS_PER_GAME = 300


def random_games(plugins, rng: random.Random) -> tuple[int, float, float, list]:
    """Play random legal games through the public API; keep positions for the search path.

    Returns the actions played, the seconds spent in ``push`` alone, the seconds of the
    whole loop (``legal_moves`` + choice + ``push``), and sample positions.
    """
    actions, in_push, in_loop, positions = 0, 0.0, 0.0, []
    clock = time.perf_counter
    for n in range(GAMES):
        game = Game(GameCode.random(rng.choice(["D1", "D3"]), rng.choice(["N", "V"]), rng), plugins)
        for _ in range(ACTIONS_PER_GAME):
            start = clock()
            moves = game.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            pushed = clock()
            game.push(move)
            end = clock()
            in_push += end - pushed
            in_loop += end - start
            actions += 1
            if n % 4 == 0 and actions % 25 == 0:
                positions.append(game.search_position())
    return actions, in_push, in_loop, positions


def make_unmake(positions: list) -> tuple[int, float]:
    work = [(p, p.legal_moves()) for p in positions]
    pairs, start = 0, time.perf_counter()
    for _ in range(20):
        for position, moves in work:
            for move in moves:
                undo = position.make(move)
                position.unmake(move, undo)
            pairs += len(moves)
    return pairs, time.perf_counter() - start


def generations(positions: list) -> tuple[int, float]:
    count, start = 0, time.perf_counter()
    for _ in range(20):
        for position in positions:
            position.legal_moves()
            count += 1
    return count, time.perf_counter() - start


def best_of(runs: int, measure) -> tuple[int, float]:
    """The fastest of several runs, so that a busy machine disturbs the figure less."""
    return min((measure() for _ in range(runs)), key=lambda r: r[1] / r[0])


def main() -> None:
    plugins = load_plugins()
    positions = random_games(plugins, random.Random(2026))[3]
    actions, seconds = best_of(3, lambda: random_games(plugins, random.Random(2026))[:2])
    print(f"public API: {actions:,} actions (push) in {seconds:.2f} s"
          f" = {actions / seconds:,.0f} actions/s (aim 30,000)")
    actions, seconds = best_of(3, lambda: random_games(plugins, random.Random(2026))[::2][:2])
    print(f"public API: {actions:,} actions with legal_moves and a random choice each = {actions / seconds:,.0f} /s")
    pairs, seconds = best_of(5, lambda: make_unmake(positions))
    print(f"search path: {pairs:,} make/unmake pairs in {seconds:.2f} s = {pairs / seconds:,.0f} pairs/s (aim 200,000)")
    count, seconds = best_of(5, lambda: generations(positions))
    print(f"search path: {count:,} move generations in {seconds:.2f} s"
          f" = {count / seconds:,.0f} generations/s (aim 50,000)")


if __name__ == "__main__":
    main()
