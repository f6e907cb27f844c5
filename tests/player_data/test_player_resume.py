"""The game in progress and the settings come back on the next start; saved games that cannot are kept."""

import json
import sqlite3
import subprocess
from pathlib import Path

from easy_deal import winning_move
from store_helpers import HERE, PYTHON, child_env, easy_game, hard_game, make_plugins, saved_game

from solitaire_klondike.player_data import FILE_NAME, open_store


def _played(store, game, actions: int = 5):
    store.game_started(game)
    for _ in range(actions):
        game.push(winning_move(game))
        store.action_done(game)
    return game


def test_the_game_resumes_with_score_and_undo_redo_history(folder: Path, plugins) -> None:
    store = open_store(folder)
    game = _played(store, easy_game(plugins, "D3V"), actions=8)
    game.undo()
    store.action_done(game)
    store.close()
    store = open_store(folder)
    resumed = saved_game(store, plugins)
    assert resumed.snapshot() == game.snapshot()
    assert (resumed.score_text, resumed.move_count, resumed.undo_count) == ("-$17", 7, 1)
    assert resumed.redo() == game.redo()
    assert resumed.undo() == game.undo() and resumed.score == game.score
    store.action_done(resumed)
    store.game_left(resumed)
    assert store.statistics()["D3V"]["played"] == 1


def test_settings_come_back_and_an_unreadable_value_gives_the_default(folder: Path) -> None:
    store = open_store(folder)
    store.set_setting("language", "ca")
    store.set_setting("double_click_ms", 350)
    store.set_setting("window", {"width": 1200, "height": 800})
    store.close()
    with sqlite3.connect(folder / FILE_NAME) as conn:
        conn.execute("UPDATE settings SET value = '__import__(\"os\")' WHERE key = 'double_click_ms'")
    conn.close()
    store = open_store(folder)
    assert store.get_setting("language") == "ca"
    assert store.get_setting("window") == {"width": 1200, "height": 800}
    assert store.get_setting("double_click_ms", 400) == 400
    assert store.get_setting("draw") is None


def test_a_game_needing_a_missing_plugin_waits_for_it(folder: Path, plugins) -> None:
    store = open_store(folder)
    vegas = _played(store, easy_game(plugins, "D1V"))
    store.close()

    without = make_plugins(blocked=("vegas",))
    store = open_store(folder)
    assert store.resume(without) is None
    [notice] = store.notices
    assert notice.kind == "plugin_missing"
    assert "KL1-D1V-AAAAAAB" in notice.text and "'V'" in notice.text and "kept" in notice.text
    other = _played(store, hard_game(without), actions=0)
    store.game_left(other)
    store.close()

    store = open_store(folder)
    back = saved_game(store, plugins)
    assert store.notices == []
    assert back.snapshot() == vegas.snapshot()
    assert store.statistics()["total"]["played"] == 1  # in progress again, and never counted as left


def test_a_saved_game_that_does_not_replay_is_kept_and_a_new_deal_starts(folder: Path, plugins) -> None:
    store = open_store(folder)
    game = _played(store, easy_game(plugins))
    store.close()
    broken = dict(game.snapshot(), moves=["T1-T2", "T3-F"])
    with sqlite3.connect(folder / FILE_NAME) as conn:
        conn.execute("UPDATE saved_games SET snapshot = ?", (json.dumps(broken),))
    conn.close()
    store = open_store(folder)
    assert store.resume(plugins) is None
    [notice] = store.notices
    assert notice.kind == "game_unreadable" and "could not be read back" in notice.text
    fresh = _played(store, hard_game(plugins), actions=0)
    store.close()
    store = open_store(folder)
    assert saved_game(store, plugins).snapshot() == fresh.snapshot()
    with sqlite3.connect(folder / FILE_NAME) as conn:
        kept = conn.execute("SELECT snapshot FROM saved_games WHERE status = 'unreadable'").fetchall()
    conn.close()
    assert [json.loads(k[0]) for k in kept] == [broken]


def test_a_saved_game_that_did_not_replay_is_tried_again_when_the_plugins_change(folder: Path, plugins) -> None:
    """Issue 9, case 6: a game marked unreadable under one set of plugins comes back under another."""
    store = open_store(folder)
    game = _played(store, easy_game(plugins))
    store.close()
    without = make_plugins(blocked=("vegas",))  # the deal plugin of this game is not the cause...
    with sqlite3.connect(folder / FILE_NAME) as conn:  # ...but the game was marked unreadable before
        conn.execute("UPDATE saved_games SET status = 'unreadable'")
        conn.execute("INSERT OR REPLACE INTO store_info VALUES ('plugins_seen', 'another set')")
    conn.close()
    store = open_store(folder)
    assert saved_game(store, without).snapshot() == game.snapshot()  # the plugins changed: tried again
    assert store.notices == []
    store.close()


def test_two_copies_open_at_once_both_save_and_the_file_stays_sound(folder: Path, plugins) -> None:
    first, second = open_store(folder), open_store(folder)
    game_a = _played(first, easy_game(plugins, deal=1), actions=3)
    game_b = _played(second, easy_game(plugins, deal=2), actions=3)
    first.set_setting("language", "el")
    assert second.get_setting("language") == "el"
    first.game_left(game_a)
    second.game_left(game_b)
    assert first.statistics()["total"]["played"] == second.statistics()["total"]["played"] == 2
    first.close()
    second.close()


def test_two_processes_writing_at_once_lose_no_record(folder: Path) -> None:
    script = (
        "import sys; from pathlib import Path; from store_helpers import make_plugins, easy_game;"
        "from easy_deal import play_to_win; from solitaire_klondike.player_data import open_store\n"
        "plugins = make_plugins(); store = open_store(Path(sys.argv[1]))\n"
        "for deal in range(int(sys.argv[2]), int(sys.argv[2]) + 5):\n"
        "    g = easy_game(plugins, deal=deal); store.game_started(g)\n"
        "    play_to_win(g, lambda: store.action_done(g)); store.game_left(g)\n"
        "assert store.writable and not store.notices, store.notices\n"
    )
    runs = [subprocess.Popen([PYTHON, "-c", script, str(folder), str(start)], env=child_env(folder), cwd=HERE)
            for start in (10, 20)]
    assert [run.wait(timeout=60) for run in runs] == [0, 0]
    with sqlite3.connect(folder / FILE_NAME) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    store = open_store(folder)
    assert store.statistics()["D1N"]["won"] == 10


def test_copies_started_at_the_same_moment_on_a_new_file_all_get_a_writable_store(tmp_path: Path) -> None:
    """Six copies race to create the file, five times over: none falls back to 'cannot be written'."""
    script = (
        "import sys; from pathlib import Path; from solitaire_klondike.player_data import open_store\n"
        "store = open_store(Path(sys.argv[1])); store.set_setting('seen', True)\n"
        "assert store.writable and not store.notices, store.notices\n"
    )
    for round_number in range(5):
        folder = tmp_path / f"round{round_number}"
        runs = [subprocess.Popen([PYTHON, "-c", script, str(folder)], env=child_env(folder), cwd=HERE,
                                 stderr=subprocess.PIPE) for _ in range(6)]
        failures = [run.communicate(timeout=60)[1].decode() for run in runs if run.wait(timeout=60) != 0]
        assert failures == []
