"""The real window under Xvfb, driven by real mouse and key events (xdotool).

Deals: KL1-D1N-AAAAAAG has the ace of diamonds alone on T1, the ace of hearts on top of T7
and the 9 of diamonds (T5) fitting the 10 of clubs (T4).  KL1-D1N-AAAAAAF: the 7 of clubs
(T4) fits the 8 of diamonds (T7), after which both go onto the 9 of clubs (T2) as a sequence.
"""

import time
from pathlib import Path

import pytest
from catalog_words import read_catalog

from solitaire_klondike.core import Game, load_plugins
from solitaire_klondike.player_data import open_store

DEAL_G, DEAL_F = "KL1-D1N-AAAAAAG", "KL1-D1N-AAAAAAF"
AD, NINE_D, SEVEN_C, EIGHT_D = 26, 34, 45, 33


def spot(state: dict, pile: int, index: int | None = None) -> list:
    """The drawn card at ``index`` of ``pile`` (its top card by default)."""
    return next(s for s in reversed(state["spots"]) if s[6] == pile and (index is None or s[7] == index))


def visible_point(card: list) -> tuple[float, float]:
    """A point of the card that no other card covers (near its top edge)."""
    return card[2] + card[4] / 2, card[3] + card[5] - 8


def slot_center(state: dict, pile: int) -> tuple[float, float]:
    x, y, w, h = state["slots"][str(pile)]
    return x + w / 2, y + h / 2


def test_tap_to_foundation_double_tap_undo_redo_draw(launch):
    app = launch("play", DEAL_G)
    state = app.state
    t1 = visible_point(spot(state, 0))
    x, y, w, h = state["slots"]["11"]
    blank_of_foundation = (x + w * 0.8, y + h * 0.85)   # a plain white part of a card face
    before = app.pixels()
    assert min(app.pixel(*t1, before)) > 230 and min(app.pixel(*blank_of_foundation, before)) < 200
    state = app.after(lambda: app.click(*t1), lambda s: s["foundations"][2] == 1)
    assert state["tableau"][0] == [] and state["score_text"] == "10"
    after = app.pixels()
    assert min(app.pixel(*t1, after)) < 200, "the ace left the column on screen"
    assert min(app.pixel(*blank_of_foundation, after)) > 230, "the ace shows on its foundation"
    time.sleep(0.5)
    state = app.after(lambda: app.click(*visible_point(spot(state, 4)), repeat=2), lambda s: s["tableau"][3][-1] == NINE_D)
    assert state["moves"] == 2 and len(state["tableau"][4]) == 4
    state = app.after(lambda: app.key("ctrl+z"), lambda s: s["moves"] == 1)
    assert state["tableau"][4][-1] == NINE_D and state["can_redo"]
    state = app.after(lambda: app.key("ctrl+y"), lambda s: s["moves"] == 2)
    state = app.after(lambda: app.key("ctrl+z"), lambda s: s["moves"] == 1)
    state = app.after(lambda: app.key("ctrl+shift+z"), lambda s: s["moves"] == 2)
    assert state["tableau"][3][-1] == NINE_D
    figures = state["figures"]
    state = app.after(lambda: app.click(*slot_center(state, 13)), lambda s: len(s["stock"]) == 23)
    assert state["waste"] == [24] and state["figures"] != figures and "Stock: 23" in state["figures"]
    state = app.after(lambda: app.key("space"), lambda s: len(s["stock"]) == 22)


def test_single_tap_on_a_card_that_cannot_go_up_does_nothing(launch):
    app = launch("play", DEAL_G)
    state = app.after(lambda: app.click(*visible_point(spot(app.state, 3))))
    assert state["moves"] == 0


def test_drag_a_card_then_a_sequence_and_an_illegal_drop_slides_back(launch):
    app = launch("play", DEAL_F)
    state = app.state
    start = visible_point(spot(state, 3))
    end = visible_point(spot(state, 6))
    state = app.after(lambda: app.drag(start, (end[0], end[1] - 30)), lambda s: s["tableau"][6][-1] == SEVEN_C)
    eight = spot(state, 6, len(state["tableau"][6]) - 2)
    assert eight[0] == EIGHT_D
    target = visible_point(spot(state, 1))
    state = app.after(lambda: app.drag(visible_point(eight), (target[0], target[1] - 30)),
                      lambda s: s["tableau"][1][-2:] == [EIGHT_D, SEVEN_C])
    assert state["moves"] == 2
    before = {k: state[k] for k in ("tableau", "hidden", "waste", "foundations", "moves")}
    t1 = visible_point(spot(state, 0))
    t3 = visible_point(spot(state, 2))
    state = app.after(lambda: app.drag(t1, (t3[0], t3[1] - 30)), lambda s: not s["sliding"] and not s["dragging"])
    assert {k: state[k] for k in before} == before
    assert spot(state, 0)[2:4] == spot(app.state, 0)[2:4]


def test_recycle_with_normal_scoring(launch):
    app = launch("play", DEAL_G)
    app.key(*["space"] * 24)
    state = app.wait(lambda s: not s["stock"])
    assert len(state["waste"]) == 24
    state = app.after(lambda: app.click(*slot_center(state, 13)), lambda s: len(s["stock"]) == 24)
    assert state["waste"] == [] and state["score"] == 0


def test_new_game_with_each_plugin_pair_and_typed_codes(launch, tmp_path):
    app = launch("play", DEAL_G)
    for draw in ("D1", "D3"):
        for scoring in ("N", "V"):
            state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
            for option in (f"draw:{draw}", f"scoring:{scoring}"):
                rect = app.read()["panel"][option]
                app.after(lambda: app.click(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2))
            rect = app.read()["panel"]["start"]
            state = app.after(lambda: app.click(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2),
                              lambda s: s["overlay"] is None, moving=True)   # Ctrl+N ends the deal's motion
            assert state["code"][4:7] == draw + scoring and state["moves"] == 0
            assert state["score_text"] == ("-$52" if scoring == "V" else "0")
    app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    app.type("KL1-D3V-AAAAAAB")
    state = app.after(lambda: app.key("Return"), lambda s: s["overlay"] is None, moving=True)
    assert state["code"] == "KL1-D3V-AAAAAAB"
    app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    app.type("KL1-D1N-AAA")
    state = app.after(lambda: app.key("Return"), lambda s: any("seven letters" in t for t in s["texts"]))
    assert state["overlay"] == "new_game" and state["code"] == "KL1-D3V-AAAAAAB"
    app.key(*["BackSpace"] * 11)
    app.type("KL1-D9N-AAAAAAA")
    state = app.after(lambda: app.key("Return"), lambda s: any("not installed" in t and "D9" in t for t in s["texts"]))
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    assert state["code"] == "KL1-D3V-AAAAAAB"
    assert app.quit() == 0
    store = open_store(tmp_path)
    assert (store.get_setting("draw"), store.get_setting("scoring")) == ("D3", "V")
    store.close()


def test_keyboard_alone_plays_a_card_to_its_foundation(launch):
    app = launch("play", DEAL_G)
    app.key("Tab")   # shows the cursor, on the stock
    app.key(*["Right"] * 6, "Return")   # T1: pick up the ace of diamonds
    app.key("Left", "Left", "Return")    # the diamonds foundation: put it down
    state = app.wait(lambda s: s["foundations"][2] == 1)
    assert state["tableau"][0] == []


def test_resize_keeps_every_card_in_the_window(launch):
    app = launch("play", DEAL_G)
    small = app.state["card_w"]
    for width, height in ((700, 500), (1260, 780)):
        state = app.after(lambda: app.resize(width, height), lambda s: s["window"] == [width, height])
        assert all(s[2] >= 0 and s[2] + s[4] <= width and s[3] >= 0 and s[3] + s[5] <= height for s in state["spots"])
    assert state["card_w"] > small


def test_closing_keeps_the_game_and_the_next_start_resumes_it(launch, tmp_path):
    app = launch("play", DEAL_G)
    app.after(lambda: app.click(*visible_point(spot(app.state, 0))), lambda s: s["moves"] == 1)
    assert app.quit() == 0
    again = launch()
    assert again.state["code"] == DEAL_G and again.state["moves"] == 1 and again.state["foundations"][2] == 1


def test_win_message_with_the_final_score_then_next_game(launch, tmp_path):
    won_games = (Path(__file__).parents[1] / "data" / "won_games.txt").read_text().splitlines()
    line = next(text for text in won_games if text.startswith("KL1-D1V"))
    code, moves = line.split(":")
    plugins = load_plugins()
    game = Game.from_text(code, plugins)
    store = open_store(tmp_path)
    store.game_started(game)
    for move in moves.split()[:-1]:
        game.push_text(move)
        store.action_done(game)
    store.close()
    app = launch()
    last = moves.split()[-1]
    assert last == "T7-F"
    state = app.after(lambda: app.click(*visible_point(spot(app.state, 6))), lambda s: s["overlay"] == "win")
    assert state["won"] and any("+$208" in t for t in state["texts"])
    state = app.after(lambda: app.key("Return"), lambda s: s["overlay"] is None)
    assert state["code"] != code and state["code"][4:7] == "D1V" and state["moves"] == 0


def test_copy_the_code(launch):
    app = launch("play", DEAL_G)
    state = app.after(lambda: app.key("ctrl+c"), lambda s: s["clipboard"] == DEAL_G)
    assert DEAL_G in state["status"]


@pytest.mark.parametrize("language", ["ca", "el", "es", "it"])
def test_each_language_shows_translated_text(launch, language):
    app = launch("play", DEAL_G, language=f"{language}_XX.UTF-8".replace("XX", language.upper()))
    words = read_catalog(language)
    assert app.state["language"] == language
    assert app.state["texts"][0] == words["New game"] != "New game"
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert words["Draw 3"] in state["texts"] and words["Vegas"] in state["texts"]
    # small text on whole pixels: glyphs are sampled nearest, a fractional place drops strokes (a Greek tau)
    state = app.after(lambda: app.resize(800, 600), lambda s: s["window"] == [800, 600])
    assert all(x == int(x) and y == int(y) for x, y in state["text_at"]), state["text_at"]


def test_the_language_setting_overrides_the_system(launch, tmp_path):
    store = open_store(tmp_path)
    store.set_setting("language", "it")
    store.close()
    app = launch("play", DEAL_G, language="es_ES.UTF-8")
    assert app.state["language"] == "it"
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    rect = state["panel"]["language:el"]
    state = app.after(lambda: app.click(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2), lambda s: s["language"] == "el")
    assert state["texts"][0] == read_catalog("el")["New game"]
