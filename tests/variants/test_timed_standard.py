"""The built-in "Timed Standard" plugin (token TS): Windows Solitaire's Standard scoring with the
Timed game option, every figure computed by hand from its help text (see the site's Klondike page).

Points from 0 and never below: +10 a card onto a foundation, +5 a waste card onto a column,
+5 a hidden card turned, -15 a card back from a foundation; draw one: -100 every pass after the
first; draw three: -20 every pass after the third.  Every 10 seconds played, 2 points off the
score as it stands, never below 0; a win in more than 30 seconds adds 700,000 / seconds.
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
    assert game.score == 10


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


def test_ts_two_points_off_every_ten_seconds_from_the_score_as_it_stands():
    game = play(game_on(SPADES, stock="8S9S", variant="D1TS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    assert game.add_play_time(9.9) is False and game.score == 70
    assert game.add_play_time(0.1) is True and game.score == 68
    game.add_play_time(50)
    assert game.score == 58                      # five more tens: 20, 30, 40, 50, 60
    game.add_play_time(400)
    assert game.score == 0                       # 29 tens bring it to 0; the other 11 find it there
    play(game, "S W-F")
    assert game.score == 10                      # time spent at 0 cost nothing: no debt to pay back
    game.add_play_time(10)
    assert game.score == 8
    game.add_play_time(1000)
    assert game.score == 0


def test_ts_time_at_zero_costs_nothing_before_the_first_points():
    """A minute without a point, then seven cards up: 70, not 70 - 12."""
    game = game_on(SPADES, stock="8S", variant="D1TS")
    game.add_play_time(60)
    assert game.score == 0
    play(game, "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    assert game.score == 70


def test_ts_undo_takes_back_the_action_not_the_time_played():
    game = play(game_on(SPADES, stock="8S", variant="D1TS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    game.add_play_time(25)
    assert game.score == 66                      # tens 10 and 20
    play(game, "S W-F")
    assert (game.score, game.move_seconds[-2:]) == (76, [25, 25])
    game.add_play_time(10)
    assert game.score == 74                      # ten 30
    game.undo()
    assert game.score == 64                      # 66 before the card, then ten 30 again
    game.undo()
    assert game.score == 64                      # the draw scored nothing
    game.redo()
    game.redo()
    assert game.score == 74                      # played again at second 35


@pytest.mark.parametrize("seconds, score", [
    (125, 260 - 24 + 260 + 5600),                # 12 tens off 260; 700,000 / 125 = 5,600
    (31, 260 - 6 + 260 + 22580),                 # 700,000 / 31 = 22,580.6: whole points
    (30, 260 - 6 + 260),                         # not more than 30 seconds: no bonus
])
def test_ts_a_win_earns_700000_divided_by_the_seconds(seconds, score):
    game = play(game_on([], stock=ALL_IN_THE_STOCK, variant="D1TS"), "S W-F " * 26)
    assert game.score == 260
    game.add_play_time(seconds)
    play(game, "S W-F " * 26)
    assert game.is_won()
    assert game.score == score and game.score_text == str(score)
    game.add_play_time(100)
    assert game.score == score                   # the clock stands still once the game is won
    game.undo()
    assert game.score == 260 - 2 * (seconds // 10) + 250   # the bonus goes with the winning card


def test_ts_the_clock_and_each_moves_second_are_kept_with_the_saved_game():
    game = play(game_on([], stock=ALL_IN_THE_STOCK, variant="D1TS"), "S W-F")
    game.add_play_time(35.5)
    assert game.score == 4                       # tens 10, 20, 30
    play(game, "S W-F")
    assert game.score == 14
    data = json.loads(json.dumps(game.snapshot()))
    assert data["move_seconds"] == [0, 0, 35, 35]
    resumed = Game.from_snapshot(data, game.plugins)
    assert (resumed.play_seconds, resumed.score, resumed.move_seconds) == (35.5, 14, [0, 0, 35, 35])
    resumed.add_play_time(5)
    assert resumed.score == 12                   # ten 40


def test_ts_plays_through_klondike_replay_with_the_time_played():
    code, moves = next(g for g in won_games() if g[0].startswith("KL1-D1N-"))

    def replay(variant_code: str, *options: str) -> dict:
        done = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "replay", variant_code,
                               *moves, "--json", *options], capture_output=True, text=True, check=True)
        return json.loads(done.stdout)

    normal = replay(code)                        # no card comes back: draw one points match Normal's
    timed = replay(code.replace("N-", "TS-"), "--seconds", "125")
    assert timed["won"] and timed["score"] == normal["score"] + 5600   # the 125 s at 0 points cost nothing
    assert replay(code.replace("N-", "TS-"))["score"] == normal["score"]
