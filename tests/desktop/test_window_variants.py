"""Issue 14, done means: every shipped variant plays through a code in the real window, to the win,
scored as its rules say, and has its own row in the Statistics window."""

import pytest
from test_window_game import keys_for, won_game
from test_window_settings import table_rows

from solitaire_klondike.core import STOCK, Game, Move, load_plugins

LINE = "KL1-D1V-AAAAAAC"        # one pass through the stock: a won line for every variant


def bonus(seconds: int) -> int:
    return 700_000 // seconds if seconds > 30 else 0


@pytest.mark.parametrize("scoring, name", [("V3", "Vegas, three passes"), ("VC", "Cumulative Vegas"),
                                           ("TS", "Timed Standard"), ("NS", "No scoring")])
def test_a_variant_plays_to_the_win_in_the_window_and_has_its_statistics_row(launch, scoring, name):
    code = f"KL1-D1{scoring}-AAAAAAC"
    app = launch("play", code)
    untimed = Game.from_text(code, load_plugins())   # the points of the actions, no time
    app.key("Tab")
    cursor, keys, moves = STOCK, [], won_game(LINE)
    for number, text in enumerate(moves, 1):
        more, cursor = keys_for(untimed, Move.parse(text), cursor)
        keys += more
        untimed.push_text(text)
        if number % 20 == 0 or number == len(moves):
            app.key_fast(*keys)
            app.wait(lambda s, n=number: s["moves"] == n, timeout=10)
            keys = []
    state = app.wait(lambda s: s["overlay"] == "win")
    seconds = int(state["play_seconds"])
    if scoring == "TS":   # 2 points off at most every 10 seconds (never below 0), the bonus on the win
        assert untimed.score - 2 * (seconds // 10) + bonus(seconds) <= state["score"] <= untimed.score + bonus(seconds)
    else:
        assert (state["score"], state["score_text"]) == ((208, "+$208") if scoring[0] == "V" else (0, ""))
    app.after(lambda: app.key("Escape"), lambda s: s["overlay"] is None)
    assert ("Score:" in state["figures"]) == (scoring != "NS") and ("Balance:" in state["figures"]) == (scoring == "VC")
    state = app.after(lambda: app.key("F2"), lambda s: s["overlay"] == "stats")
    rows = {row[0]: row[1:] for row in table_rows(state, "en")}
    assert rows[f"Draw 1 · {name}"][:2] == ["1", "1"]                 # played 1, won 1
    assert ("Balance" in state["texts"]) == (scoring == "VC")
    if scoring == "VC":
        assert rows[f"Draw 1 · {name}"][-1] == "+$208"
