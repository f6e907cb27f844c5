"""Issue 9 in the real window: a save that fails is told as it happens, and so is saving working
again (case 5); settings the game never writes do not stop it from starting (case 14)."""

import sqlite3
import time

from catalog_words import read_catalog
from test_window import DEAL_G

from solitaire_klondike.player_data import FILE_NAME, open_store


def test_a_save_that_fails_during_play_is_told_and_so_is_saving_again(launch, tmp_path):
    app = launch("play", DEAL_G, language="es_ES.UTF-8")
    words = read_catalog("es")
    app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    other = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program locks the file for a while
    failing = app.after(lambda: app.key("space"), lambda s: s["moves"] == 2 and s["status"], timeout=20)
    assert failing["status"] == " ".join([words["Your progress cannot be saved right now."],
                                          words["Another program keeps the data file locked."],
                                          words["The game keeps trying, and will say when saving works again."]])
    other.execute("ROLLBACK")
    other.close()
    time.sleep(2.2)  # the store tries the file again at most every two seconds
    back = app.after(lambda: app.key("space"), lambda s: s["moves"] == 3 and s["status"], timeout=10)
    assert back["status"] == words["Saving works again: everything played meanwhile is saved."]
    quiet = app.after(lambda: app.key("space"), lambda s: s["moves"] == 4)
    assert quiet["status"] == ""
    assert app.quit() == 0
    store = open_store(tmp_path)
    assert store.notices == [] and store.statistics()["total"]["played"] == 1
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    [(moves,)] = conn.execute("SELECT moves FROM saved_games WHERE status = 'current'").fetchall()
    conn.close()
    assert moves == 4
    store.close()


def test_settings_the_game_never_writes_give_the_defaults_and_the_game_plays(launch, tmp_path):
    store = open_store(tmp_path)
    for key, value in (("language", ["ca"]), ("double_click_ms", "fast"), ("window_size", {"w": 3}), ("draw", 7),
                       ("scoring", [None])):
        store.set_setting(key, value)
    store.close()
    app = launch(language="it_IT.UTF-8")
    words = read_catalog("it")
    assert words["A setting held a value the game does not use, so its default is used."] in app.state["status"]
    assert app.state["language"] == "it" and app.state["code"].startswith("KL1-D1N-")
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    assert len(state["waste"]) == 1
    assert app.quit() == 0
