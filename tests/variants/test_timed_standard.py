"""The built-in "Timed Standard" plugin (token TS): Windows Solitaire's Standard scoring with the
Timed game option, every figure computed by hand from its help text (see the site's Klondike page).

Points from 0 and never below: +10 a card onto a foundation, +5 a waste card onto a column,
+5 a hidden card turned, -15 a card back from a foundation; draw one: -100 every pass after the
first; draw three: -20 every pass after the third.  2 points off every 10 seconds played; a win
in more than 30 seconds adds 700,000 / seconds.
"""

import json
import subprocess
import sys

import pytest
from game_helpers import game_on, play, won_games

from solitaire_klondike.core import CARD_NAMES, Game

SPADES = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
ALL_IN_THE_STOCK = "".join(CARD_NAMES)          # ace of spades first, king of clubs last


def test_ts_is_installed_as_a_scoring_plugin(plugins):
    info = plugins.variants("scoring")["TS"]
    assert (info.name, info.source, info.variant.name) == ("timed_standard", "built-in", "Timed Standard")


def test_ts_scores_the_standard_table():
    game = game_on(["AS", "3c2S", "9D", "4c10C", "6c8C", "10S"], stock="8S9H", variant="D1TS")
    assert (game.score, game.score_text) == (0, "0")
    play(game, "T1-F")
    assert game.score == 10                      # a card onto a foundation
    play(game, "T2-F")
    assert game.score == 25                      # ... and a hidden card turned
    play(game, "S W-T3")
    assert game.score == 30                      # a waste card onto a column
    play(game, "S W-T4 T5-T4")
    assert game.score == 40                      # column to column 0, the turned 6C +5
    play(game, "T3-T6")
    assert game.score == 40                      # a sequence to another column: 0


def test_ts_a_card_back_from_a_foundation_costs_15_never_below_zero():
    game = play(game_on(["AH", "2H", "3C", "3S"], variant="D1TS"), "T1-F T2-F")
    assert game.score == 20
    play(game, "FH-T3")
    assert game.score == 5
    play(game, "T3-F")
    assert game.score == 15
    play(game, "FH-T4")
    assert game.score == 0                       # 15 - 15
    play(game, "T4-F FH-T3")
    assert game.score == 0                       # 10 - 15, floored after the action
    game.undo()
    assert game.score == game.points == 10


def test_ts_draw_one_every_pass_after_the_first_costs_100():
    game = play(game_on(SPADES, stock="8S9S10SJSQSKS", variant="D1TS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    play(game, "S W-F S W-F S W-F S W-F S W-F")
    assert game.score == 120
    for expected in (20, 0):
        while game.position.stock:
            play(game, "S")
        play(game, "S")
        assert game.score == expected


def test_ts_draw_three_passes_two_and_three_are_free_then_20_each():
    game = play(game_on(SPADES, stock="8S9S10SJSQSKS", variant="D3TS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    scores = []
    for _ in range(4):
        while game.position.stock:
            play(game, "S")
        play(game, "S")
        scores.append(game.score)
    assert scores == [70, 70, 50, 30]            # passes 2 and 3 free, 4 and 5 cost 20


def test_ts_two_points_off_every_ten_seconds_played():
    game = play(game_on(SPADES, stock="8S", variant="D1TS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    assert game.add_play_time(9.9) is False and game.score == 70
    assert game.add_play_time(0.1) is True and game.score == 68
    game.add_play_time(50)
    assert (game.score, game.points) == (58, 70)
    game.add_play_time(400)
    assert game.score == 0                       # 70 - 92, never below 0
    play(game, "S W-F")
    assert game.score == 0                       # 80 - 92
    game.add_play_time(1000)
    assert game.score == 0


@pytest.mark.parametrize("seconds, score", [
    (125, 520 - 24 + 5600),                      # 700,000 / 125 = 5,600
    (31, 520 - 6 + 22580),                       # 700,000 / 31 = 22,580.6: whole points
    (30, 520 - 6),                               # not more than 30 seconds: no bonus
])
def test_ts_a_win_earns_700000_divided_by_the_seconds(seconds, score):
    game = game_on([], stock=ALL_IN_THE_STOCK, variant="D1TS")
    game.add_play_time(seconds)
    play(game, "S W-F " * 52)
    assert game.is_won() and game.points == 520
    assert game.score == score and game.score_text == str(score)
    game.add_play_time(100)
    assert game.score == score                   # the clock stands still once the game is won


def test_ts_the_clock_is_kept_with_the_saved_game():
    game = game_on([], stock=ALL_IN_THE_STOCK, variant="D1TS")
    game.add_play_time(35.5)
    play(game, "S W-F")
    assert game.score == 10 - 6
    resumed = Game.from_snapshot(json.loads(json.dumps(game.snapshot())), game.plugins)
    assert (resumed.play_seconds, resumed.points, resumed.score) == (35.5, 10, 4)


def test_ts_plays_through_klondike_replay_with_the_time_played():
    code, moves = next(g for g in won_games() if g[0].startswith("KL1-D1N-"))

    def replay(variant_code: str, *options: str) -> dict:
        done = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "replay", variant_code,
                               *moves, "--json", *options], capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    normal = replay(code)                        # no card comes back: draw one points match Normal's
    timed = replay(code.replace("N-", "TS-"), "--seconds", "125")
    assert timed["won"] and timed["score"] == normal["score"] - 24 + 5600
    assert replay(code.replace("N-", "TS-"))["score"] == normal["score"]
