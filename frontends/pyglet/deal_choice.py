"""Which deal a new game gets: any deal, or one proven winnable of a chosen grade, remembered per variant.

Winnable deals come from the list shipped with the game (:mod:`solitaire_klondike.analysis.shipped`),
so choosing one is instant and needs no network.  No pyglet here.
"""

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from solitaire_klondike.analysis.grades import GRADES
from solitaire_klondike.analysis.shipped import graded_deals, shipped_grade
from solitaire_klondike.core import GameCode
from solitaire_klondike.frontends.i18n import N_, _

Met = Callable[[str, str], Collection[int]]  # the deals of a variant (draw, scoring) the player has played
SETTING = "deal_choice"  # {"D3V": {"winnable": true, "grade": "hard"}, ...}
GRADE_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"), "expert": N_("Expert")}


@dataclass
class DealChoice:
    """Only proven-winnable deals, and of which grade (``None``: any)."""

    winnable: bool = False
    grade: str | None = None


def remembered(saved: Any) -> dict[str, DealChoice]:
    """The choices kept in the settings, per variant; anything unreadable is left out."""
    choices = {}
    for variant, value in (saved if isinstance(saved, dict) else {}).items():
        if isinstance(value, dict):
            grade = value.get("grade") if value.get("grade") in GRADES else None
            choices[str(variant)] = DealChoice(bool(value.get("winnable")), grade)
    return choices


def to_setting(choices: dict[str, DealChoice]) -> dict[str, dict[str, Any]]:
    return {variant: {"winnable": c.winnable, "grade": c.grade} for variant, c in choices.items()}


def shipped_grades(variant: str) -> list[str]:
    """The grades of which winnable deals of ``variant`` are shipped (none: no winnable deals known)."""
    shipped = graded_deals(variant)
    return [grade for grade in GRADES if shipped and shipped.count(grade)]


def fresh_code(draw: str, scoring: str, choice: DealChoice | None, met: Met | None = None) -> GameCode:
    """A new game: a shipped winnable deal when asked for (and there is one), one the player has not
    met yet while there is such a deal; else any deal."""
    shipped = graded_deals(draw + scoring) if choice and choice.winnable else None
    if shipped is None or choice is None:
        return GameCode.random(draw, scoring)
    played = met(draw, scoring) if met else ()
    deal = shipped.pick(choice.grade, met=played)
    if deal is None:  # a grade of which no deal is shipped: any winnable deal
        deal = shipped.pick(met=played)
    return GameCode(draw, scoring, deal) if deal is not None else GameCode.random(draw, scoring)


def code_text(code: GameCode) -> str:
    """The code as the game shows it, with its grade when it is a shipped winnable deal."""
    grade = shipped_grade(code.variant, code.deal)
    return f"{code} · {_(GRADE_NAMES[grade])}" if grade else str(code)
