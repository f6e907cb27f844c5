"""The proven-winnable deals packed with the game, with their grades, per variant.

``data/<VARIANT>.txt.gz`` holds a comment naming the ``klondike analyze`` command that produced
it, then one line per grade: the grade and its deal numbers in increasing order.  Written by
:mod:`.pack` from the CSV files of ``klondike analyze``; read here once, in a few milliseconds.
"""

import gzip
import random
from collections.abc import Collection
from functools import cache
from pathlib import Path

from .grades import GRADES

DATA = Path(__file__).parent / "data"


class GradedDeals:
    """One variant's shipped deals: each grade's deal numbers, in increasing order."""

    def __init__(self, variant: str, by_grade: dict[str, tuple[int, ...]]) -> None:
        self.variant, self.by_grade = variant, by_grade
        self._grades = {deal: grade for grade, deals in by_grade.items() for deal in deals}

    def grade_of(self, deal: int) -> str | None:
        """The deal's grade when it is shipped (so proven winnable), else ``None``."""
        return self._grades.get(deal)

    def count(self, grade: str | None = None) -> int:
        return len(self.by_grade.get(grade, ())) if grade else sum(map(len, self.by_grade.values()))

    def pick(self, grade: str | None = None, rng: random.Random | None = None,
             met: Collection[int] = ()) -> int | None:
        """A shipped deal of ``grade`` (any grade when ``None``) chosen at random, not one of the deals
        in ``met`` (those the player has played) while there is another; ``None`` when there is none."""
        choices = self.by_grade.get(grade, ()) if grade else tuple(d for g in GRADES for d in self.by_grade.get(g, ()))
        fresh = [deal for deal in choices if deal not in met] if met else choices
        return (rng or random.SystemRandom()).choice(fresh or choices) if choices else None


@cache
def _text(variant: str) -> str | None:
    try:
        return gzip.decompress((DATA / f"{variant}.txt.gz").read_bytes()).decode("ascii")
    except FileNotFoundError:
        return None


@cache
def graded_deals(variant: str) -> GradedDeals | None:
    """The shipped deals of ``variant`` (``"D1N"``), or ``None`` when none are shipped for it."""
    text = _text(variant)
    return None if text is None else parse(variant, text)


def shipped_grade(variant: str, deal: int) -> str | None:
    """The grade of a deal shipped as proven winnable, else ``None``: found in the text, without
    reading every deal (the game's first frame shows it: ~0.1 ms instead of ~3)."""
    token = f" {deal} "
    for line in (_text(variant) or "").splitlines():
        grade, _, numbers = line.partition(" ")
        if grade in GRADES and token in f" {numbers} ":
            return grade
    return None


def parse(variant: str, text: str) -> GradedDeals:
    by_grade: dict[str, tuple[int, ...]] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            grade, *deals = line.split()
            if grade not in GRADES:
                raise ValueError(f"unknown grade {grade!r} in the shipped deals of {variant}")
            by_grade[grade] = tuple(map(int, deals))
    return GradedDeals(variant, by_grade)


def format_deals(by_grade: dict[str, list[int]], source: str) -> str:
    """The text of a data file (see the module's docstring)."""
    lines = [f"# {line}" for line in source.splitlines()]
    lines += [" ".join([grade, *map(str, sorted(by_grade[grade]))]) for grade in GRADES if by_grade.get(grade)]
    return "\n".join(lines) + "\n"
