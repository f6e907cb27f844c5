"""The ``klondike`` command's options, which may stand before or after the subcommand, in any order."""

import argparse
import textwrap
from collections.abc import Sequence

from solitaire_klondike.frontends.i18n import LANGUAGES, _

BLOCK_VARIABLE = "SOLITAIRE_KLONDIKE_BLOCK"
COMMANDS = ("play", "deal", "replay", "solve", "plugins", "stats", "new", "analyze")
DEFAULT_COMMAND = "play"
VALUE_OPTIONS = {"--block-plugin", "--lang", "--file", "--export", "--grade", "--deals", "--variant", "--budget",
                 "--workers", "--scheduler", "--out",
                 "--seconds", "--enable", "--disable"}
DEFAULT_BUDGET = 10.0
WIDTH = 78


def _paragraphs(*texts: str) -> str:
    return "\n\n".join(textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False) for text in texts)


def _notation() -> str:
    return _paragraphs(
        _("Moves: S taps the stock (draws, or turns the waste back when the stock is empty); W-F plays the top "
          "card of the waste to its foundation, W-T3 onto column 3; T3-T5 moves from column 3 onto column 5 the "
          "face-up card that fits there, with every card on top of it; T4-F plays the top card of column 4 to its "
          "foundation; FH-T2 takes the top card of the hearts foundation (FS, FH, FD, FC) back onto column 2. "
          "Cards are written rank then suit: AS, 10H, QD."),
    )


def _moves_help(statuses: str) -> str:
    """What replay's and solve's help end with: the notation, the input rules, then ``statuses``."""
    return "\n\n".join([_notation(), _paragraphs(
        _("Input: moves are played in the order they are given: the arguments, '-' for the moves of standard "
          "input and each --file, each where it stands. In standard input and files, moves are separated by "
          "spaces or lines, and # starts a comment. Text must be UTF-8 (a byte-order mark is ignored). Options "
          "may stand anywhere."),
        statuses)])


def _moves_statuses(done: str, bad_input: str) -> str:
    """The exit statuses of a command that plays moves; ``done`` and ``bad_input`` say what 0 and 2 mean."""
    return _("Exit status: {done}; {illegal}; {bad_input}; {plugin}; {interrupted}.").format(
        done=done, bad_input=bad_input, plugin=_("3 a plugin failed"), interrupted=_("130 interrupted (Ctrl-C)"),
        illegal=_("1 a move is illegal or not a move (its number and the reason are printed, nothing is played "
                  "after it)"))


def program_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("solitaire-klondike")
    except PackageNotFoundError:
        return "?"


class _Version(argparse.Action):
    """argparse's "version" action, reading the version only when asked (it costs the start a few ms)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        print(f"klondike {program_version()}")
        parser.exit()


def where_data_lives(data_folder: str, cache_folder: str) -> str:
    return _paragraphs(
        _("Your saved game, settings and statistics are kept in one file, klondike.sqlite3, in {folder}.").format(
            folder=data_folder),
        _("The desktop game keeps its drawn cards (about 16 MB) in {folder}; deleting them is safe, the game "
          "draws them again.").format(folder=cache_folder),
        _("To move both, set the variable SOLITAIRE_KLONDIKE_DATA to another folder: the file goes in that "
          "folder, the drawn cards in the folder cache inside it. Without that variable, on Linux, "
          "XDG_DATA_HOME and XDG_CACHE_HOME move them."),
    )


def _common(parser: argparse.ArgumentParser) -> None:
    """The options every command takes, before or after its name."""
    parser.add_argument("--block-plugin", action="append", default=[], metavar=_("NAME"),
                        help=_("do not load this plugin (repeatable; also {variable}=a,b)").format(
                            variable=BLOCK_VARIABLE))
    parser.add_argument("--lang", choices=LANGUAGES, metavar=_("LANGUAGE"),
                        help=_("the language of the messages: {languages} (default: from LANGUAGE, LC_ALL, "
                               "LC_MESSAGES or LANG)").format(languages=", ".join(LANGUAGES)))


def _code_and_moves(parser: argparse.ArgumentParser, code_name: str, code_help: str) -> None:
    """The arguments ``replay`` and ``solve`` share: a game code and the moves played on it."""
    parser.add_argument("code", metavar=code_name, help=code_help)
    parser.add_argument("moves", nargs="*", metavar=_("MOVE"),
                        help=_("moves such as S W-F T3-T5; '-' reads moves from standard input"))
    parser.add_argument("--file", action="append", default=[], metavar=_("FILE"),
                        help=_("read moves from this file (repeatable)"))


def build_parsers(data_folder: str, cache_folder: str, only: str | None = None
                  ) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The top-level parser (for ``--help`` and ``--version``) and one parser per command, or only
    the parser of command ``only`` (the others' help is not worth writing for one command)."""
    formatter = argparse.RawDescriptionHelpFormatter
    top = argparse.ArgumentParser(
        prog="klondike", formatter_class=formatter, allow_abbrev=False,
        description=_paragraphs(_("Klondike solitaire with shareable game codes. Without a command, klondike opens "
                                  "the desktop game.")),
        epilog=where_data_lives(data_folder, cache_folder))
    top.add_argument("--version", action=_Version, help=_("print the version and exit"))
    _common(top)
    sub = top.add_subparsers(dest="command", metavar=_("COMMAND"), title=_("commands"))
    parsers = {}

    def command(name: str, summary: str, description: str, epilog: str = "") -> argparse.ArgumentParser:
        parser = sub.add_parser(name, help=summary, description=_paragraphs(description), epilog=epilog,
                                formatter_class=formatter, allow_abbrev=False)
        _common(parser)
        parsers[name] = parser
        return parser

    code_help, code_name = _("a game code such as KL1-D1N-AAAAAAG"), _("CODE")

    if only in (None, "play"):
        play = command("play", _("open the desktop game (the default), on a given deal or the saved game"),
                       _("Open the desktop game window. With a game code, play that deal (the saved game is kept as "
                         "an abandoned game); without one, resume the saved game or start a new one."),
                       where_data_lives(data_folder, cache_folder))
        play.add_argument("code", nargs="?", metavar=code_name,
                          help=_("a game code; without one the saved game resumes"))

    if only in (None, "deal"):
        deal = command("deal", _("show the layout a game code deals"),
                       _("Print the table a game code deals: the stock with its next card first, the waste, the "
                         "foundations and the seven columns, face-down cards in brackets."),
                       _paragraphs(_("Exit status: 0 done; 2 a bad game code; 3 a plugin failed.")))
        deal.add_argument("code", metavar=code_name, help=code_help)
        deal.add_argument("--json", action="store_true", help=_("print JSON (the same in every language)"))
        deal.add_argument("--position", action="store_true", help=_("print the position notation: one line"))

    if only in (None, "replay"):
        replay = command("replay", _("play moves on a deal and show the result"),
                         _("Play moves from the start of a deal, then print the position, the score and whether the "
                           "game is won."),
                         _moves_help(_moves_statuses(_("0 every move played"),
                                                     _("2 a bad game code or unreadable input"))))
        _code_and_moves(replay, code_name, code_help)
        replay.add_argument("--seconds", type=float, default=0.0, metavar=_("N"),
                            help=_("count N seconds of play before the moves (for scoring that counts time)"))
        replay.add_argument("--json", action="store_true", help=_("print JSON (the same in every language)"))
        replay.add_argument("--position", action="store_true", help=_("print the position notation: one line"))

    if only in (None, "solve"):
        solve = command("solve", _("say whether a deal, after some moves, can still be won, and how"),
                        _("Play moves from the start of a deal as replay does, then search the position for a win, "
                          "knowing every card, the face-down ones too. The verdict is winnable (with a winning line "
                          "from that position), unwinnable (a search that left out nothing a win could need found "
                          "none) or undecided (the time ran out; the best move found is given, unproven)."),
                        _moves_help(_moves_statuses(_("0 a verdict was given (winnable, unwinnable or undecided)"),
                                                    _("2 a bad game code, budget or unreadable input"))))
        _code_and_moves(solve, code_name, code_help)
        solve.add_argument("--budget", type=_seconds, default=DEFAULT_BUDGET, metavar=_("SECONDS"),
                           help=_("the most seconds the search may take (default: {seconds:g})").format(
                               seconds=DEFAULT_BUDGET))
        solve.add_argument("--json", action="store_true", help=_("print JSON (the same in every language)"))

    if only in (None, "plugins"):
        listing = command("plugins", _("list the plugins found and whether they are on, off or failed"),
                          _("List every plugin found: its name, kind, token, version, where it comes from, and its "
                            "state: on, off (turned off by you: new games leave it out), blocked for this run, or "
                            "failed (and why). --enable and --disable change the remembered choice, from the next "
                            "game; --block-plugin still wins for one run."))
        switch = listing.add_mutually_exclusive_group()
        switch.add_argument("--enable", metavar=_("NAME"),
                            help=_("turn a plugin on, from the next game (remembered)"))
        switch.add_argument("--disable", metavar=_("NAME"),
                            help=_("turn a plugin off, from the next game (remembered)"))

    if only in (None, "stats"):
        stats = command("stats", _("print the statistics of the games played"),
                        _("Print your statistics per variant and in total, or write every game record to a CSV file. "
                          "A game counts as played from its first action; the game in progress is counted and "
                          "exported too."),
                        where_data_lives(data_folder, cache_folder))
        output = stats.add_mutually_exclusive_group()
        output.add_argument("--json", action="store_true", help=_("print JSON (the same in every language)"))
        output.add_argument("--export", metavar=_("FILE.csv"), help=_("write every game record to a CSV file"))
        stats.add_argument("--force", action="store_true",
                           help=_("let --export replace a file that exists (never the game's own data file)"))

    if only in (None, "new"):
        from . import new

        new.add_arguments(command("new", *new.summary()))
    if only in (None, "analyze"):
        from . import analyze

        analyze.add_arguments(command("analyze", *analyze.summary()))
    return top, parsers


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds <= 86400:
        raise argparse.ArgumentTypeError(_("{text!r} is not a number of seconds between 0 and 86400").format(text=text))
    return seconds


def split_command(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The command named in ``argv`` (``None`` when there is none) and the other arguments."""
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "--":
            break
        if token in VALUE_OPTIONS:
            index += 2
            continue
        if not token.startswith("-") or token == "-":
            return token, [*argv[:index], *argv[index + 1:]]
        index += 1
    return None, list(argv)


def requested_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` value in ``argv``, read before the parsers exist (their help is translated)."""
    chosen = None
    for index, token in enumerate(argv):
        if token == "--lang" and index + 1 < len(argv):
            chosen = argv[index + 1]
        elif token.startswith("--lang="):
            chosen = token.partition("=")[2]
    return chosen if chosen in LANGUAGES else None


def move_sources(tokens: Sequence[str]) -> list[tuple[str, str]]:
    """A replay's moves in the order given: ``("move", "T3-T5")``, ``("stdin", "-")``, ``("file", path)``.

    ``tokens`` are the arguments without the command's name; the first positional one is the code.
    """
    sources: list[tuple[str, str]] = []
    positionals, index, options_end = 0, 0, False
    while index < len(tokens):
        token = tokens[index]
        if options_end or token == "-" or not token.startswith("-"):
            positionals += 1
            if positionals > 1:
                sources.append(("stdin", token) if token == "-" else ("move", token))
        elif token == "--":
            options_end = True
        elif token == "--file" and index + 1 < len(tokens):
            sources.append(("file", tokens[index + 1]))
            index += 1
        elif token.startswith("--file="):
            sources.append(("file", token.partition("=")[2]))
        elif token in VALUE_OPTIONS:
            index += 1
        index += 1
    return sources
