"""Cards move in the real window: frames caught in the middle of a deal, input during motion,
no frame while nothing moves, refusals shaken and said, lifted cards and their legal places,
the status bar, the toolbar's states."""

import subprocess
import time

from test_window import DEAL_G, slot_center, spot, visible_point

SLOW = "0.25"   # four times slower than a player's
SLOWER = "0.3"   # a deal lasts about three seconds, its last card leaving after 2.7: time enough to catch
                 # it half way on a busy machine
TARGET_COLOR = (140, 240, 120)   # view.TARGET_COLOR
STATUS_BAND = (16, 52, 30)
AD, AH, TEN_C, NINE_D = 26, 13, 48, 34


def felt(pixel) -> bool:
    return pixel[1] > pixel[0] + 40 and pixel[1] > pixel[2] + 40


def white(pixel) -> bool:
    return min(pixel) > 225


def frames_stay(app, seconds: float = 0.6, patience: float = 5.0) -> bool:
    """Within ``patience`` seconds, a stretch of ``seconds`` comes when no frame is drawn
    (nothing moves; the window's own start-up events may still be arriving on a busy machine)."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        before = app.read()["frames"]
        time.sleep(seconds)
        if app.read()["frames"] == before:
            return True
    return False


def screen_soon_other(app, before: bytes, patience: float = 3.0) -> bytes:
    """The screen once it differs from ``before`` (the frame the probe tells of is shown a moment later)."""
    end = time.monotonic() + patience
    while (after := app.pixels()[0]) == before and time.monotonic() < end:
        time.sleep(0.05)
    return after


def changed_corner(before: bytes, after: bytes, row: int) -> tuple[int, int]:
    """The leftmost column and the top row where two RGB screens differ."""
    rows = [y for y in range(len(after) // row) if after[y * row:(y + 1) * row] != before[y * row:(y + 1) * row]]
    assert rows, "the screen changed"
    columns = [next(x for x in range(row // 3) if after[y * row + 3 * x:y * row + 3 * x + 3] !=
                    before[y * row + 3 * x:y * row + 3 * x + 3]) for y in rows]
    return min(columns), rows[0]


def pixel_soon(app, point, wanted, patience: float = 3.0):
    """The pixel at ``point`` once it is ``wanted`` (the frame the probe tells of is swapped in
    a moment later), else its last value."""
    end = time.monotonic() + patience
    while True:
        pixel = app.pixel(*point)
        if pixel == wanted or time.monotonic() > end:
            return pixel
        time.sleep(0.1)


def test_a_restart_is_dealt_card_by_card_and_a_key_during_the_deal_is_not_lost(launch):
    app = launch("play", DEAL_G, motion_speed=SLOWER)
    assert frames_stay(app)
    last = spot(app.state, 6)                      # the ace of hearts, dealt last on column 7
    bottom = (last[2] + last[4] * 0.4, last[3] + last[5] * 0.05)   # only that card covers this point
    assert white(app.pixel(*bottom))
    app.key("ctrl+r")                              # no move yet: no question, the deal starts again
    state = app.wait(lambda s: s["moving"] and len(s["moving_cards"]) > 20, moving=True)
    shot = app.pixels()
    assert felt(app.pixel(*bottom, shot)), "mid-deal, the last card has not arrived yet"
    assert state["frames"] < app.wait(lambda s: s["frames"] > state["frames"] + 5, moving=True)["frames"]
    state = app.wait(lambda s: not s["moving"], timeout=15)
    assert white(app.pixel(*bottom)) and state["moves"] == 0
    assert frames_stay(app)
    # a key pressed while the cards are dealt ends the deal at once and is played
    app.key("ctrl+r")
    app.wait(lambda s: s["moving"], moving=True)
    app.key("space")
    state = app.wait(lambda s: s["moves"] == 1 and s["waste"] and 24 not in s["moving_cards"], moving=True)
    assert len(state["stock"]) == 23 and state["tableau"][6][-1] == AH
    # the draw itself moves: the card travels from the stock to the waste, then rests; with a
    # game in progress, only its clock draws a frame, once a second
    state = app.wait(lambda s: s["moves"] == 1, timeout=10)
    frames = state["frames"]
    time.sleep(1.2)
    assert app.read()["frames"] - frames <= 3


def test_a_move_slides_undo_plays_it_backwards_and_a_refusal_shakes_and_says_why(launch):
    app = launch("play", DEAL_G, motion_speed=SLOW)
    assert sorted(app.state["dimmed"]) == ["redo", "undo"]
    state = app.after(lambda: app.key("ctrl+z"), lambda s: s["status"])
    assert state["status"] == "There is nothing to undo."
    state = app.after(lambda: app.click(*visible_point(spot(state, 0))), lambda s: s["moving"] and AD in s["moving_cards"],
                      moving=True)
    assert state["foundations"][2] == 1
    state = app.wait(lambda s: s["moves"] == 1)
    assert state["dimmed"] == ["redo"]
    state = app.after(lambda: app.key("ctrl+z"), lambda s: s["moving"] and AD in s["moving_cards"], moving=True)
    assert state["foundations"][2] == 0 and state["tableau"][0] == [AD]
    state = app.wait(lambda s: not s["moving"])
    assert state["dimmed"] == ["undo"]
    # a single tap on a card with nowhere to go up: once no second tap follows, a shake and the reason
    ten = spot(state, 3)
    state = app.after(lambda: app.click(*visible_point(ten)), lambda s: s["status"] and TEN_C in s["moving_cards"],
                      moving=True)
    assert state["status"].startswith("10♣ cannot go to its foundation yet") and state["moves"] == 0


def test_lifted_cards_show_where_they_may_go_by_mouse_and_by_keyboard(launch):
    app = launch("play", DEAL_G)
    state = app.state
    nine, ten = spot(state, 4), spot(state, 3)
    start = visible_point(nine)
    app.gesture(("move", *start), ("down",), ("move", start[0] + 20, start[1] - 30), ("move", start[0] + 30, start[1] - 40))
    state = app.wait(lambda s: s["dragging"] and s["targets"])
    assert len(state["targets"]) == 1
    x, y, w, h = state["targets"][0]
    assert x < ten[2] and ten[2] + ten[4] < x + w and y < ten[3] and ten[3] + ten[5] < y + h, "the 10 of clubs is framed"
    assert app.pixels()[0].count(bytes(TARGET_COLOR)) > 200
    app.gesture(("up",))
    state = app.wait(lambda s: not s["dragging"])
    assert state["targets"] == [] and state["moves"] == 0
    # the keyboard: the 9 of diamonds held, its place framed, the holding frame drawn
    app.key("Tab", *["Right"] * 10, "Return")
    state = app.wait(lambda s: s["held"] and s["targets"])
    assert state["held"] == [4, 4] and len(state["targets"]) == 1
    state = app.after(lambda: app.key("Left", "Return"), lambda s: s["moves"] == 1)
    assert state["tableau"][3][-1] == NINE_D and state["targets"] == []


def test_the_status_bar_the_toolbar_states_and_restart_asking_first(launch):
    app = launch("play", "KL1-D1V-AAAAAAG")
    state = app.state
    assert "Stock: 24" in state["figures"] and "Pass 1 of 1" in state["figures"] and "Time: 0:00" in state["figures"]
    band = pixel_soon(app, (5, state["status_height"] / 2), STATUS_BAND)
    assert band == STATUS_BAND, "the status bar has its own background"
    undo = state["toolbar"]["undo"]
    state = app.after(lambda: app.hover(undo[0] + undo[2] / 2, undo[1] + undo[3] / 2), lambda s: s["tooltip"])
    assert state["tooltip"] == "Undo (Ctrl+Z)"
    state = app.after(lambda: app.click(*slot_center(state, 13)), lambda s: s["moves"] == 1)
    assert "Stock: 23" in state["figures"]
    before = app.pixels()
    state = app.wait(lambda s: "Time: 0:01" in s["figures"] and s["area_frames"] == 1, timeout=3)
    # the clock draws again only its own figures: the rest of the screen keeps the last whole frame
    left, top = changed_corner(before[0], screen_soon_other(app, before[0]), 3 * app.screen_width)
    _raw, window_left, window_top, window_w, window_h = before
    assert left >= window_left + window_w / 2, "only the figures, on the right, changed"
    assert top >= window_top + window_h - state["status_height"], "only in the status bar"
    # the clock stands still while the window is not seen
    subprocess.run(["xdotool", "windowunmap", "--sync", app.window], env={"DISPLAY": app.display}, check=True)
    seconds = app.read()["play_seconds"]
    time.sleep(1.5)
    assert app.read()["play_seconds"] - seconds < 0.1
    subprocess.run(["xdotool", "windowmap", "--sync", app.window], env={"DISPLAY": app.display}, check=True)
    app._xdotool("windowfocus", "--sync", app.window)
    app.wait(lambda s: s["play_seconds"] > seconds + 0.5, timeout=4)
    # Restart asks first once the game has moves; Esc keeps the game, the button restarts
    state = app.after(lambda: app.key("ctrl+r"), lambda s: s["overlay"] == "restart")
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    assert state["moves"] == 1
    state = app.after(lambda: app.key("ctrl+r"), lambda s: s["overlay"] == "restart")
    state = app.after(lambda: app.click(*_centre(state["panel"]["restart_yes"])), lambda s: s["overlay"] is None)
    assert state["moves"] == 0 and len(state["stock"]) == 24


def test_four_colours_and_larger_cards(launch):
    app = launch("play", DEAL_G)
    state = app.state
    ace = spot(state, 0)
    blue = lambda p: p[2] > p[0] + 80 and p[2] > p[1] + 50  # noqa: E731
    index = (ace[2] + ace[5] * 0.06, ace[3] + ace[5] * 0.9)   # the corner "A" of the ace of diamonds
    before = app.pixels()
    card_w = state["card_w"]
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    state = app.after(lambda: app.click(*_centre(state["panel"]["four_colours:1"])), lambda s: True)
    state = app.after(lambda: app.click(*_centre(state["panel"]["large_cards:1"])), lambda s: s["card_w"] > card_w)
    state = app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    ace = spot(state, 0)
    time.sleep(0.2)   # the frame the probe tells of is on screen once swapped
    after = app.pixels()
    inks = [app.pixel(ace[2] + ace[5] * dx, ace[3] + ace[5] * dy, after) for dx in (0.04, 0.06, 0.08) for dy in (0.88, 0.9, 0.92)]
    assert any(blue(p) for p in inks), inks
    assert not any(blue(app.pixel(*index, before)) for _ in [0])
    assert state["card_w"] > card_w * 1.1


def _centre(rect: list) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
