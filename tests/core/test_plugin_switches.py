"""Turning plugins on and off: the player's remembered choice, applied from the next game."""

import pytest

from solitaire_klondike.core import Game, InvalidCodeError, PluginTurnedOffError, load_plugins


def test_a_plugin_turned_off_is_loaded_but_offered_to_no_new_game():
    plugins = load_plugins(turned_off=["vegas3"])
    info = plugins.info("vegas3")
    assert (info.loaded, info.state) == (True, "off")
    assert "V3" in plugins.variants("scoring") and "V3" not in plugins.choices("scoring")
    with pytest.raises(PluginTurnedOffError, match=r"turned off.*klondike plugins --enable vegas3") as refused:
        plugins.parse_code("KL1-D1V3-AAAAAAG")
    assert (refused.value.kind, refused.value.token, refused.value.name) == ("scoring", "V3", "vegas3")
    assert isinstance(refused.value, InvalidCodeError)


def test_a_game_in_progress_plays_to_its_end_after_its_plugin_is_turned_off():
    plugins = load_plugins()
    game = Game.from_text("KL1-D1V3-AAAAAAG", plugins)
    game.push_text("T1-F")
    plugins.turn("vegas3", on=False)
    game.push_text("S")
    assert game.score_text == "-$47"
    resumed = Game.from_snapshot(game.snapshot(), plugins)
    assert resumed.score_text == "-$47" and resumed.move_count == 2


def test_turning_a_plugin_back_on_offers_it_again():
    plugins = load_plugins(turned_off=["draw3"])
    plugins.turn("draw3", on=True)
    assert plugins.info("draw3").state == "on" and "D3" in plugins.choices("draw")
    assert str(plugins.parse_code("kl1-d3n-aaaaaag")) == "KL1-D3N-AAAAAAG"


def test_the_core_plugin_cannot_be_turned_off():
    plugins = load_plugins(turned_off=["core"])
    assert plugins.info("core").state == "on"
    with pytest.raises(ValueError, match="deals the cards of every game"):
        plugins.turn("core", on=False)


def test_the_last_draw_plugin_left_on_stays_on():
    plugins = load_plugins(turned_off=["draw1", "draw3"])
    assert list(plugins.choices("draw")) == ["D3"]
    with pytest.raises(ValueError, match="only draw plugin left on"):
        plugins.turn("draw3", on=False)


def test_a_name_that_is_not_loaded_cannot_be_turned(plugins):
    with pytest.raises(ValueError, match="no plugin named 'nosuch'"):
        plugins.turn("nosuch", on=False)


def test_a_blocked_plugin_stays_blocked_whatever_the_choice():
    plugins = load_plugins(blocked=["vegas3"], turned_off=[])
    assert plugins.info("vegas3").state == "blocked"
    with pytest.raises(InvalidCodeError, match="unknown scoring token 'V3'"):
        plugins.parse_code("KL1-D1V3-AAAAAAG")


class ClockOther:
    """An "other" plugin (no variant) that adds 1000 to the score every second played."""

    def klondike_timed_score(self, score: int, seconds: int, won: bool) -> int:
        return score + 1000


def _after_a_second(game: Game) -> int:
    game.add_play_time(1)
    return game.score


def test_an_other_plugin_turned_off_takes_no_part_in_new_games():
    plugins = load_plugins()
    plugins.add(ClockOther(), "clock-other")
    assert _after_a_second(Game.from_text("KL1-D1N-AAAAAAG", plugins)) == 1000
    plugins.turn("clock-other", on=False)
    assert _after_a_second(Game.from_text("KL1-D1N-AAAAAAG", plugins)) == 0
