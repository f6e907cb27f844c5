"""``klondike new``: a fresh game code, winnable and of a chosen grade when asked."""

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from solitaire_klondike.analysis.grades import GRADES
from solitaire_klondike.analysis.shipped import graded_deals
from solitaire_klondike.core import GameCode, InvalidCodeError, Plugins
from solitaire_klondike.frontends.i18n import _

from .arguments import _paragraphs

if TYPE_CHECKING:
    from solitaire_klondike.player_data.store import Store

T = TypeVar("T")

EXIT_BAD_INPUT = 2


def summary() -> tuple[str, str, str]:
    """The command's one-line help, its description and its epilog."""
    return (
        _("print a fresh game code (winnable and graded when asked)"),
        _("Print the code of a new deal of a variant (by default the one you played last). With --winnable or "
          "--grade, the deal is one the solver proved winnable, from the list shipped with the game."),
        _paragraphs(_("Exit status: 0 done; 2 an unknown variant, or no shipped deal fits.")),
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", nargs="?", metavar=_("VARIANT"),
                        help=_("the variant's tokens, like D1N or D3V (default: the last one played)"))
    parser.add_argument("--winnable", action="store_true", help=_("only a deal proven winnable"))
    parser.add_argument("--grade", choices=GRADES, help=_("only a winnable deal of this grade"))
    parser.add_argument("--json", action="store_true", help=_("print JSON: code, winnable, grade"))


def run(args: argparse.Namespace, plugins: Plugins) -> int:
    try:
        draw, scoring = _variant(args.variant, plugins)
    except InvalidCodeError as exc:
        print("klondike new: " + _("bad variant: {reason}").format(reason=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    variant = draw + scoring
    shipped = graded_deals(variant)
    if args.winnable or args.grade:
        deal = shipped.pick(args.grade, met=_met(draw, scoring)) if shipped else None
        if deal is None:
            wanted = (_("no winnable deals of {variant} of grade {grade} are shipped with the game") if args.grade
                      else _("no winnable deals of {variant} are shipped with the game"))
            print("klondike new: " + wanted.format(variant=variant, grade=args.grade), file=sys.stderr)
            return EXIT_BAD_INPUT
        code = GameCode(draw, scoring, deal)
    else:
        code = GameCode.random(draw, scoring)
    grade = shipped.grade_of(code.deal) if shipped else None
    if args.json:
        print(json.dumps({"code": str(code), "winnable": grade is not None, "grade": grade}))
    else:
        print(_("{code}  (winnable, {grade})").format(code=code, grade=grade_name(grade)) if grade else str(code))
    return 0


def grade_name(grade: str) -> str:
    """A grade in the user's language."""
    return {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"), "expert": _("expert")}[grade]


def _variant(text: str | None, plugins: Plugins) -> tuple[str, str]:
    if text:
        code = plugins.parse_code(f"KL1-{text}-AAAAAAA")
        return code.draw, code.scoring
    draws, scorings = sorted(plugins.variants("draw")), sorted(plugins.variants("scoring"))
    draw, scoring = _last_played()
    return (draw if draw in draws else draws[0]), (scoring if scoring in scorings else scorings[0])


def _last_played() -> tuple[object, object]:
    return _stored(lambda store: (store.get_setting("draw"), store.get_setting("scoring")))


def _met(draw: str, scoring: str) -> set[int]:
    return _stored(lambda store: store.deals_met(draw, scoring))


def _stored(read: Callable[["Store"], T]) -> T:
    """What ``read`` finds in the player's data (opened here: a program that needs none never opens it)."""
    from solitaire_klondike.player_data.opening import open_store

    store = open_store()
    try:
        return read(store)
    finally:
        store.close()
