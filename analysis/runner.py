"""Solving deals on every local core or on a Dask cluster; both yield :class:`~.journal.Row` values.

A worker asks the solver through the public :meth:`Game.solve`, never the solver module, and
replays every winning line through a fresh public :class:`Game` before reporting it.
"""

import multiprocessing
import os
import queue
import signal
from collections.abc import Iterable, Iterator, Sequence

from solitaire_klondike.core import Game, Move, PluginError, Plugins, Position, Verdict, load_plugins

from .grades import GRADES, LineError, LineShape, easier_pass_limits, grade, line_shape
from .journal import Row

EXTRA_MISSING = 'the Dask extra is not installed; install it with: pip install "solitaire-klondike[cluster]"'
_loaded: dict[tuple[str, ...], Plugins] = {}


class RunError(RuntimeError):
    """The run cannot go on (no scheduler, a line that does not replay); the message says why."""


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def solve_deal(variant: str, deal: int, budget: float, blocked: tuple[str, ...] = ()) -> Row:
    """Solve one deal of ``variant`` (``"D1N"``) and grade it by the easiest line found (see
    :mod:`.grades`); the plugins are loaded once per process.  ``states`` and ``seconds`` count
    every search made."""
    plugins = _loaded.get(blocked)
    if plugins is None:
        plugins = _loaded[blocked] = load_plugins(blocked)
    code = plugins.parse_code(f"KL1-{variant}-AAAAAAA").with_deal(deal)
    game = Game(code, plugins)
    verdict = _solve(game, budget, None)
    states, seconds = int(verdict.states), float(verdict.seconds)
    if verdict.verdict != "winnable":
        return Row(deal, str(code), verdict.verdict, None, states, round(seconds, 3), None)
    shape = _replayed(game, verdict)
    found = grade(verdict.found_after or states, shape)
    for limit in easier_pass_limits(shape, found):
        position = game.search_position()
        position.recycle_limit = limit
        again = _solve(game, budget, position)
        states, seconds = states + int(again.states), seconds + float(again.seconds)
        if again.verdict == "winnable":
            other = _replayed(game, again)
            easier = grade(again.found_after or again.states, other)
            if GRADES.index(easier) < GRADES.index(found):
                found, shape = easier, other
            break
    return Row(deal, str(code), "winnable", shape.moves, states, round(seconds, 3), found)


def _solve(game: Game, budget: float, position: Position | None) -> Verdict:
    try:
        return game.solve(budget=budget, position=position)
    except PluginError as exc:
        raise RunError(f"the solver failed on {game.code}: {exc}") from None


def _replayed(game: Game, verdict: Verdict) -> LineShape:
    try:
        return line_shape(game.code, game.plugins, [Move.parse(str(move)) for move in verdict.moves])
    except (LineError, ValueError) as exc:
        raise RunError(f"the solver's winning line for {game.code} does not replay ({exc}); "
                       "nothing was written for it") from exc


def run_local(variant: str, deals: Iterable[int], budget: float, workers: int, blocked: Sequence[str]) -> Iterator[Row]:
    """Rows as they finish, solved by ``workers`` processes (in this process when 1).

    Deals are handed out a few at a time, so that a list of billions never sits in memory.
    """
    jobs = ((variant, deal, budget, tuple(blocked)) for deal in deals)
    if workers == 1:
        yield from (solve_deal(*job) for job in jobs)
        return
    finished: queue.SimpleQueue[Row | BaseException] = queue.SimpleQueue()
    pool = multiprocessing.Pool(workers, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))

    def hand_out() -> bool:
        job = next(jobs, None)
        if job is not None:
            pool.apply_async(solve_deal, job, callback=finished.put, error_callback=finished.put)
        return job is not None

    try:
        running = sum(hand_out() for _ in range(2 * workers))
        while running:
            try:
                result = finished.get(timeout=0.2)
            except queue.Empty:
                continue
            if isinstance(result, BaseException):
                raise result
            running += hand_out() - 1
            yield result
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def run_dask(address: str, variant: str, deals: Iterable[int], budget: float, blocked: Sequence[str]) -> Iterator[Row]:
    """Rows as they finish on the Dask cluster at ``address``, keeping every worker thread busy."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RunError(EXTRA_MISSING) from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise RunError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        threads = sum(client.nthreads().values())
        if not threads:
            raise RunError(f"the Dask scheduler at {address} has no workers")
        pending = iter(deals)
        first = [client.submit(solve_deal, variant, deal, budget, tuple(blocked), pure=False)
                 for _, deal in zip(range(2 * threads), pending)]
        finished = as_completed(first)
        for future in finished:
            row = future.result()
            deal = next(pending, None)
            if deal is not None:
                finished.add(client.submit(solve_deal, variant, deal, budget, tuple(blocked), pure=False))
            yield row
    finally:
        client.close()
