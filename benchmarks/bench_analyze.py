"""Deal analysis speed, and how fast a winnable deal is handed out.

Run: ``python benchmarks/bench_analyze.py [VARIANT] [DEALS] [BUDGET]`` (default ``D1N 0..59 2``).  It solves the
same deals four times, as ``klondike analyze`` does: one and two local processes, then a Dask cluster on loopback
with one and two single-thread worker processes.  It prints deals analysed per minute per core and the speed-up
from one worker to two; then the time to hand out a winnable deal of a chosen grade from the shipped list, as the
New Game window and ``klondike new --winnable`` do: the first time in a process (reading the shipped list included,
the game's modules already imported) and again once the list is read; then the same for a player whose data (a
real SQLite file) holds ``PLAYED`` games of the variant, none dealt again while the grade has others.  On a machine
shared with other work the speed-ups are lower than the cores promise.
"""

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from solitaire_klondike.analysis.journal import Row
from solitaire_klondike.analysis.runner import run_dask, run_local
from solitaire_klondike.analysis.shipped import graded_deals
from solitaire_klondike.analysis.spec import DealSpec
from solitaire_klondike.core import Game, load_plugins
from solitaire_klondike.frontends.pyglet.deal_choice import DealChoice, fresh_code
from solitaire_klondike.player_data.opening import open_store

COLD_PICK = ("import time; from solitaire_klondike.frontends.pyglet.deal_choice import DealChoice, fresh_code; "
             "t = time.perf_counter(); fresh_code('{draw}', '{scoring}', DealChoice(True, '{grade}')); "
             "print(time.perf_counter() - t)")
PLAYED = 500


def timed(label: str, workers: int, rows: Callable[[], Iterator[Row]], deals: int) -> float:
    """Solve the deals; print and answer the seconds it took."""
    start = time.perf_counter()
    verdicts = [row.verdict for row in rows()]
    seconds = time.perf_counter() - start
    assert len(verdicts) == deals
    per_core = deals / (seconds / 60) / workers
    print(f"{label:<24} {seconds:7.1f} s  {per_core:7.1f} deals/min/core  "
          f"({verdicts.count('winnable')} winnable, {verdicts.count('undecided')} undecided)")
    return seconds


def dask_timed(workers: int, variant: str, deals: list[int], budget: float) -> float:
    """The same on a Dask cluster of ``workers`` single-thread processes, started before the clock."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        return timed(f"Dask, {workers} worker(s)", workers, partial(run_dask, address, variant, deals, budget, ()),
                     len(deals))


def main(variant: str = "D1N", spec: str = "0..59", budget: str = "2") -> None:
    deals, seconds = list(DealSpec.parse(spec)), float(budget)
    print(f"{variant}, deals {spec} ({len(deals)}), budget {seconds:g} s per deal")
    local = [timed(f"local, {n} process(es)", n, partial(run_local, variant, deals, seconds, n, ()), len(deals))
             for n in (1, 2)]
    dask = [dask_timed(n, variant, deals, seconds) for n in (1, 2)]
    print(f"speed-up from 1 to 2 workers: local {local[0] / local[1]:.2f}x, Dask {dask[0] / dask[1]:.2f}x")
    for grade in ("easy", "expert"):
        script = COLD_PICK.format(draw=variant[:2], scoring=variant[2:], grade=grade)
        cold = [float(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                                     check=True).stdout) for _ in range(5)]
        shipped = graded_deals(variant)
        assert shipped is not None
        start = time.perf_counter()
        for _ in range(1000):
            shipped.pick(grade)
        warm = (time.perf_counter() - start) / 1000
        print(f"a winnable {grade} deal of {variant}: {min(cold) * 1000:.2f} ms the first time in a process "
              f"(reading the list; best of 5), {warm * 1e6:.1f} µs after")
    shipped = graded_deals(variant)
    assert shipped is not None
    with tempfile.TemporaryDirectory() as folder:
        store, plugins = open_store(Path(folder)), load_plugins()
        for deal in shipped.by_grade["medium"][:PLAYED]:
            game = Game(plugins.parse_code(f"KL1-{variant}-AAAAAAA").with_deal(deal), plugins)
            store.game_started(game)
            game.push(game.legal_moves()[0])
            store.action_done(game)
            store.game_left(game)
        start = time.perf_counter()
        for _ in range(100):
            fresh_code(variant[:2], variant[2:], DealChoice(True, "medium"), store.deals_met)
        print(f"the same for a player who played {PLAYED} medium deals: {(time.perf_counter() - start) * 10:.2f} ms "
              "(reading which deals were played included)")
        store.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
