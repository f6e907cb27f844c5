"""The Hint in the real window: the next move of a winning line, shown on the table and said in the
status bar; the next one at once after following it; a search that never holds up the table."""

import time
from pathlib import Path

from test_window_game import keys_for

from solitaire_klondike.core import STOCK, WINNABLE, Game, Move, load_plugins
from solitaire_klondike.frontends.pyglet.hint import move_words

HINT_COLOR = (255, 64, 160)   # view.HINT_COLOR (importing the view would import pyglet here)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100   # utime + stime, in clock ticks of 1/100 s


def hint_pixels_become(app, wanted) -> bool:
    """Whether the screen's count of hint-coloured pixels satisfies ``wanted`` within 5 s (a frame
    the probe has seen may reach the screen a little later)."""
    end = time.monotonic() + 5
    while time.monotonic() < end:
        if wanted(app.pixels()[0].count(bytes(HINT_COLOR))):
            return True
        time.sleep(0.1)
    return False


def test_hint_shows_the_next_move_of_a_winning_line_then_the_next_after_it(launch):
    code = "KL1-D1N-AAAAAAG"
    app = launch("play", code)
    game = Game.from_text(code, load_plugins())
    app.key("Tab")   # the keyboard cursor shows, on the stock
    cursor = STOCK
    for number in (1, 2, 3):
        state = app.after(lambda: app.key("h"), lambda s: s["hint"]["move"], timeout=40)
        move = Move.parse(state["hint"]["move"])
        assert state["status"] == f"Hint: {move_words(game.position, move)}."
        assert state["hint"]["from"] and (state["hint"]["to"] or move.source == STOCK)
        assert hint_pixels_become(app, lambda n: n > 100)    # the frames are on the screen
        if number > 1:
            assert not state["hint"]["busy"]   # known from the line already found: no new search
        keys, cursor = keys_for(game, move, cursor)
        game.push(move)
        app.key(*keys)
        state = app.wait(lambda s: s["moves"] == number and s["tableau"] == game.position.tableau)
        assert state["hint"]["move"] is None and hint_pixels_become(app, lambda n: n == 0)
    assert game.solve(30).verdict == WINNABLE   # the moves hinted keep the game winnable


def test_the_table_answers_while_the_hint_thinks_and_a_move_cancels_it(launch):
    app = launch("play", "KL1-D1V-AAAAAAB")   # one pass: the solver thinks for a long time here
    state = app.after(lambda: app.key("h"), lambda s: s["hint"]["busy"])
    assert state["status"] == "Looking for a winning line…"
    asked = time.monotonic()
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1, timeout=3)
    assert time.monotonic() - asked < 3
    assert not state["hint"]["busy"] and state["hint"]["move"] is None and state["status"] == ""
    time.sleep(0.5)
    before = cpu_seconds(app.process.pid)
    time.sleep(1.5)
    assert cpu_seconds(app.process.pid) - before < 0.2   # the search stopped: the game idles
    assert app.read()["hint"]["move"] is None           # and its answer never shows
