"""The play clock a timed scoring plugin reads: ``Game.play_seconds`` and ``klondike_timed_score``."""

import json

import pytest

from solitaire_klondike.core import NO_LIMIT, Action, Game, PluginError, Variant, load_plugins


class MinusOneASecond:
    """A scoring plugin (token ``ZT``): Normal-like points, one point off each whole second played,
    and 1000 more once the game is won."""

    def klondike_variant(self) -> Variant:
        return Variant("scoring", "ZT", "Clock test", "A point off every second")

    def klondike_recycle_limit(self) -> int:
        return NO_LIMIT

    def klondike_initial_score(self) -> int:
        return 0

    def klondike_score(self, score: int, action: Action) -> int:
        return score + (10 if action.move.target_kind == "foundation" else 0)

    def klondike_timed_score(self, score: int, seconds: int, won: bool) -> int:
        return score + 1000 if won else score - 1

    def klondike_format_score(self, score: int) -> str:
        return str(score)


@pytest.fixture
def plugins():
    plugins = load_plugins()
    plugins.add(MinusOneASecond(), "clock-test")
    return plugins


def test_the_clock_starts_at_zero_and_the_timed_score_follows_whole_seconds(plugins):
    game = Game.from_text("KL1-D1ZT-AAAAAAG", plugins)
    assert (game.play_seconds, game.score) == (0.0, 0)
    assert game.add_play_time(0.6) is False
    assert game.score == 0
    assert game.add_play_time(0.6) is True
    assert (round(game.play_seconds, 1), game.score) == (1.2, -1)
    game.add_play_time(8.8)
    assert game.score == -10


def test_actions_score_points_and_the_time_is_charged_on_top(plugins):
    game = Game.from_text("KL1-D1ZT-AAAAAAG", plugins)
    game.add_play_time(5)
    ace = next(m for m in game.legal_moves() if m.target_kind == "foundation")
    game.push(ace)
    assert game.score == 5                      # 0, five seconds (-5), then the card (+10)


def test_undo_gives_back_the_points_of_the_action_not_the_time_played(plugins):
    """R18 for the actions' points; time played stays played."""
    game = Game.from_text("KL1-D1ZT-AAAAAAG", plugins)
    game.push(next(m for m in game.legal_moves() if m.target_kind == "foundation"))
    game.add_play_time(3)
    game.undo()
    assert (game.score, game.play_seconds) == (-3, 3.0)


def test_no_time_passes_while_the_game_is_not_played_nor_after_the_win(plugins, won_line):
    code, moves = won_line
    _, variant, deal = code.split("-")
    game = Game.from_text(f"KL1-{variant[:2]}ZT-{deal}", plugins)
    for text in moves:
        game.push_text(text)
    to_foundations = sum(m.target_kind == "foundation" for m in game.history)
    assert game.is_won() and game.score == 10 * to_foundations + 1000   # the bonus, once
    assert game.add_play_time(60) is False
    assert game.play_seconds == 0.0


@pytest.mark.parametrize("bad", [0, -5, float("nan"), float("inf")])
def test_a_clock_that_would_not_move_forward_changes_nothing(plugins, bad):
    game = Game.from_text("KL1-D1ZT-AAAAAAG", plugins)
    assert game.add_play_time(bad) is False
    assert game.play_seconds == 0.0


def test_the_play_time_is_saved_and_resumed_with_the_game(plugins):
    game = Game.from_text("KL1-D1ZT-AAAAAAG", plugins)
    game.add_play_time(42.5)
    data = json.loads(json.dumps(game.snapshot()))
    assert data["seconds"] == 42.5
    resumed = Game.from_snapshot(data, plugins)
    assert (resumed.play_seconds, resumed.score) == (42.5, -42)


def test_a_snapshot_from_before_the_clock_resumes_at_zero(plugins):
    resumed = Game.from_snapshot({"code": "KL1-D1ZT-AAAAAAG", "moves": []}, plugins)
    assert (resumed.play_seconds, resumed.score) == (0.0, 0)


@pytest.mark.parametrize("bad", [-1, "soon", float("nan")])
def test_a_saved_play_time_that_is_not_seconds_is_refused(plugins, bad):
    with pytest.raises(ValueError):
        Game.from_snapshot({"code": "KL1-D1ZT-AAAAAAG", "moves": [], "seconds": bad}, plugins)


def test_scoring_without_the_hook_ignores_the_clock():
    game = Game.from_text("KL1-D1V-AAAAAAG", load_plugins())
    game.add_play_time(600)
    assert game.score == -52


def test_a_timed_score_of_the_wrong_type_is_a_plugin_failure(plugins):
    class Broken(MinusOneASecond):
        def klondike_variant(self) -> Variant:
            return Variant("scoring", "ZB", "Broken clock", "Answers text")

        def klondike_timed_score(self, score: int, seconds: int, won: bool):
            return "late"

    plugins.add(Broken(), "broken-clock")
    game = Game.from_text("KL1-D1ZB-AAAAAAG", plugins)
    with pytest.raises(PluginError, match="klondike_timed_score"):
        game.add_play_time(1)


@pytest.fixture
def won_line():
    from game_helpers import won_games

    return won_games()[0]


def test_a_snapshot_from_before_the_moves_seconds_plays_its_moves_at_second_zero(plugins):
    ace = next(m for m in Game.from_text("KL1-D1ZT-AAAAAAG", plugins).legal_moves() if m.target_kind == "foundation")
    resumed = Game.from_snapshot({"code": "KL1-D1ZT-AAAAAAG", "moves": [str(ace)], "seconds": 4.5}, plugins)
    assert (resumed.move_seconds, resumed.score) == ([0], 10 - 4)


@pytest.mark.parametrize("at", [[3], [5, 2], [0, 9]])
def test_moves_seconds_that_do_not_fit_are_refused(plugins, at):
    """One second per move, never going back, never past the play time."""
    game = Game.from_text("KL1-D1ZT-AAAAAAG", plugins)
    game.push_text("S")
    game.push_text("S")
    data = {**game.snapshot(), "move_seconds": at, "seconds": 8.0}
    with pytest.raises(ValueError, match="play seconds"):
        Game.from_snapshot(data, plugins)
