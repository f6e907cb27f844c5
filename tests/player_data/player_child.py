"""A player in a separate process, for the kill test: plays seeded random actions on a real store.

Usage: ``python player_child.py FOLDER SEED``. Around every store call it prints
``BEGIN <state the file holds once the call commits>`` and ``END``, then ``RECORD <record>`` for a
game record that call committed, so the parent knows what was saved when it kills this process.
States are ``Game.snapshot()`` JSON, or ``null`` for no game in progress.
"""

import json
import random
import sys
from pathlib import Path

from easy_deal import EASY_DEALS, winning_move
from store_helpers import make_plugins

from solitaire_klondike.core import DEAL_COUNT, Game, GameCode
from solitaire_klondike.player_data import open_store


def say(*words: object) -> None:
    print(*words, flush=True)


def record(game: Game) -> str:
    return json.dumps([str(game.code), game.is_won(), game.move_count, game.score])


def new_game(rng: random.Random, plugins, old: Game | None) -> Game:
    if old is not None and rng.random() < 0.3:
        return old.restarted()
    variant = rng.choice(["D1N", "D1V", "D3N", "D3V"])
    deal = rng.randrange(EASY_DEALS) if rng.random() < 0.5 else rng.randrange(EASY_DEALS, DEAL_COUNT)
    return Game(GameCode(variant[:2], variant[2:], deal), plugins)


def main(folder: str, seed: int) -> None:
    rng = random.Random(seed)
    plugins = make_plugins()
    store = open_store(Path(folder))
    game = store.resume(plugins)
    say("RESUMED", json.dumps(game.snapshot() if game else None))
    if game is None:
        game = new_game(rng, plugins, None)
        say("BEGIN", json.dumps(game.snapshot()))
        store.game_started(game)
        say("END")
    while True:
        if game.is_won() or rng.random() < 0.03 or not game.legal_moves():
            had_action = game.move_count or game.undo_count
            say("BEGIN null")
            store.game_left(game)
            say("END")
            if had_action and not game.is_won():
                say("RECORD", record(game))
            game = new_game(rng, plugins, game)
            say("BEGIN", json.dumps(game.snapshot()))
            store.game_started(game)
            say("END")
            continue
        roll = rng.random()
        if roll < 0.08 and game.can_undo():
            game.undo()
        elif roll < 0.12 and game.can_redo():
            game.redo()
        elif game.code.deal < EASY_DEALS:
            game.push(winning_move(game))
        else:
            game.push(rng.choice(game.legal_moves()))
        say("BEGIN", json.dumps(game.snapshot()))
        store.action_done(game)
        say("END")
        if game.is_won():
            say("RECORD", record(game))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
