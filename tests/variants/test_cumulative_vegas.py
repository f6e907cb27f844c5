"""The built-in "Cumulative Vegas" plugin (token VC): each game scored as Vegas (R16, one pass),
the balance carried from game to game (R17 leaves that to a plugin)."""

import pytest
from game_helpers import game_on, play, won_games

from solitaire_klondike.core import Game, IllegalMoveError


def test_vc_is_installed_as_a_scoring_plugin(plugins):
    info = plugins.variants("scoring")["VC"]
    assert (info.name, info.source, info.variant.name) == ("cumulative_vegas", "built-in", "Cumulative Vegas")


def test_vc_scores_each_game_as_vegas_one_pass(plugins):
    game = game_on(["AS", "2S", "3S"], stock="4S", variant="D1VC")
    assert (game.score, game.score_text) == (-52, "-$52")
    play(game, "T1-F T2-F T3-F S W-F")
    assert (game.score, game.score_text) == (-32, "-$32")
    game = Game.from_text("KL1-D1VC-AAAAAAG", plugins)
    while game.position.stock:
        play(game, "S")
    with pytest.raises(IllegalMoveError, match="never turns the waste back"):
        play(game, "S")


def test_vc_a_won_game_ends_at_plus_208(plugins):
    code, moves = next(g for g in won_games() if "V-" in g[0])
    game = play(Game.from_text(code.replace("V-", "VC-"), plugins), " ".join(moves))
    assert game.is_won() and game.score_text == "+$208"

