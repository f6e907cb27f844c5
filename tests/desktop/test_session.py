"""The desktop session is built around a game it already has; ``klondike play CODE`` leaves the saved
game from its saved row, without replaying it (no window: the session is plain Python)."""

import sqlite3
from pathlib import Path

from solitaire_klondike.core import Game, Move, load_plugins
from solitaire_klondike.frontends.pyglet.session import Session
from solitaire_klondike.player_data import FILE_NAME, open_store


def _saved_game_with_two_actions(folder: Path) -> tuple[int, int]:
    """A saved game of deal 6 with two actions; answers its moves and score."""
    plugins = load_plugins()
    store = open_store(folder)
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    store.game_started(game)
    for move in (Move.parse("T1-F"), Move.stock()):
        game.push(move)
        store.action_done(game)
    store.close()
    return game.move_count, game.score


def test_play_code_records_the_saved_game_as_abandoned_from_its_row_without_replaying_it(tmp_path):
    moves, score = _saved_game_with_two_actions(tmp_path)
    with sqlite3.connect(tmp_path / FILE_NAME) as conn:  # a snapshot that no replay could follow
        conn.execute("""UPDATE saved_games SET snapshot = '{"moves": ["nowhere"]}' WHERE status = 'current'""")
    plugins = load_plugins()
    store = open_store(tmp_path)
    session = Session.open(plugins, store, plugins.parse_code("KL1-D3V-AAAAAAB"))
    assert str(session.game.code) == "KL1-D3V-AAAAAAB" and session.game.move_count == 0
    assert store.notices == []  # nothing was replayed, so nothing was found damaged
    [record] = store.records()
    assert (record["code"], record["won"], record["moves"], record["score"]) == ("KL1-D1N-AAAAAAG", 0, moves, score)
    assert score == 10
    store.close()


def test_without_a_code_the_session_resumes_the_saved_game(tmp_path):
    _saved_game_with_two_actions(tmp_path)
    store = open_store(tmp_path)
    session = Session.open(load_plugins(), store)
    assert str(session.game.code) == "KL1-D1N-AAAAAAG" and session.game.move_count == 2
    assert store.records() == []
    store.close()
