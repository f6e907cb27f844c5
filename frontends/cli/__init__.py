"""The ``klondike`` command."""

import argparse
import json
import os
import sys
from collections.abc import Sequence

from solitaire_klondike.core import (
    CARD_NAMES,
    UNDECIDED,
    UNWINNABLE,
    WINNABLE,
    Game,
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    Move,
    PluginError,
    Plugins,
    PluginTurnedOffError,
    load_plugins,
)
from solitaire_klondike.core.plugin_manager import CORE_NAME
from solitaire_klondike.frontends.i18n import _, ngettext, set_language
from solitaire_klondike.frontends.refusals import code_error_message, refusal_message

from .argparse_words import translate_argparse
from .arguments import (
    BLOCK_VARIABLE,
    COMMANDS,
    DEFAULT_COMMAND,
    build_parsers,
    move_sources,
    requested_language,
    split_command,
)

EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_PLUGIN, EXIT_NO_SCREEN = 1, 2, 3, 4
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 130, 141
PLUGINS_FOUND = "plugins.json"   # in the cache folder: the entry points the desktop game found, for its next start


class CommandError(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (default: the process's arguments); answer the exit status."""
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except CommandError as exc:
        print(f"klondike: {exc}", file=sys.stderr)
        return exc.status
    except PluginError as exc:  # a plugin failed while the output was being made (a score's text...)
        print(f"klondike: {plugin_failure(exc)}", file=sys.stderr)
        return EXIT_PLUGIN
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE


def plugin_failure(exc: PluginError) -> str:
    """A plugin's failure, and how to leave the plugin out when it is named."""
    if not exc.plugin:
        return str(exc)
    return _("{reason} (leave that plugin out with --block-plugin {name})").format(reason=exc, name=exc.plugin)


def _no_screen() -> str:
    return _("there is no screen to open the game window on; the command line still works: see klondike --help")


def _main(argv: list[str]) -> int:
    set_language(requested_language(argv))
    translate_argparse(_, ngettext)
    name, rest = split_command(argv)
    if name is None:   # the top-level help or version, else the default command
        name = "" if {"-h", "--help", "--version"} & set(argv) else DEFAULT_COMMAND
    top, parsers = build_parsers(*_folders(), only=name if name in COMMANDS else None)
    if name not in parsers:
        top.parse_args(argv)  # the top-level help or version, or an unknown command: says so, and exits
    parser = parsers[name]
    # parse_intermixed_args keeps the usage without its first 7 characters, the length of "usage: "
    # in English: give it the usage without the prefix in the user's language
    parser.usage = parser.format_usage().removeprefix(_("usage: "))
    args = parser.parse_intermixed_args(rest)
    plugins = _load_plugins(args.block_plugin, remember=name == "play")
    commands = {"deal": _deal, "replay": _replay, "solve": _solve, "plugins": _plugins, "play": _play,
                "stats": _stats, "new": _new, "analyze": _analyze}
    if name in ("replay", "solve"):
        args.sources = move_sources(rest)
    return commands[name](args, plugins)


def _folders() -> tuple[str, str]:
    from solitaire_klondike.player_data.opening import cache_folder, data_folder

    return str(data_folder()), str(cache_folder())


def _load_plugins(named: list[str], remember: bool = False) -> Plugins:
    """The plugins, less the blocked ones; with ``remember`` (the desktop game), those found are
    kept in the cache folder for the next start."""
    from_variable = os.environ.get(BLOCK_VARIABLE, "").split(",")
    blocked = [name.strip() for name in [*named, *from_variable] if name.strip()]
    if CORE_NAME in blocked:
        raise CommandError(_("the plugin 'core' cannot be blocked: it is the engine's own deal, which every game "
                             "needs"), EXIT_BAD_INPUT)
    from solitaire_klondike.player_data import PLUGINS_OFF, cache_folder, plugins_off, read_setting

    plugins = load_plugins(blocked=blocked, turned_off=plugins_off(read_setting(PLUGINS_OFF)),
                           remembered=cache_folder() / PLUGINS_FOUND if remember else None)
    known = {info.name for info in plugins.infos}
    for name in sorted(set(blocked) - known):
        alike = [k for k in sorted(known) if k.lower() == name.lower()]
        hint = _(" (did you mean {name}?)").format(name=alike[0]) if alike else ""
        print("klondike: " + _("no plugin is named {name}, so that name blocks nothing").format(name=name) + hint,
              file=sys.stderr)
    for info in plugins.infos:
        if info.error and info.error != "blocked":
            print("klondike: " + _("plugin {name} ({source}) is not loaded: {error}").format(
                name=info.name, source=info.source, error=info.error), file=sys.stderr)
    return plugins


def _bad_code(code: str, error: InvalidCodeError) -> CommandError:
    """A refused game code, told from the error's class and fields (frontends.refusals)."""
    reason = code_error_message(error).translated(_)
    if isinstance(error, PluginTurnedOffError):
        reason += " " + _("On the command line: klondike plugins --enable {name}").format(name=error.name)
    return CommandError(_("bad game code {code}: {reason}").format(code=code.strip(), reason=reason), EXIT_BAD_INPUT)


def _plugin_failed(error: PluginError) -> CommandError:
    return CommandError(plugin_failure(error), EXIT_PLUGIN)


def _new_game(code: str, plugins: Plugins) -> Game:
    try:
        return Game.from_text(code, plugins)
    except InvalidCodeError as exc:
        raise _bad_code(code, exc) from exc
    except PluginError as exc:
        raise _plugin_failed(exc) from exc


# the commands import what only they need when run: the game window, the default command, opens
# sooner without it

def _new(args: argparse.Namespace, plugins: Plugins) -> int:
    from . import new

    return new.run(args, plugins)


def _analyze(args: argparse.Namespace, plugins: Plugins) -> int:
    from . import analyze

    return analyze.run(args, plugins)


def _deal(args: argparse.Namespace, plugins: Plugins) -> int:
    from solitaire_klondike.analysis.shipped import shipped_grade

    from .new import grade_name
    from .render import game_json, position_text

    game = _new_game(args.code, plugins)
    grade = shipped_grade(game.code.variant, game.code.deal)
    if args.position:
        print(game.position.to_text())
    elif args.json:
        print(json.dumps({**game_json(game), "winnable": grade is not None, "grade": grade}, indent=2))
    else:
        print(_("Game {code}").format(code=game.code) + "\n" + position_text(game.position))
        if grade:
            print(_("Proven winnable; grade: {grade}").format(grade=grade_name(grade)))
    return 0


def _replay(args: argparse.Namespace, plugins: Plugins) -> int:
    from .render import game_json, position_text

    game, texts = _played(args, plugins)
    if args.position:
        print(game.position.to_text())
    elif args.json:
        data = game_json(game)
        data.update(score=game.score, score_text=game.score_text, won=game.is_won(), moves_applied=len(texts))
        print(json.dumps(data, indent=2))
    else:
        print(_("Game {code}").format(code=game.code) + "\n" + position_text(game.position))
        won = _("yes") if game.is_won() else _("no")
        if game.score_text:  # a scoring plugin with no score (No scoring) writes none
            print(_("Score: {score}").format(score=game.score_text))
        print(_("Won: {answer}").format(answer=won) + "\n" + _("Moves applied: {count}").format(count=len(texts)))
    return 0


def _solve(args: argparse.Namespace, plugins: Plugins) -> int:
    game, texts = _played(args, plugins)
    try:
        verdict = game.solve(args.budget)
    except PluginError as exc:
        raise _plugin_failed(exc) from exc
    if args.json:
        print(json.dumps({
            "code": str(game.code), "verdict": verdict.verdict, "moves": [str(m) for m in verdict.moves],
            "best": str(verdict.best) if verdict.best else None, "states": verdict.states,
            "seconds": round(verdict.seconds, 3),
        }, indent=2))
        return 0
    words = {WINNABLE: _("winnable"), UNWINNABLE: _("unwinnable: no win remains"),
             UNDECIDED: _("undecided: the time ran out before an answer")}
    print(_("Game {code}").format(code=game.code) + " " + _("after {count} moves").format(count=len(texts)))
    print(_("Verdict: {verdict}").format(verdict=words[verdict.verdict]))
    if verdict.moves:
        print(_("Winning line ({count} moves): {moves}").format(
            count=len(verdict.moves), moves=" ".join(map(str, verdict.moves))))
    if verdict.best:
        print(_("Best move found (unproven): {move}").format(move=verdict.best))
    print(_("States searched: {states}").format(states=verdict.states) + "\n"
          + _("Time: {seconds:.2f} s").format(seconds=verdict.seconds))
    return 0


def _played(args: argparse.Namespace, plugins: Plugins) -> tuple[Game, list[str]]:
    """The game of ``args.code`` after the moves of ``args.sources``; the move texts played."""
    from .moves_input import MovesInputError, read_moves

    game = _new_game(args.code, plugins)
    try:
        texts = read_moves(args.sources)
    except MovesInputError as exc:
        raise CommandError(str(exc), EXIT_BAD_INPUT) from exc
    seconds = getattr(args, "seconds", 0.0)
    if not 0 <= seconds < float("inf"):
        raise CommandError(_("--seconds must be a number of seconds, not {value}").format(value=seconds),
                           EXIT_BAD_INPUT)
    try:
        game.add_play_time(seconds)
    except PluginError as exc:
        raise CommandError(str(exc), EXIT_PLUGIN) from exc
    for number, text in enumerate(texts, start=1):
        where = {"number": number, "count": len(texts), "move": text}
        try:
            game.push(Move.parse(text))
        except IllegalMoveError as exc:
            reason = refusal_message(exc.refusal, card_text=CARD_NAMES.__getitem__).translated(_)
            raise CommandError(_("move {number} of {count}, {move}, is illegal ({rule}): {reason}").format(
                rule=exc.refusal.rule, reason=reason, **where), EXIT_ILLEGAL) from exc
        except InvalidMoveError as exc:
            raise CommandError(_("move {number} of {count}, {move}, is not a move: write S, or two places joined "
                                 "by a dash, like W-F or T3-T5 (places: S, W, T1–T7, F, FS, FH, FD, FC).").format(
                **where), EXIT_ILLEGAL) from exc
        except PluginError as exc:
            raise CommandError(_("move {number} of {count}, {move}: {details}").format(
                details=plugin_failure(exc), **where), EXIT_PLUGIN) from exc
    return game, texts


def _plugins(args: argparse.Namespace, plugins: Plugins) -> int:
    if args.enable or args.disable:
        _remember_switch(args.enable or args.disable, bool(args.enable), plugins)
    states = {"on": _("on"), "off": _("off"), "blocked": _("blocked")}
    kinds = {"draw": _("draw"), "scoring": _("scoring"), "other": _("other")}
    rows = [(_("NAME"), _("KIND"), _("TOKEN"), _("VERSION"), _("FROM"), _("STATE"))]
    for info in plugins.infos:
        token = info.variant.token if info.variant else "-"
        state = states.get(info.state) or _("failed: {why}").format(why=info.error)
        source = _("built-in") if info.source == "built-in" else info.source
        rows.append((info.name, kinds.get(info.kind, info.kind), token, info.version, source, state))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[5])
    return 0


def _remember_switch(name: str, on: bool, plugins: Plugins) -> None:
    """Turn ``name`` on or off in ``plugins`` and in the remembered settings."""
    from solitaire_klondike.player_data import PLUGINS_OFF, open_store, plugins_off

    info = plugins.info(name)
    if info is None:
        raise CommandError(_("no plugin named {name!r} is installed (klondike plugins lists them)").format(name=name),
                           EXIT_BAD_INPUT)
    if info.loaded:
        try:
            plugins.turn(name, on)
        except ValueError as exc:
            raise CommandError(str(exc), EXIT_BAD_INPUT) from exc
    store = open_store()
    try:
        off = set(plugins_off(store.get_setting(PLUGINS_OFF)))
        store.set_setting(PLUGINS_OFF, sorted(off - {name} if on else off | {name}))
        if not store.writable:
            raise CommandError(_("the choice cannot be saved: {why}").format(
                why=" ".join(notice.text for notice in store.notices)), EXIT_BAD_INPUT)
    finally:
        store.close()


def _play(args: argparse.Namespace, plugins: Plugins) -> int:
    if args.code:
        try:
            plugins.parse_code(args.code)
        except InvalidCodeError as exc:
            raise _bad_code(args.code, exc) from exc
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise CommandError(_no_screen(), EXIT_NO_SCREEN)
    try:
        from solitaire_klondike.frontends.pyglet.app import run

        return run(plugins, args.code)
    except Exception as exc:
        if type(exc).__name__ == "NoSuchDisplayException":
            raise CommandError(f"{_no_screen()} ({exc})", EXIT_NO_SCREEN) from exc
        raise


def _stats(args: argparse.Namespace, plugins: Plugins) -> int:
    from solitaire_klondike.player_data.report import stats_command

    return stats_command(args, plugins)
