"""The Plugins window in the real game window (Xvfb): reached from Settings and New Game,
switches remembered in the real data file, a game in progress playing to its end, and a
window too small for the list scrolling by wheel and by keys."""

import sqlite3

from catalog_words import read_catalog


def centre(rect: list) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def remembered_off(data) -> list:
    with sqlite3.connect(data / "klondike.sqlite3") as conn:
        row = conn.execute("SELECT value FROM settings WHERE key = 'plugins_off'").fetchone()
    return [] if row is None else __import__("json").loads(row[0])


def press_in_panel(app, widget_id: str) -> dict:
    """Click a panel widget, scrolling the panel with the wheel until it shows."""
    for _ in range(40):
        state = app.read()
        if widget_id in state["panel"]:
            return app.after(lambda: app.click(*centre(state["panel"][widget_id])))
        box = state["panel_box"]
        app.after(lambda: (app.hover(*centre(box)), app._xdotool("click", "5")), timeout=15)
    raise AssertionError(f"{widget_id} never showed: {state['panel']}")


def test_plugins_window_from_settings_switches_a_variant_off_and_remembers_it(launch, tmp_path):
    app = launch("play", "KL1-D1N-AAAAAAG")
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    state = app.after(lambda: app.click(*centre(state["panel"]["plugins"])), lambda s: s["overlay"] == "plugins", timeout=20)
    assert "Plugins" in state["texts"] and "Cumulative Vegas" in state["texts"]
    assert any("cannot be turned off" in text for text in state["texts"])
    state = press_in_panel(app, "plugin_off:vegas3")
    assert "plugin_off:vegas3" in state["selected"] and "plugin_on:draw1" in state["selected"]
    assert remembered_off(tmp_path) == ["vegas3"]
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] == "settings")
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert "scoring:V3" not in state["panel"] and "scoring:TS" in state["panel"]
    assert app.quit() == 0
    app = launch("play", data=tmp_path)          # the choice holds at the next start
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert "scoring:V3" not in state["panel"] and "scoring:VC" in state["panel"]
    state = app.after(lambda: app.click(*centre(state["panel"]["plugins"])), lambda s: s["overlay"] == "plugins", timeout=20)
    state = press_in_panel(app, "plugin_on:vegas3")
    assert remembered_off(tmp_path) == []
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] == "new_game")
    assert "scoring:V3" in state["panel"]


def test_a_game_in_progress_keeps_playing_after_its_plugin_is_turned_off(launch):
    app = launch("play", "KL1-D1TS-AAAAAAG")
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    state = app.after(lambda: app.click(*centre(state["panel"]["plugins"])), lambda s: s["overlay"] == "plugins", timeout=20)
    press_in_panel(app, "plugin_off:timed_standard")
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] == "new_game")
    assert "scoring:TS" not in state["panel"]
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 2)
    assert state["code"] == "KL1-D1TS-AAAAAAG" and "Score:" in state["figures"]


def test_a_small_window_scrolls_the_list_by_wheel_and_follows_the_keyboard_focus(launch):
    app = launch("play", "KL1-D1N-AAAAAAG")
    app.resize(520, 400)
    app.wait(lambda s: s["window"][1] <= 420)
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    state = app.after(lambda: app.click(*centre(state["panel"]["plugins"])), lambda s: s["overlay"] == "plugins", timeout=20)
    assert state["panel_more"] == [False, True]        # lines hidden below: ▼ says so
    assert "▼" in state["texts"]
    box = state["panel_box"]
    assert box[1] >= 0 and box[1] + box[3] <= state["window"][1]
    assert "Plugins" in state["texts"]
    state = app.after(lambda: (app.hover(*centre(box)), app._xdotool("click", "5")), timeout=15)
    assert state["panel_more"][0] and "Plugins" not in state["texts"]   # the title went up, out of view
    for _ in range(12):                                 # Tab walks every switch; each shows when focused
        state = app.after(lambda: app.key("Tab"))
        assert state["focus"] in state["panel"], (state["focus"], sorted(state["panel"]))


def test_the_plugins_window_speaks_greek(launch):
    app = launch("play", "KL1-D1N-AAAAAAG", language="el_GR.UTF-8")
    words = read_catalog("el")
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    state = app.after(lambda: app.click(*centre(state["panel"]["plugins"])), lambda s: s["overlay"] == "plugins", timeout=20)
    assert words["Plugins"] in state["texts"] and words["No scoring"] in "\n".join(state["texts"])


def test_new_game_lists_every_variant_and_fits_the_smallest_window_in_greek(launch):
    app = launch("play", "KL1-D1N-AAAAAAG", language="el_GR.UTF-8")
    app.resize(520, 400)
    app.wait(lambda s: s["window"][1] <= 420)
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game", timeout=20)
    box = state["panel_box"]
    assert box[1] >= 0 and box[1] + box[3] <= state["window"][1] and box[0] >= 0 and box[0] + box[2] <= 520
    seen = set(state["panel"])
    for _ in range(20):                                 # every option shows when the focus reaches it
        state = app.after(lambda: app.key("Tab"), timeout=15)
        assert state["focus"] in state["panel"], (state["focus"], sorted(state["panel"]))
        seen |= set(state["panel"])
    wanted = {f"scoring:{t}" for t in ("N", "V", "V3", "VC", "TS", "NS")} | {"draw:D1", "draw:D3", "plugins"}
    assert wanted <= seen


def test_the_status_bar_shows_no_score_for_no_scoring(launch):
    app = launch("play", "KL1-D1NS-AAAAAAG")
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    assert "Score" not in state["figures"] and "Moves: 1" in state["figures"]


def test_the_status_bar_shows_the_cumulative_vegas_balance_with_the_game_in_it(launch, tmp_path):
    from solitaire_klondike.core import Game, load_plugins
    from solitaire_klondike.player_data import open_store

    store = open_store(tmp_path)                   # a finished Cumulative Vegas game: one card up, -$47
    earlier = Game.from_text("KL1-D1VC-AAAAAAG", load_plugins())
    store.game_started(earlier)
    earlier.push_text("T1-F")
    store.action_done(earlier)
    store.game_left(earlier)
    store.close()
    app = launch("play", "KL1-D3VC-AAAAAAB", data=tmp_path)
    state = app.wait(lambda s: "Balance" in s["figures"])
    assert "Score: -$52" in state["figures"] and "Balance: -$99" in state["figures"]
    assert app.quit() == 0
    for code in ("KL1-D3V-AAAAAAB", "KL1-D3V3-AAAAAAB"):   # Vegas, with one pass or three: one game, no balance
        app = launch("play", code, data=tmp_path)
        state = app.wait(lambda s, code=code: s["code"] == code)
        assert "Score: -$52" in state["figures"] and "Balance" not in state["figures"]
        assert app.quit() == 0
