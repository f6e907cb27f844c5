"""The games of the Examples page: read from examples.yml, replayed with the engine, rendered."""
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from pictures import move_target, table_svg

from solitaire_klondike.core import Game, IllegalMoveError, Move, load_plugins

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

    def markdown(self):
        """The example as `klondike replay` commands and their answers, then its picture."""
        return f"```console\n{self.console()}\n```\n\n![]({self.picture_name})"

    def console(self):
        code, moves = self.example["code"], self.example["moves"].split()
        if self.refusal is not None:
            tried = [*moves, self.example["refused"]["move"]]
            return (f"$ klondike replay {code} {' '.join(tried)}\n"
                    f"klondike: move {len(tried)} of {len(tried)}, {tried[-1]}, is illegal: {self.refusal}")
        lines = []
        if self.score_before is not None:
            lines += [f"$ klondike replay {code} {' '.join(moves[:-1])}",
                      f"Score: {self.game.format_score(self.score_before)}"]
        return "\n".join([*lines, f"$ klondike replay {code} {' '.join(moves)}",
                           f"Score: {self.game.score_text}", f"Won: {'yes' if self.game.is_won() else 'no'}"])


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


def insert_examples(page, replays):
    """Replace each ```example block (holding an example id) with the example itself."""
    by_id = {r.example["id"]: r for r in replays}
    return MARKER.sub(lambda found: by_id[found.group(1)].markdown(), page)
