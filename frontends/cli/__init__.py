"""The ``klondike`` command."""

import argparse
import json
import os
import sys
from collections.abc import Sequence

from solitaire_klondike.core import (
    Game, IllegalMoveError, InvalidCodeError, InvalidMoveError, Move, PluginError, Plugins, load_plugins,
)

from .render import game_json, position_text

BLOCK_VARIABLE = "SOLITAIRE_KLONDIKE_BLOCK"
EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_PLUGIN, EXIT_NO_SCREEN = 1, 2, 3, 4
NO_SCREEN = "there is no screen to open the game window on; the command line still works: see klondike --help"


class CommandError(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="klondike", description="Klondike solitaire with shareable game codes.")
    parser.add_argument("--block-plugin", action="append", default=[], metavar="NAME",
                        help=f"do not load this plugin (repeatable; also {BLOCK_VARIABLE}=a,b)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    deal = commands.add_parser("deal", help="show the layout a game code deals")
    deal.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    deal.add_argument("--json", action="store_true", help="print JSON")
    replay = commands.add_parser("replay", help="play moves on a deal and show the result")
    replay.add_argument("code", help="a game code such as KL1-D1N-AAAAAAG")
    replay.add_argument("moves", nargs="*", help="moves such as S W-F T3-T5; '-' reads them from standard input")
    replay.add_argument("--file", help="read moves from this file (spaces or lines; # starts a comment)")
    replay.add_argument("--json", action="store_true", help="print JSON")
    commands.add_parser("plugins", help="list the plugins found and whether they loaded")
    play = commands.add_parser("play", help="open the desktop game (the default), on a given deal or the saved game")
    play.add_argument("code", nargs="?", help="a game code; without one the saved game resumes")
    stats = commands.add_parser("stats", help="print the statistics of the games played")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.add_argument("--export", metavar="FILE.csv", help="write every game record to a CSV file")
    stats.add_argument("--force", action="store_true", help="let --export replace a file that exists")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args([*argv, "play"])
    blocked = args.block_plugin + [n for n in os.environ.get(BLOCK_VARIABLE, "").split(",") if n.strip()]
    plugins = load_plugins(blocked=[n.strip() for n in blocked])
    _warn_failures(plugins)
    try:
        commands = {"deal": _deal, "replay": _replay, "plugins": _plugins, "play": _play, "stats": _stats}
        return commands[args.command](args, plugins)
    except CommandError as exc:
        print(f"klondike: {exc}", file=sys.stderr)
        return exc.status


def _warn_failures(plugins: Plugins) -> None:
    for info in plugins.infos:
        if info.error and info.error != "blocked":
            print(f"klondike: plugin {info.name!r} ({info.source}) is not loaded: {info.error}", file=sys.stderr)


def _new_game(code: str, plugins: Plugins) -> Game:
    try:
        return Game.from_text(code, plugins)
    except InvalidCodeError as exc:
        raise CommandError(f"bad game code: {exc}", EXIT_BAD_INPUT) from exc
    except PluginError as exc:
        raise CommandError(str(exc), EXIT_PLUGIN) from exc


def _deal(args: argparse.Namespace, plugins: Plugins) -> int:
    game = _new_game(args.code, plugins)
    if args.json:
        print(json.dumps(game_json(game), indent=2))
    else:
        print(f"Game {game.code}\n{position_text(game.position)}")
    return 0


def _read_moves(args: argparse.Namespace) -> list[str]:
    texts = list(args.moves)
    if "-" in texts:
        texts.remove("-")
        texts += _words(sys.stdin.read())
    if args.file:
        try:
            with open(args.file, encoding="utf-8") as handle:
                texts += _words(handle.read())
        except OSError as exc:
            raise CommandError(f"cannot read moves from {args.file}: {exc.strerror}", EXIT_BAD_INPUT) from exc
    return texts


def _words(text: str) -> list[str]:
    return [word for line in text.splitlines() for word in line.split("#", 1)[0].split()]


def _replay(args: argparse.Namespace, plugins: Plugins) -> int:
    game = _new_game(args.code, plugins)
    texts = _read_moves(args)
    for number, text in enumerate(texts, start=1):
        try:
            game.push(Move.parse(text))
        except IllegalMoveError as exc:
            raise CommandError(f"move {number} of {len(texts)}, {text}, is illegal: {exc.reason}", EXIT_ILLEGAL) from exc
        except InvalidMoveError as exc:
            raise CommandError(f"move {number} of {len(texts)}: {exc}", EXIT_ILLEGAL) from exc
        except PluginError as exc:
            raise CommandError(f"move {number} of {len(texts)} ({text}): {exc}", EXIT_PLUGIN) from exc
    if args.json:
        data = game_json(game)
        data.update(score=game.score, score_text=game.score_text, won=game.is_won(), moves_applied=len(texts))
        print(json.dumps(data, indent=2))
    else:
        print(f"Game {game.code}\n{position_text(game.position)}")
        print(f"Score: {game.score_text}\nWon: {'yes' if game.is_won() else 'no'}\nMoves applied: {len(texts)}")
    return 0


def _plugins(args: argparse.Namespace, plugins: Plugins) -> int:
    rows = [("NAME", "KIND", "TOKEN", "VERSION", "FROM", "LOADED")]
    for info in plugins.infos:
        token = info.variant.token if info.variant else "-"
        loaded = "yes" if info.loaded else f"no: {info.error}"
        rows.append((info.name, info.kind, token, info.version, info.source, loaded))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[5])
    return 0


def _play(args: argparse.Namespace, plugins: Plugins) -> int:
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise CommandError(NO_SCREEN, EXIT_NO_SCREEN)
    try:
        from solitaire_klondike.frontends.pyglet.app import run

        return run(plugins, args.code)
    except Exception as exc:
        if type(exc).__name__ == "NoSuchDisplayException":
            raise CommandError(f"{NO_SCREEN} ({exc})", EXIT_NO_SCREEN) from exc
        raise


def _stats(args: argparse.Namespace, plugins: Plugins) -> int:
    from solitaire_klondike.player_data.report import stats_command

    return stats_command(args, plugins)
