"""Pack the CSV files of ``klondike analyze`` into the shipped data files of :mod:`.shipped`.

Run: ``python -m solitaire_klondike.analysis.pack BUDGET RESULTS.csv...`` (the budget the runs used).
Every winnable row is kept with its grade; each variant's file names the deals analysed, so anyone can reproduce it.
"""

import gzip
import sys
from collections import defaultdict
from pathlib import Path

from .journal import Row
from .shipped import format_deals
from .summary import read_rows

DATA = Path(__file__).parent / "data"


def pack(paths: list[Path], budget: float, folder: Path = DATA) -> dict[str, int]:
    """Write one data file per variant found in ``paths`` into ``folder``; return how many deals each got."""
    rows: dict[str, dict[int, Row]] = defaultdict(dict)
    for row in read_rows(paths):
        rows[row.variant][row.deal] = row
    folder.mkdir(exist_ok=True)
    counts = {}
    for variant, found in sorted(rows.items()):
        by_grade: dict[str, list[int]] = defaultdict(list)
        for row in found.values():
            if row.verdict == "winnable" and row.grade:
                by_grade[row.grade].append(row.deal)
        source = (f"Proven-winnable deals of {variant} with their grades, from {len(found)} deals analysed with\n"
                  f"klondike analyze --variant {variant} --deals {_spans(sorted(found))} --budget {budget:g}")
        text = format_deals(by_grade, source)
        (folder / f"{variant}.txt.gz").write_bytes(gzip.compress(text.encode("ascii"), 9, mtime=0))
        counts[variant] = sum(map(len, by_grade.values()))
    return counts


def _spans(deals: list[int]) -> str:
    spans: list[list[int]] = []
    for deal in deals:
        if spans and deal == spans[-1][1] + 1:
            spans[-1][1] = deal
        else:
            spans.append([deal, deal])
    return ",".join(str(a) if a == b else f"{a}..{b}" for a, b in spans)


if __name__ == "__main__":
    for variant, count in pack([Path(p) for p in sys.argv[2:]], float(sys.argv[1])).items():
        print(f"{variant}: {count} winnable deals packed")
