"""Add the winnable deals of ``klondike analyze`` runs to the shipped data files of :mod:`.shipped`.

Run: ``python -m solitaire_klondike.analysis.pack RESULTS.csv:BUDGET...`` (each file with the budget its
run used).  Every winnable row is added with its grade to its variant's file, whose header then
names the run's command too, so anyone can reproduce the file.  A deal already there, or in two
runs, keeps the easier of its grades: a longer search that finds an easier line proves that line.
"""

import gzip
import sys
from pathlib import Path

from .grades import GRADES
from .shipped import DATA, format_deals, parse
from .summary import read_rows

TITLE = "Proven-winnable deals of {variant} with their grades (a deal analysed twice keeps the easier grade), from:"


def pack(runs: list[tuple[Path, float]], folder: Path = DATA) -> dict[str, int]:
    """Add the winnable rows of ``runs`` (files and their budgets) to the data files in ``folder``;
    return how many deals each variant's file holds now."""
    grades: dict[str, dict[int, str]] = {}
    commands: dict[str, list[str]] = {}
    for path, budget in runs:
        found = read_rows([path])
        for variant in sorted({row.variant for row in found}):
            if variant not in grades:
                grades[variant], commands[variant] = _read(folder / f"{variant}.txt.gz", variant)
            rows = [row for row in found if row.variant == variant]
            spans = _spans(sorted(row.deal for row in rows))
            commands[variant].append(f"klondike analyze --variant {variant} --deals {spans} --budget {budget:g}")
            for row in rows:
                if row.verdict == "winnable" and row.grade in GRADES:
                    kept = grades[variant].get(row.deal, row.grade)
                    grades[variant][row.deal] = min(kept, row.grade, key=GRADES.index)
    folder.mkdir(exist_ok=True)
    for variant, by_deal in grades.items():
        by_grade: dict[str, list[int]] = {grade: [] for grade in GRADES}
        for deal, grade in by_deal.items():
            by_grade[grade].append(deal)
        text = format_deals(by_grade, "\n".join([TITLE.format(variant=variant), *commands[variant]]))
        (folder / f"{variant}.txt.gz").write_bytes(gzip.compress(text.encode("ascii"), 9, mtime=0))
    return {variant: len(by_deal) for variant, by_deal in grades.items()}


def _read(path: Path, variant: str) -> tuple[dict[int, str], list[str]]:
    """The deals a data file holds, by number, and the commands its header names (none: no file)."""
    if not path.exists():
        return {}, []
    text = gzip.decompress(path.read_bytes()).decode("ascii")
    commands = [line[2:] for line in text.splitlines() if line.startswith("# klondike analyze ")]
    shipped = parse(variant, text)
    return {deal: grade for grade, deals in shipped.by_grade.items() for deal in deals}, commands


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
        print(f"{variant}: {count} winnable deals in its data file")
