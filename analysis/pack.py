"""Pack the CSV files of ``klondike analyze`` into the shipped data files of :mod:`.shipped`.

Run: ``python -m solitaire_klondike.analysis.pack RESULTS.csv:BUDGET...`` (each file with the budget its
run used).  Every winnable row is kept with its grade; each variant's file names the commands that
analysed its deals, so anyone can reproduce it.
"""

import gzip
import sys
from collections import defaultdict
from pathlib import Path

from .journal import Row
from .shipped import format_deals
from .summary import read_rows

DATA = Path(__file__).parent / "data"


def pack(runs: list[tuple[Path, float]], folder: Path = DATA) -> dict[str, int]:
    """Write one data file per variant found in ``runs`` (files and their budgets) into ``folder``;
    return how many deals each got."""
    rows: dict[str, dict[int, Row]] = defaultdict(dict)
    commands: dict[str, list[str]] = defaultdict(list)
    for path, budget in runs:
        found = read_rows([path])
        for row in found:
            rows[row.variant][row.deal] = row
        for variant in sorted({row.variant for row in found}):
            deals = sorted(row.deal for row in found if row.variant == variant)
            spans = _spans(deals)
            commands[variant].append(f"klondike analyze --variant {variant} --deals {spans} --budget {budget:g}")
    folder.mkdir(exist_ok=True)
    counts = {}
    for variant, found_rows in sorted(rows.items()):
        by_grade: dict[str, list[int]] = defaultdict(list)
        for row in found_rows.values():
            if row.verdict == "winnable" and row.grade:
                by_grade[row.grade].append(row.deal)
        source = "\n".join([f"Proven-winnable deals of {variant} with their grades, from {len(found_rows)} deals "
                            "analysed with", *commands[variant]])
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
    runs = [(Path(arg.rpartition(":")[0]), float(arg.rpartition(":")[2])) for arg in sys.argv[1:]]
    for variant, count in pack(runs).items():
        print(f"{variant}: {count} winnable deals packed")
