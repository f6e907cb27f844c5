"""``klondike analyze``: solve many deals, locally or on a Dask cluster, into a resumable CSV file."""

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from solitaire_klondike.core import InvalidCodeError, Plugins
from solitaire_klondike.frontends.i18n import _, ngettext

from .arguments import _paragraphs

if TYPE_CHECKING:   # the analysis (multiprocessing, Dask) is imported only when the command runs
    from solitaire_klondike.analysis.journal import Journal
    from solitaire_klondike.analysis.spec import DealSpec

EXIT_BAD_INPUT, EXIT_FAILED, EXIT_STOPPED = 2, 3, 130
DEFAULT_BUDGET = 10.0


def summary() -> tuple[str, str, str]:
    """The command's one-line help, its description and its epilog."""
    return (
        _("solve many deals and write a CSV row per deal (resumes when run again)"),
        _("Solve every deal of a list with the installed solver, on every core of this machine or on a Dask "
          "cluster, and write one CSV row per deal: deal, code, verdict, moves (the winning line's length), "
          "states, seconds, grade. Stopped at any moment, the same command goes on where it stopped."),
        _paragraphs(_("Exit status: 0 done; 2 bad input (nothing is written); 3 the run failed; 130 stopped "
                      "(Ctrl-C): run the same command again to go on.")),
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deals", required=True, metavar=_("SPEC"),
                        help=_("deal numbers and ranges: 0..9999 or 5,17,900..910"))
    parser.add_argument("--variant", required=True, metavar=_("VARIANT"),
                        help=_("the variant's tokens, like D1N or D3V"))
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar=_("SECONDS"),
                        help=_("search time per deal before it is called undecided (default {seconds:g})").format(
                            seconds=DEFAULT_BUDGET))
    parser.add_argument("--workers", type=int, metavar="N", help=_("local processes (default: every core)"))
    parser.add_argument("--scheduler", metavar=_("ADDRESS"),
                        help=_("run on the Dask cluster at tcp://host:port instead"))
    parser.add_argument("--out", required=True, metavar=_("FILE.csv"), help=_("the CSV file to write or to resume"))


class _Refused(Exception):
    pass


def run(args: argparse.Namespace, plugins: Plugins) -> int:
    from solitaire_klondike.analysis.journal import Journal, JournalError

    blocked = sorted(plugins.blocked)
    try:
        deals, variant = _checked(args, plugins)
    except _Refused as exc:
        say(str(exc))
        return EXIT_BAD_INPUT
    try:
        journal = Journal(Path(args.out), variant)
    except JournalError as exc:
        say(str(exc))
        return EXIT_BAD_INPUT
    try:
        return _analyze(args, deals, variant, journal, blocked)
    finally:
        journal.close()


def _checked(args: argparse.Namespace, plugins: Plugins) -> "tuple[DealSpec, str]":
    from solitaire_klondike.analysis.spec import DealSpec, DealSpecError

    try:
        deals = DealSpec.parse(args.deals)
    except DealSpecError as exc:
        raise _Refused(_("bad --deals: {reason}").format(reason=exc)) from None
    try:
        variant = plugins.parse_code(f"KL1-{args.variant}-AAAAAAA").variant
    except InvalidCodeError as exc:
        raise _Refused(_("bad --variant: {reason}").format(reason=exc)) from None
    if not args.budget > 0:
        raise _Refused(_("--budget must be a number of seconds above 0"))
    if args.workers is not None and args.workers < 1:
        raise _Refused(_("--workers must be 1 or more"))
    if args.workers is not None and args.scheduler:
        raise _Refused(_("--workers is for local runs; a Dask cluster has its own workers"))
    return deals, variant


def _analyze(args: argparse.Namespace, deals: "DealSpec", variant: str, journal: "Journal", blocked: list[str]) -> int:
    from solitaire_klondike.analysis.journal import VERDICTS
    from solitaire_klondike.analysis.progress import Progress
    from solitaire_klondike.analysis.runner import RunError, cores, run_dask, run_local

    done = journal.rows
    total = len(deals)
    already = sum(1 for deal in done if deal in deals)
    todo = (deal for deal in deals if deal not in done)
    where = (_("the Dask cluster at {address}").format(address=args.scheduler) if args.scheduler
             else ngettext("{count} local process", "{count} local processes", args.workers or cores()).format(
                 count=args.workers or cores()))
    say(_("{variant}, deals {deals}: {done} of {total} already in {file}; solving the rest on {where}").format(
        variant=variant, deals=deals, done=already, total=total, file=args.out, where=where))
    progress = Progress(total, already, template=_("{bar} {done}/{total} {share}  {rate} deals/min  left {left}"))
    try:
        if args.scheduler:
            rows = run_dask(args.scheduler, variant, todo, args.budget, blocked)
        else:
            rows = run_local(variant, todo, args.budget, args.workers or cores(), blocked)
        for row in rows:
            journal.write(row)
            progress.advance()
    except KeyboardInterrupt:
        progress.finish()
        say(_("stopped; {done} of {total} deals are in {file}. Run the same command again to go on.").format(
            done=progress.done, total=total, file=args.out))
        return EXIT_STOPPED
    except RunError as exc:
        progress.finish()
        say(str(exc))
        return EXIT_FAILED
    progress.finish()
    verdicts = [row.verdict for deal, row in done.items() if deal in deals]
    say(_("done; {total} deals in {file}: {winnable} winnable, {unwinnable} unwinnable, {undecided} undecided").format(
        total=total, file=args.out, **{v: verdicts.count(v) for v in VERDICTS}))
    return 0


def say(text: str) -> None:
    print(f"klondike analyze: {text}", file=sys.stderr)
