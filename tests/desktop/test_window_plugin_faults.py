"""Issue 9, case 7, in the real window: a plugin that fails at start, in a frame, on a tap on the
stock or in the Statistics window is named in the player's language, left out for the session, and
the game stays playable. The plugin is the real, pip-installed ``klondike-faulty`` distribution."""

from catalog_words import read_catalog

from solitaire_klondike.player_data import open_store

LEFT_OUT = "The plugin {name} failed, so it is left out until the game is started again."


def _faulty(monkeypatch, site, fault: str, marker=None) -> None:
    monkeypatch.setenv("PYTHONPATH", str(site))
    monkeypatch.setenv("KLONDIKE_FAULT", fault)
    if marker is not None:
        monkeypatch.setenv("KLONDIKE_FAULT_AFTER", str(marker))


def test_a_remembered_variant_whose_plugin_fails_falls_back_to_one_that_works(launch, faulty_site, monkeypatch,
                                                                              tmp_path):
    store = open_store(tmp_path)
    store.set_setting("draw", "DF")
    store.set_setting("scoring", "N")
    store.close()
    _faulty(monkeypatch, faulty_site, "draw-raise")
    app = launch(language="es_ES.UTF-8")
    words = read_catalog("es")
    assert words[LEFT_OUT].format(name="a_faulty") in app.state["status"]
    assert app.state["code"].startswith("KL1-D1N-")
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    assert len(state["waste"]) == 1
    assert app.quit() == 0
    assert "Traceback" not in (tmp_path / "app.log").read_text()


def test_an_other_plugin_failing_in_the_middle_of_a_game_is_left_out_and_the_game_goes_on(
        launch, faulty_site, monkeypatch, tmp_path):
    marker = tmp_path / "fail-now"
    _faulty(monkeypatch, faulty_site, "other-format-raise", marker)
    app = launch("play", "KL1-D1N-AAAAAAG", language="it_IT.UTF-8")
    app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    marker.touch()  # from now on its score text raises, on every frame of every game
    state = app.after(lambda: app.key("space"), lambda s: s["status"])
    assert state["status"] == read_catalog("it")[LEFT_OUT].format(name="a_faulty")
    assert state["code"] == "KL1-D1N-AAAAAAG" and state["moves"] in (1, 2) and state["score_text"] == "0"
    moves = state["moves"]
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == moves + 1)
    assert len(state["waste"]) == moves + 1
    assert app.quit() == 0
    assert "Traceback" not in (tmp_path / "app.log").read_text()


def test_a_scoring_plugin_failing_on_a_tap_on_the_stock_gives_a_new_deal_that_works(launch, faulty_site,
                                                                                    monkeypatch, tmp_path):
    marker = tmp_path / "fail-now"
    _faulty(monkeypatch, faulty_site, "score-raise", marker)
    app = launch("play", "KL1-D1F-AAAAAAG", language="ca_ES.UTF-8")
    app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    marker.touch()
    state = app.after(lambda: app.key("space"), lambda s: s["status"])
    assert state["status"] == read_catalog("ca")[LEFT_OUT].format(name="a_faulty")
    assert state["code"].startswith("KL1-D1N-") and state["moves"] == 0
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    assert app.quit() == 0
    store = open_store(tmp_path)  # the broken variant's game is kept for when its plugin works again
    rows = store.conn.execute("SELECT code, status FROM saved_games ORDER BY status").fetchall()
    store.close()
    assert sorted(tuple(r) for r in rows) == sorted([("KL1-D1F-AAAAAAG", "waiting_plugin"),
                                                     (state["code"], "current")])


def test_a_scoring_plugin_failing_in_the_statistics_window_is_left_out(launch, faulty_site, monkeypatch, tmp_path):
    marker = tmp_path / "fail-now"
    _faulty(monkeypatch, faulty_site, "format-raise", marker)
    app = launch("play", "KL1-D1F-AAAAAAG", language="el_GR.UTF-8")
    app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    asked = app.after(lambda: app.key("ctrl+r"), lambda s: s["overlay"] == "restart")
    x, y, w, h = asked["panel"]["restart_yes"]
    app.after(lambda: app.click(x + w / 2, y + h / 2), lambda s: s["moves"] == 0)  # the game played is recorded
    marker.touch()
    state = app.after(lambda: app.key("F2"), lambda s: s["status"])
    assert read_catalog("el")[LEFT_OUT].format(name="a_faulty") in state["status"]
    state = app.after(lambda: app.key("F2"), lambda s: s["overlay"] == "stats")
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] >= 1 and not s["status"])
    assert app.quit() == 0
    assert "Traceback" not in (tmp_path / "app.log").read_text()
