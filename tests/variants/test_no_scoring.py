"""The built-in "No scoring" plugin (token NS): no points, no score text, unlimited passes (R14)."""

from game_helpers import game_on, play, won_games

from solitaire_klondike.core import Game


def test_ns_is_installed_as_a_scoring_plugin(plugins):
    info = plugins.variants("scoring")["NS"]
    assert (info.name, info.source, info.variant.name) == ("no_scoring", "built-in", "No scoring")


def test_ns_scores_nothing_and_shows_no_score():
    game = game_on(["AS", "3c2S", "9D", "4c10C", "6c8C", "10S"], stock="8S9H", variant="D1NS")
    assert (game.score, game.score_text) == (0, "")
    play(game, "T1-F T2-F S W-T3 S W-T4 T5-T4")
    assert (game.score, game.score_text) == (0, "")


def test_ns_turns_the_waste_back_without_limit_or_cost(plugins):
    game = Game.from_text("KL1-D3NS-AAAAAAG", plugins)
    for _ in range(5):
        while game.position.stock:
            play(game, "S")
        play(game, "S")
    assert game.position.recycles == 5 and game.score == 0


def test_ns_only_the_win_counts(plugins):
    code, moves = next(g for g in won_games() if "N-" in g[0])
    game = play(Game.from_text(code.replace("N-", "NS-"), plugins), " ".join(moves))
    assert game.is_won() and game.score == 0 and game.score_text == ""


def test_ns_klondike_replay_prints_no_score():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "replay", "KL1-D1NS-AAAAAAG",
                           "T1-F"], capture_output=True, text=True, check=True)
    assert "Score" not in done.stdout and "Won: no" in done.stdout
