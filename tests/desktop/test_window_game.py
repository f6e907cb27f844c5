"""A whole won game played in the real window with the keyboard alone, then with the mouse alone,
to the win message."""

from pathlib import Path

from catalog_words import read_catalog

from solitaire_klondike.core import COLUMNS, FOUNDATION, STOCK, Game, Move, Pile, foundation_of, load_plugins
from solitaire_klondike.core.cards import RANK, SUIT
from solitaire_klondike.frontends.pyglet.controller import CURSOR_ORDER
from solitaire_klondike.frontends.pyglet.layout import SHOWN_STEP
from solitaire_klondike.player_data import open_store

CURSOR_COLOR = (255, 214, 64)   # view.CURSOR_COLOR (importing the view would import pyglet here)
WON_GAMES = Path(__file__).parents[1] / "data" / "won_games.txt"


def won_game(code: str) -> list[str]:
    """The moves of ``code``'s line in tests/data/won_games.txt."""
    line = next(line for line in WON_GAMES.read_text().splitlines() if line.startswith(code + ":"))
    return line.split(":")[1].split()


def keys_for(game: Game, move: Move, cursor: Pile) -> tuple[list[str], Pile]:
    """The keys that play ``move`` with the keyboard cursor, which is on pile ``cursor``; and
    where the cursor ends.  A draw is Space; a move walks to the source, lifts the right card
    with Up, picks it up with Enter, walks to the target and puts it down with Enter."""
    if move.source == STOCK:
        return ["space"], cursor
    position = game.position
    keys = ["Right", "Left"] if cursor == move.source else []   # back on the pile's top card
    keys += _walk(cursor, move.source)
    if move.source in COLUMNS and move.target in COLUMNS:
        column, onto = position.tableau[move.source], position.tableau[move.target]
        index = len(column) - (RANK[onto[-1]] - RANK[column[-1]]) if onto else position.hidden[move.source]
        keys += ["Up"] * (len(column) - 1 - index)
    card = position.top_card(move.source)
    assert card is not None
    target = foundation_of(SUIT[card]) if move.target == FOUNDATION else move.target
    return [*keys, "Return", *_walk(move.source, target), "Return"], target


def _walk(start: Pile, end: Pile) -> list[str]:
    """The shorter way round the cursor's ring of piles."""
    steps = (CURSOR_ORDER.index(end) - CURSOR_ORDER.index(start)) % len(CURSOR_ORDER)
    return ["Right"] * steps if steps <= len(CURSOR_ORDER) / 2 else ["Left"] * (len(CURSOR_ORDER) - steps)


def test_a_whole_game_won_with_the_keyboard_alone(launch):
    code = "KL1-D1N-AAAAAAC"
    app = launch("play", code, language="es_ES.UTF-8")
    game = Game.from_text(code, load_plugins())
    app.key("Tab")   # shows the cursor, on the stock
    cursor, keys, moves = STOCK, [], won_game(code)
    for number, text in enumerate(moves, 1):
        move = Move.parse(text)
        more, cursor = keys_for(game, move, cursor)
        keys += more
        game.push(move)
        if number % 20 == 0 or number == len(moves):   # a few moves at a time, then check
            app.key_fast(*keys)
            app.wait(lambda s: s["moves"] == number and s["tableau"] == game.position.tableau, timeout=10)
            keys = []
    state = app.wait(lambda s: s["overlay"] == "win")
    assert state["won"] and state["foundations"] == [13] * 4 and state["score"] == game.score
    words = read_catalog("es")
    assert words["You won!"] in state["texts"]
    assert words["Final score: {score}"].format(score=game.score_text) in state["texts"]


def picked_index(game: Game, move: Move) -> int | None:
    """The card of the source a move lifts: the one that fits the target column, else the top."""
    position = game.position
    if move.source not in COLUMNS:
        return None
    column = position.tableau[move.source]
    if move.target in COLUMNS:
        target = position.tableau[move.target]
        return len(column) - (RANK[target[-1]] - RANK[column[-1]]) if target else position.hidden[move.source]
    return len(column) - 1


def gesture_for(game: Game, move: Move, state: dict, number: int) -> tuple[str, list[tuple]]:
    """How a player plays ``move`` with the mouse on the table the probe ``state`` shows: a tap on
    the stock, a single tap for a foundation move, a double tap for every other column move that
    a double tap finds, else a drag (press, move in steps, release)."""
    if move.source == STOCK:
        x, y, w, h = state["slots"][str(STOCK)]
        return "tap", [("move", x + w / 2, y + h / 2), ("click", 1)]
    index = picked_index(game, move)
    card = next(s for s in reversed(state["spots"]) if s[6] == move.source and (index is None or s[7] == index))
    x, y, w, h = card[2:6]
    # taps alternate between two points of a card, so two single taps on one pile never make a double tap
    point = (x + w * (0.3 if number % 2 else 0.7), y + h - 6)
    if move.target == FOUNDATION:
        assert game.tap_move(move.source) == move
        return "tap", [("move", *point), ("click", 1)]
    if game.tap_move(move.source) is None and game.double_tap_move(move.source, index) == move and number % 3:
        return "double tap", [("move", *point), ("click", 2)]
    column = [s for s in state["spots"] if s[6] == move.target]
    tx, ty = (column[-1][2], column[-1][3] - h * SHOWN_STEP) if column else state["slots"][str(move.target)][:2]
    dx, dy = tx - x, ty - y
    path = [("move", point[0] + dx * step / 6, point[1] + dy * step / 6) for step in range(1, 7)]
    return "drag", [("move", *point), ("down",), *path, ("up",)]


FINISHABLE_AFTER = 113   # KL1-D1N-AAAAAAC: every card face up, the stock and the waste empty


def centre(rect: list) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def test_a_whole_game_won_with_the_mouse_alone_and_finished_with_the_finish_button(launch):
    """R20: the Finish button shows only once every card is face up and the stock and the waste
    are empty, and plays the rest up as ordinary actions; the win message closes with the mouse."""
    code = "KL1-D1N-AAAAAAC"
    app = launch("play", code)
    game = Game.from_text(code, load_plugins())
    state, kinds = app.state, set()
    for number, text in enumerate(won_game(code)[:FINISHABLE_AFTER], 1):
        assert "finish" not in state["status_bar"], number
        move = Move.parse(text)
        kind, steps = gesture_for(game, move, state, number)
        kinds.add(kind)
        game.push(move)
        position = game.position
        app.gesture(*steps)   # as soon as the game has the move: the next gesture ends its motion at once
        state = app.wait(lambda s: s["moves"] == number and s["tableau"] == position.tableau
                         and s["waste"] == position.waste and s["foundations"] == position.foundations, timeout=5,
                         moving=True)
        assert state["hidden"] == position.hidden and state["stock"] == position.stock, (number, text)
    assert kinds == {"tap", "double tap", "drag"}
    assert sum(state["foundations"]) < 52 and not state["won"]
    finish = state["status_bar"]["finish"]
    state = app.after(lambda: app.hover(*centre(finish)), lambda s: s["tooltip"] == "Finish (F)")
    assert state["tooltip_box"][1] >= finish[1] + finish[3], "over the button, in the window"
    app.click(*centre(finish))
    state = app.wait(lambda s: s["finishing"] and s["moving"], moving=True)
    assert 0 < len(state["moving_cards"]) <= 2, "one card at a time goes up"
    state = app.wait(lambda s: s["celebrating"], moving=True, timeout=10)
    for text in won_game(code)[FINISHABLE_AFTER:]:
        game.push_text(text)
    assert state["won"] and state["foundations"] == [13] * 4 and state["score"] == game.score
    assert state["moves"] == len(won_game(code)), "each card was its own action"
    state = app.after(lambda: app.click(*centre(state["slots"]["3"])), lambda s: s["overlay"] == "win")
    assert f"Final score: {game.score_text}" in state["texts"]
    assert any(t.startswith("Time: ") and t.endswith(f"Moves: {game.move_count}") for t in state["texts"])
    state = app.after(lambda: app.click(*centre(state["panel"]["close"])), lambda s: s["overlay"] is None)
    for _ in range(2):   # clicks on the table leave the message closed
        state = app.after(lambda: app.click(*centre(state["slots"]["9"])))
        assert state["overlay"] is None
    state = app.after(lambda: app.key("ctrl+z"), lambda s: s["moves"] == len(won_game(code)) - 1)
    assert sum(state["foundations"]) == 51 and "finish" in state["status_bar"]


def cursor_pixels(app) -> int:
    """How many pixels of the screen have the keyboard cursor's colour."""
    return app.pixels()[0].count(bytes(CURSOR_COLOR))


def test_the_cursor_hides_after_the_win_a_restart_and_a_new_game(launch, tmp_path):
    code = "KL1-D1N-AAAAAAC"
    *moves, last = won_game(code)
    game = Game.from_text(code, load_plugins())
    store = open_store(tmp_path)
    store.game_started(game)
    for move in moves:
        game.push_text(move)
        store.action_done(game)
    store.close()
    app = launch()
    state = app.after(lambda: app.key("Tab"), lambda s: s["cursor_shown"])
    assert cursor_pixels(app) > 100
    keys, _cursor = keys_for(game, Move.parse(last), STOCK)
    app.key(*keys)
    app.wait(lambda s: s["overlay"] == "win")
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    assert state["won"] and not state["cursor_shown"] and cursor_pixels(app) == 0
    for shortcut in ("ctrl+r", "ctrl+n Return"):
        before = app.after(lambda: app.key("Tab"), lambda s: s["cursor_shown"])
        # the restart is seen by its move count going to 0, the new game (a random deal) by its code
        state = app.after(lambda: app.key(*shortcut.split()),
                          lambda s: s["moves"] == 0 and s["overlay"] is None and (
                              shortcut == "ctrl+r" or s["code"] != before["code"]),
                          moving=True)   # the cursor hides as the deal starts; Tab ends the deal's motion
        assert not state["cursor_shown"] and state["cursor"] == [STOCK, None] and cursor_pixels(app) == 0



def test_a_card_taken_back_from_a_foundation_by_drag_and_by_keyboard(launch):
    """R11 in the window, on the site's example game: AH comes back from its foundation onto 2S."""
    code, ace_of_hearts = "KL1-D1N-AAAAAAB", 13
    app = launch("play", code)
    game = Game.from_text(code, load_plugins())
    app.key("Tab")
    keys, cursor = [], STOCK
    for text in ["S", "T1-T7", "T5-T1", "T5-F"]:
        more, cursor = keys_for(game, Move.parse(text), cursor)
        keys += more
        game.push_text(text)
    app.key_fast(*keys)
    app.wait(lambda s: s["moves"] == 4 and s["foundations"][1] == 1)
    more, cursor = keys_for(game, Move.parse("FH-T4"), cursor)
    app.key_fast(*more)
    state = app.wait(lambda s: s["moves"] == 5)
    assert state["foundations"][1] == 0 and state["tableau"][3][-1] == ace_of_hearts
    app.key("ctrl+z")
    state = app.wait(lambda s: s["moves"] == 4 and s["foundations"][1] == 1)
    top = next(s for s in reversed(state["spots"]) if s[6] == 10)
    target = next(s for s in reversed(state["spots"]) if s[6] == 3)
    start = (top[2] + top[4] / 2, top[3] + top[5] - 8)
    end = (target[2] + target[4] / 2, target[3] + target[5] - 30)
    state = app.after(lambda: app.drag(start, end), lambda s: s["moves"] == 5)
    assert state["foundations"][1] == 0 and state["tableau"][3][-1] == ace_of_hearts
