"""The solver on a fixed list of deals: how many it decides, how fast, with how much memory.

Run: ``python benchmarks/bench_solver.py [--deals 200] [--variants D1N,D3N (none: "")] [--budget 10] [--hints 200]
[--hint-seeds 7,8]``.
The deals are ``DEALS`` below (the same on every run and machine).  For each variant it prints the
share decided within 1 s and within the budget (10 s), the median and 95th percentile time (an
undecided deal counts as the whole budget), states searched per second, and the peak memory of
the process that solved them.  Then the hint: positions from games in progress (deals played some
random moves in), the share decided within 1 s, for each seed of the random moves (200 positions each) and for
all of them together: one sample of 200 can miss the aim or meet it by luck (two seeds, one solver: 90.0 %
and 85.5 %).  Each variant and each seed runs in its own process; each position's
line goes to stderr as it is solved.  Last, per variant, the positions at the edge of the aim: the
undecided ones and those decided in the second half of the time it allows (1 s for a hint, the budget
for a deal), the ones a slower machine would lose first.

Aims (issue 10, one core): median under 0.1 s; at least 95 % of D1N and D3N deals decided within
10 s; memory bounded by the table size (default under 1 GB); a hint within 1 s for 9 positions in 10.
"""

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time

from solitaire_klondike.core import FOUNDATIONS, Game, GameCode, load_plugins
from solitaire_klondike.core.codes import DEAL_COUNT
from solitaire_klondike.plugins.solver import search

# 200 deal numbers spread over the whole range by a fixed multiplier (deal i is i * STEP + 12345).
STEP = 40_160_981
DEALS = [(i * STEP + 12345) % DEAL_COUNT for i in range(200)]


def solve_deals(variant: str, count: int, budget: float) -> dict:
    plugins = load_plugins()
    results = []
    for deal in DEALS[:count]:
        game = Game(GameCode(variant[:2], variant[2:], deal), plugins)
        cpu = time.process_time()
        verdict = game.solve(budget)
        results.append((verdict.verdict, verdict.seconds, verdict.states, time.process_time() - cpu, str(game.code)))
        print(f"  {game.code} {verdict.verdict:10} {verdict.seconds:7.3f} s {verdict.states:9,} states",
              file=sys.stderr, flush=True)
    return {"results": results, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def in_progress(count: int, rng: random.Random) -> list[Game]:
    """Games some random actions in (no cards taken back from a foundation), as a player leaves them."""
    plugins = load_plugins()
    games = []
    for deal in DEALS[:count]:
        game = Game(GameCode(rng.choice(["D1", "D3"]), "N", deal), plugins)
        for _ in range(rng.choice([10, 30, 60])):
            moves = [m for m in game.legal_moves() if m.source not in FOUNDATIONS]
            if not moves:
                break
            game.push(rng.choice(moves))
        games.append(game)
    return games


def hint_latency(count: int, budget: float, seed: int) -> dict:
    results = []
    for game in in_progress(count, random.Random(seed)):
        start, cpu = time.perf_counter(), time.process_time()
        verdict = game.solve(budget)
        seconds = time.perf_counter() - start
        label = f"{game.code} after {game.move_count} actions"
        results.append((verdict.verdict, seconds, verdict.states, time.process_time() - cpu, label))
        print(f"  {label}: {verdict.verdict} in {seconds:.3f} s", file=sys.stderr, flush=True)
    return {"results": results, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def report(name: str, data: dict, budget: float, limit: float, edges: bool = True) -> None:
    """``limit``: the time the aim allows a position (1 s for a hint, the budget for a deal); ``edges``: list the
    positions at the edge of the aim."""
    results = data["results"]
    times = sorted(s if v != "undecided" else budget for v, s, *_ in results)
    within = [sum(v != "undecided" and s <= cutoff for v, s, *_ in results) / len(results) for cutoff in (1, budget)]
    verdicts = {v: sum(r[0] == v for r in results) for v in ("winnable", "unwinnable", "undecided")}
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    wall, cpu = sum(r[1] for r in results), sum(r[3] for r in results)
    rate = sum(r[2] for r in results) / max(wall, 1e-9)
    per_cpu = sum(r[2] for r in results) / max(cpu, 1e-9)
    print(f"{name}: {len(results)} positions  {verdicts}")
    print(f"  decided within 1 s {within[0]:.1%}, within {budget:g} s {within[1]:.1%};"
          f" median {statistics.median(times):.3f} s, p95 {p95:.3f} s; {rate:,.0f} states/s;"
          f" peak memory {data['peak_mb']:.0f} MB")
    print(f"  the process had the CPU {cpu / max(wall, 1e-9):.0%} of the time (a shared machine):"
          f" {per_cpu:,.0f} states per CPU second")
    if not edges:
        return
    # the positions at the edge of the aim: undecided, or decided in the second half of ``limit``
    print("  undecided:", ", ".join(r[4] for r in results if r[0] == "undecided") or "none")
    late = [f"{r[4]} ({r[1]:.1f} s)" for r in results if r[0] != "undecided" and limit / 2 < r[1]]
    print(f"  decided after {limit / 2:g} s:", ", ".join(late) or "none")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variants", default="D1N,D3N")
    parser.add_argument("--budget", type=float, default=10.0)
    parser.add_argument("--hints", type=int, default=200, help="positions for the hint latency (0: none)")
    parser.add_argument("--hint-seeds", default="7,8", help="the seeds of the random actions, one sample each")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.child.startswith("hints:"):
            data = hint_latency(args.hints, args.budget, int(args.child.removeprefix("hints:")))
        else:
            data = solve_deals(args.child, args.deals, args.budget)
        print(json.dumps(data))
        return
    table = os.environ.get("SOLITAIRE_KLONDIKE_SOLVER_MB", "512 (default)")
    build = "plain Python" if search.__file__.endswith(".py") else "compiled (setup.py)"
    print(f"bench_solver: {args.deals} deals per variant, budget {args.budget:g} s, table {table} MB; "
          f"one process at a time; the search path {build}")
    seeds = [int(seed) for seed in args.hint_seeds.split(",") if seed] if args.hints else []
    jobs = [v for v in args.variants.split(",") if v] + [f"hints:{seed}" for seed in seeds]
    samples = []
    for job in jobs:
        command = [sys.executable, __file__, "--child", job, "--deals", str(args.deals), "--budget", str(args.budget),
                   "--hints", str(args.hints)]
        # each deal's line goes to stderr as it is solved; the figures come back on stdout
        data = json.loads(subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True).stdout)
        if job.startswith("hints:"):
            report(f"hint, games in progress (seed {job.removeprefix('hints:')})", data, args.budget, 1.0)
            samples.append(data)
        else:
            report(job, data, args.budget, args.budget)
    if len(samples) > 1:
        together = {"results": [r for data in samples for r in data["results"]],
                    "peak_mb": max(data["peak_mb"] for data in samples)}
        report(f"hint, all {len(together['results'])} games in progress (seeds {args.hint_seeds})", together,
               args.budget, 1.0, edges=False)


if __name__ == "__main__":
    main()
