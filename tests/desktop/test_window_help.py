"""The win summary with a record beaten, F2 over the win message, Help (F1 and its button),
Shift+Tab on the table and in panels, Space on a focused button, Ctrl+V into the code field,
and panels that fit the smallest window in every language."""

from catalog_words import read_catalog
from test_window import DEAL_G
from test_window_game import centre, won_game

from solitaire_klondike.core import Game, load_plugins
from solitaire_klondike.frontends.pyglet.controller import CURSOR_ORDER
from solitaire_klondike.frontends.pyglet.panels import RULES_HELP
from solitaire_klondike.player_data import open_store

SMALLEST_TEXT = 12.0   # ui.SMALLEST_TEXT


def test_the_win_summary_tells_a_record_beaten_and_f2_works_over_it(launch, tmp_path):
    plugins = load_plugins()
    store = open_store(tmp_path)
    earlier = Game.from_text("KL1-D1N-AAAAAAD", plugins)   # a win in more moves, recorded first
    store.game_started(earlier)
    for move in won_game("KL1-D1N-AAAAAAD"):
        earlier.push_text(move)
        store.action_done(earlier)
    moves = won_game("KL1-D1N-AAAAAAC")
    game = Game.from_text("KL1-D1N-AAAAAAC", plugins)
    store.game_started(game)
    for move in moves[:-1]:
        game.push_text(move)
        store.action_done(game)
    store.close()
    assert len(moves) < len(won_game("KL1-D1N-AAAAAAD"))
    app = launch()
    state = app.after(lambda: app.key("f"), lambda s: s["celebrating"], moving=True)
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] == "win")   # skips the celebration
    assert "New record: your fewest moves!" in state["texts"]
    for widget_id, tip in (("next", "Next game (Enter)"), ("close", "Close (Esc)")):
        state = app.after(lambda: app.hover(*centre(state["panel"][widget_id])), lambda s: s["tooltip"] == tip)
    state = app.after(lambda: app.key("F2"), lambda s: s["overlay"] == "stats")
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    assert state["won"]


def test_help_by_key_and_button_shift_tab_space_and_paste(launch):
    app = launch("play", DEAL_G, language="es_ES.UTF-8")
    words = read_catalog("es")
    state = app.after(lambda: app.key("F1"), lambda s: s["overlay"] == "help")
    assert words[RULES_HELP] in state["texts"]
    state = app.after(lambda: app.key("shift+Tab"), lambda s: s["focus"] != "help:rules")
    assert state["focus"] == "close", "Shift+Tab goes backwards round the panel"
    state = app.after(lambda: app.key("shift+Tab", "shift+Tab"), lambda s: s["focus"] == "help:mouse")
    state = app.after(lambda: app.key("space"), lambda s: words["Double-tap a card"] in s["texts"])
    state = app.after(lambda: app.click(*centre(state["panel"]["help:keys"])), lambda s: "Ctrl+Z" in s["texts"])
    assert words["Undo"] in state["texts"]
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    state = app.after(lambda: app.click(*centre(state["toolbar"]["help"])), lambda s: s["overlay"] == "help")
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    # Shift+Tab on the table: the cursor shows, then goes backwards round the piles
    state = app.after(lambda: app.key("shift+Tab"), lambda s: s["cursor_shown"])
    state = app.after(lambda: app.key("shift+Tab"), lambda s: s["cursor"][0] != CURSOR_ORDER[0])
    assert state["cursor"][0] == CURSOR_ORDER[-1]
    # Ctrl+C copies the code; Ctrl+V pastes it into the New game window's field
    state = app.after(lambda: app.key("ctrl+c"), lambda s: s["clipboard"] == DEAL_G)
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    state = app.after(lambda: app.key("ctrl+v"), lambda s: s["focus"] == "code")
    assert DEAL_G + "▏" in state["texts"]
    state = app.after(lambda: app.key("Return"), lambda s: s["overlay"] is None, moving=True)
    assert state["code"] == DEAL_G and state["moves"] == 0


def test_every_panel_fits_the_smallest_window_in_every_language(launch):
    app = launch("play", DEAL_G)
    app.resize(520, 400)
    state = app.wait(lambda s: s["window"] == [520, 400])
    for language in ("en", "ca", "el", "es", "it"):   # switched in Settings, as a player would
        state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
        option = state["panel"][f"language:{language}"]
        state = app.after(lambda: app.click(*centre(option)), lambda s: s["language"] == language)
        for keys, name in (("F1", "help"), ("Right", "help"), ("Right", "help"), ("Escape F3", "settings"),
                           ("Escape F2", "stats"), ("Escape ctrl+n", "new_game")):
            state = app.after(lambda: app.key(*keys.split()), lambda s: s["overlay"] == name)
            x, y, w, h = state["panel_box"]
            assert x >= 0 and x + w <= 520 and y >= 0 and y + h <= 400, (language, name, state["panel_box"])
            for box in state["text_boxes"]:
                assert box[6] >= SMALLEST_TEXT - 0.01 and box[7] == "DejaVu Sans", (language, name, box)
            for rect in state["panel"].values():
                assert x <= rect[0] and rect[0] + rect[2] <= x + w, (language, name, rect)
        for rect in state["toolbar"].values():
            assert rect[0] >= 0 and rect[0] + rect[2] <= 520, (language, rect)
        app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
