"""Winnability figures from the CSV files of ``klondike analyze``, as the site reports them.

Run: ``python -m solitaire_klondike.analysis.summary RESULTS.csv...``.  For each variant: the deals
analysed, the share proven winnable with its 95 % confidence interval (Wilson's score interval), the
shares proven unwinnable and left undecided, and the count per grade.
"""

import math
import sys
from collections import Counter, defaultdict
from pathlib import Path

from .grades import GRADES
from .journal import Row

Z95 = 1.959964


def wilson(successes: int, total: int) -> tuple[float, float]:
    """The 95 % score interval of a share ``successes / total``."""
    if not total:
        return 0.0, 1.0
    p = successes / total
    centre = (p + Z95**2 / (2 * total)) / (1 + Z95**2 / total)
    half = Z95 * math.sqrt(p * (1 - p) / total + Z95**2 / (4 * total**2)) / (1 + Z95**2 / total)
    return centre - half, centre + half


def summarize(rows: list[Row]) -> dict[str, dict]:
    by_variant: dict[str, dict[int, Row]] = defaultdict(dict)
    for row in rows:
        by_variant[row.variant][row.deal] = row
    figures = {}
    for variant, found in sorted(by_variant.items()):
        verdicts = Counter(row.verdict for row in found.values())
        grades = Counter(row.grade for row in found.values() if row.grade)
        total = len(found)
        figures[variant] = {
            "deals": total, "first": min(found), "last": max(found),
            "winnable": verdicts["winnable"] / total, "interval": wilson(verdicts["winnable"], total),
            "unwinnable": verdicts["unwinnable"] / total, "undecided": verdicts["undecided"] / total,
            "grades": {grade: grades[grade] for grade in GRADES},
            "median_seconds": sorted(row.seconds for row in found.values())[total // 2],
        }
    return figures


def read_rows(paths: list[Path]) -> list[Row]:
    """The rows of analysis files, leaving out the line a run still writing has not finished."""
    lines = [line for path in paths for line in path.read_text(encoding="ascii").splitlines(keepends=True)[1:]]
    return [Row.parse(line) for line in lines if line.endswith("\n")]


if __name__ == "__main__":
    for variant, f in summarize(read_rows([Path(p) for p in sys.argv[1:]])).items():
        low, high = f["interval"]
        print(f"{variant}: {f['deals']} deals ({f['first']}..{f['last']}): winnable {f['winnable']:.2%} "
              f"(95% CI {low:.2%}–{high:.2%}), unwinnable {f['unwinnable']:.2%}, undecided {f['undecided']:.2%}; "
              f"median {f['median_seconds']:.2f} s; " + ", ".join(f"{g} {n}" for g, n in f["grades"].items()))
