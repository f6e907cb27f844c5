"""The built-in "Vegas, three passes" plugin (token V3): Vegas dollars (R16), the stock gone
through up to three times (two recycles, R14's limit raised)."""

import pytest
from game_helpers import game_on, play, won_games

from solitaire_klondike.core import Game, IllegalMoveError, Move


def test_v3_is_installed_as_a_scoring_plugin(plugins):
    info = plugins.variants("scoring")["V3"]
    assert (info.name, info.source, info.variant.name) == ("vegas3", "built-in", "Vegas, three passes")


@pytest.mark.parametrize("draw", ["D1", "D3"])
def test_v3_turns_the_waste_back_twice_then_refuses(plugins, draw):
    game = Game.from_text(f"KL1-{draw}V3-AAAAAAG", plugins)
    for recycle in (1, 2):
        while game.position.stock:
            play(game, "S")
        play(game, "S")
        assert game.position.recycles == recycle and len(game.position.stock) == 24
    while game.position.stock:
        play(game, "S")
    before = (game.position.key(), game.score)
    assert Move.stock() not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="turned back 2 times"):
        play(game, "S")
    assert (game.position.key(), game.score) == before


def test_v3_scores_dollars_as_vegas_a_recycle_costs_nothing():
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "2c7S"]
    game = game_on(spades, stock="8S9S10SJSQSKS", variant="D1V3")
    assert (game.score, game.score_text) == (-52, "-$52")
    play(game, "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    assert game.score == -17                     # 7 cards at $5; the turned card scores nothing
    play(game, "S W-F S W-F S W-F S W-F")
    assert (game.score, game.score_text) == (3, "+$3")   # the 11th card
    while game.position.stock:
        play(game, "S")
    play(game, "S")
    assert game.score == 3 and game.position.recycles == 1


def test_v3_a_won_game_ends_at_plus_208(plugins):
    code, moves = next(g for g in won_games() if "V-" in g[0])
    game = play(Game.from_text(code.replace("V-", "V3-"), plugins), " ".join(moves))
    assert game.is_won() and game.score_text == "+$208"
