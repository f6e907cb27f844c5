"""The real window's New Game: winnable deals only and a difficulty, per variant, kept in the settings;
the grade of the code shown in the game.  Deals come from the shipped list, at once and offline."""

from catalog_words import read_catalog

from solitaire_klondike.analysis.grades import GRADES
from solitaire_klondike.analysis.shipped import graded_deals, shipped_grade
from solitaire_klondike.core import Game, GameCode, load_plugins
from solitaire_klondike.frontends.pyglet.deal_choice import GRADE_NAMES
from solitaire_klondike.player_data.opening import open_store


def click(app, widget_id: str, predicate=None) -> dict:
    rect = app.read()["panel"][widget_id]
    return app.after(lambda: app.click(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2), predicate)


def deal_of(state: dict) -> GameCode:
    return GameCode.parse(state["code"], ["D1", "D3"], ["N", "V"])


def test_winnable_deals_of_a_chosen_grade_per_variant_kept_across_starts(launch, tmp_path):
    app = launch("play", "KL1-D1N-AAAAAAG")
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert "winnable" in state["panel"] and "winnable" not in state["selected"] and "grade:" in state["selected"]
    state = click(app, "grade:hard", lambda s: "grade:hard" in s["selected"])
    assert "winnable" in state["selected"], "choosing a difficulty asks for winnable deals"
    state = click(app, "start", lambda s: s["overlay"] is None)
    code = deal_of(state)
    assert code.variant == "D1N" and graded_deals("D1N").grade_of(code.deal) == "hard"
    assert any(f"Game: {code} · Hard" in text for text in state["texts"])

    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert {"winnable", "grade:hard", "draw:D1", "scoring:N"} <= set(state["selected"])
    click(app, "draw:D3")
    state = click(app, "scoring:V", lambda s: "scoring:V" in s["selected"])
    assert "winnable" not in state["selected"], "each variant keeps its own choice"
    state = click(app, "winnable", lambda s: "winnable" in s["selected"])
    assert "grade:" in state["selected"]
    state = click(app, "start", lambda s: s["overlay"] is None)
    code = deal_of(state)
    assert code.variant == "D3V" and graded_deals("D3V").grade_of(code.deal) is not None
    assert app.quit() == 0

    app = launch(language="es_ES.UTF-8")
    grade = shipped_grade("D3V", code.deal)
    spanish = read_catalog("es")[GRADE_NAMES[grade]]
    assert any(f"{code} · {spanish}" in text for text in app.read()["texts"])
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert {"winnable", "grade:", "draw:D3", "scoring:V"} <= set(state["selected"])
    assert read_catalog("es")["Winnable deals only"] in state["texts"]
    click(app, "draw:D1")
    state = click(app, "scoring:N", lambda s: "scoring:N" in s["selected"])
    assert {"winnable", "grade:hard"} <= set(state["selected"])
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    assert deal_of(state) == code
    assert app.quit() == 0


def test_new_game_deals_a_winnable_deal_not_played_yet_while_there_is_one(launch, tmp_path):
    shipped, plugins = graded_deals("D1V"), load_plugins()
    grade = min((g for g in GRADES if shipped.count(g) >= 2), key=shipped.count)
    deals = shipped.by_grade[grade]
    for run in range(3):  # a fresh player each time, who has played every deal of the grade but one
        data = tmp_path / f"player{run}"
        store = open_store(data)
        for deal in deals[:-1]:
            game = Game(GameCode("D1", "V", deal), plugins)
            store.game_started(game)
            game.push(game.legal_moves()[0])
            store.action_done(game)
            store.game_left(game)
        store.close()
        app = launch("play", "KL1-D1V-AAAAAAG", data=data)
        app.after(lambda app=app: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
        click(app, "scoring:V", lambda s: "scoring:V" in s["selected"])
        state = click(app, f"grade:{grade}", lambda s: f"grade:{grade}" in s["selected"])
        assert {"winnable", "draw:D1", "scoring:V"} <= set(state["selected"])
        state = click(app, "start", lambda s: s["overlay"] is None)
        assert deal_of(state) == GameCode("D1", "V", deals[-1]), "the only deal of that grade not played yet"
        assert app.quit() == 0
