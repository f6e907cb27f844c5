"""The games of the Examples page: read from examples.yml, replayed with the engine, rendered."""
import io
import re
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import yaml
from pictures import move_target, table_svg

from solitaire_klondike.core import Game, IllegalMoveError, Move, load_plugins
from solitaire_klondike.frontends.cli import main as klondike

EXAMPLES_FILE = Path(__file__).resolve().parent / "examples.yml"
MARKER = re.compile(r"^```example\n([\w-]+)\n```$", re.MULTILINE)


@dataclass
class Replay:
    """What the engine did with one example."""

    example: dict
    game: Game
    refusal: str | None  # the reason the `refused` move was refused (None: it was not)
    score_before: int | None  # the score before the last move
    highlight: tuple[int, str] | None

    @property
    def picture_name(self):
        return f"images/examples/{self.example['id']}.svg"

    def picture(self):
        return table_svg(self.game.position, f"{self.example['code']}: {self.example['moves']}",
                         self.highlight)

    def markdown(self, lang):
        """The example as `klondike replay` commands and what the command answers in ``lang`` (the page
        shows its picture, with words that describe it)."""
        return f"```console\n{self.console(lang)}\n```"

    def commands(self):
        """The `klondike replay` commands of the example: the replay that is refused, or the replay
        before the last move (when the page compares the scores) and the whole replay, or the
        whole replay and its position notation."""
        code, moves = self.example["code"], self.example["moves"].split()
        if self.example.get("position"):
            return [["replay", code, *moves], ["replay", code, *moves, "--position"]]
        if self.refusal is not None:
            return [["replay", code, *moves, self.example["refused"]["move"]]]
        before = [["replay", code, *moves[:-1]]] if self.score_before is not None else []
        return [*before, ["replay", code, *moves]]

    def console(self, lang):
        return "\n".join(f"$ klondike {' '.join(args)}\n{run_klondike(args, lang)}" for args in self.commands())


def run_klondike(args, lang):
    """What the command prints (its standard output, then its errors) in ``lang``: the real command,
    run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        klondike([*args, "--lang", lang])
    return (out.getvalue() + err.getvalue()).rstrip("\n")


def load_examples():
    return yaml.safe_load(EXAMPLES_FILE.read_text(encoding="utf-8"))


def replay(example, plugins):
    """Play an example's moves, then try its refused move (if any) on the engine."""
    game = Game.from_text(example["code"], plugins)
    moves = [Move.parse(text) for text in example["moves"].split()]
    for move in moves[:-1]:
        game.push(move)
    highlight = (move_target(game.position, moves[-1]), "move")
    score_before = game.score
    game.push(moves[-1])
    refusal = None
    if "refused" in example:
        refused = Move.parse(example["refused"]["move"])
        highlight = (move_target(game.position, refused), "refused")
        try:
            game.push(refused)
        except IllegalMoveError as exc:
            refusal = exc.reason
        else:
            game.undo()
    return Replay(example, game, refusal, score_before, highlight)


def replay_all():
    plugins = load_plugins()
    return [replay(example, plugins) for example in load_examples()]


def insert_examples(page, replays, lang):
    """Replace each ```example block (holding an example id) with the example itself, in ``lang``."""
    by_id = {r.example["id"]: r for r in replays}
    return MARKER.sub(lambda found: by_id[found.group(1)].markdown(lang), page)
