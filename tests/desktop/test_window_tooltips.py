"""Every button says what it is and which key presses it when the pointer rests on it: the
toolbar's, and those of every panel (Settings, New game, Statistics, Help, the restart
question), in the player's language, in a dark box beside the button."""

import time

from catalog_words import read_catalog
from test_window import DEAL_G, slot_center
from test_window_game import centre

TOOLBAR = {"new": "New game (Ctrl+N)", "restart": "Restart (Ctrl+R)", "undo": "Undo (Ctrl+Z)",
           "redo": "Redo (Ctrl+Y)", "hint": "Hint (H)", "help": "Help (F1)", "stats": "Statistics (F2)",
           "settings": "Settings (F3)", "copy": "Copy the game code (Ctrl+C)"}


def tip(app, area, text: str) -> dict:
    """Rest the pointer on ``area``; answer the state once the tooltip says ``text``."""
    return app.after(lambda: app.hover(*centre(area)), lambda s: s["tooltip"] == text)


def dark_box_shown(app, box) -> bool:
    """Whether the tooltip's box is on the screen (its corner is dark), within a moment."""
    end = time.monotonic() + 3
    while time.monotonic() < end:
        if max(app.pixel(box[0] + 2, box[1] + 2)) < 70:
            return True
        time.sleep(0.05)
    return False


def test_every_button_has_a_tooltip_with_its_shortcut(launch):
    app = launch("play", DEAL_G)
    state = app.state
    for widget_id, text in TOOLBAR.items():
        state = tip(app, state["toolbar"][widget_id], text)
        box, button = state["tooltip_box"], state["toolbar"][widget_id]
        assert box[1] + box[3] <= button[1], "under its button"
    assert dark_box_shown(app, state["tooltip_box"])
    state = app.after(lambda: app.hover(state["window"][0] / 2, state["status_height"] + 4), lambda s: s["tooltip"] == "")
    # Settings: Enter presses Close, Esc too; the other buttons are reached with Tab
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    state = tip(app, state["panel"]["plugins"], "Plugins (Tab, then Space)")
    state = tip(app, state["panel"]["close"], "Close (Enter, Esc)")
    state = tip(app, state["panel"]["large_cards:1"], "Larger (Tab, then Space)")
    assert dark_box_shown(app, state["tooltip_box"])
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    # New game: Start is the default, Cancel closes; the code field takes a paste
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    state = tip(app, state["panel"]["start"], "Start (Enter)")
    state = tip(app, state["panel"]["close"], "Cancel (Esc)")
    state = tip(app, state["panel"]["code"], "Type or paste a game code (Ctrl+V)")
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    # Statistics and Help
    state = app.after(lambda: app.key("F2"), lambda s: s["overlay"] == "stats")
    state = tip(app, state["panel"]["reset"], "Reset statistics (Tab, then Space)")
    state = app.after(lambda: app.key("F1"), lambda s: s["overlay"] == "help")
    state = tip(app, state["panel"]["help:keys"], "Keys (Tab, then Space)")
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    # the restart question, once the game has a move
    state = app.after(lambda: app.click(*slot_center(state, 13)), lambda s: s["moves"] == 1)
    state = app.after(lambda: app.key("ctrl+r"), lambda s: s["overlay"] == "restart")
    state = tip(app, state["panel"]["restart_yes"], "Restart (Tab, then Space)")
    state = tip(app, state["panel"]["close"], "Keep playing (Enter, Esc)")


def test_tooltips_speak_the_players_language(launch):
    app = launch("play", DEAL_G, language="es_ES.UTF-8")
    words = read_catalog("es")
    state = tip(app, app.state["toolbar"]["undo"], f"{words['Undo']} (Ctrl+Z)")
    state = app.after(lambda: app.key("F3"), lambda s: s["overlay"] == "settings")
    state = tip(app, state["panel"]["close"], f"{words['Close']} ({words['Enter']}, Esc)")
    assert state["tooltip"] == "Cerrar (Intro, Esc)"
    state = tip(app, state["panel"]["plugins"], f"{words['Plugins']} ({words['Tab, then Space']})")
