"""The klondike_solve hook: the core asks it, checks what it answers, and never believes a false win."""

import pytest
from solver_helpers import endgame, replays_to_win

from solitaire_klondike.core import UNDECIDED, WINNABLE, Game, Move, PluginError, Verdict, load_plugins, solve_position


class LyingSolver:
    """An "other" plugin that claims a win with a line that does not win."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict

    def klondike_solve(self, position, budget, cancel) -> Verdict:
        return self.verdict


def test_the_built_in_solver_answers_the_hook_with_a_line_that_wins():
    position = endgame(["KS", "KH", "KD", "KC"], waste="QC")
    verdict = solve_position(load_plugins(), position, budget=5)
    assert verdict.verdict == WINNABLE
    assert replays_to_win(position, verdict.moves)
    assert verdict.next_move == verdict.moves[0]


@pytest.mark.parametrize("lie", [
    Verdict(WINNABLE, (Move.parse("W-F"),)),
    Verdict(WINNABLE, ()),
    Verdict("maybe"),
    Verdict(UNDECIDED, (), Move.parse("T1-T2")),
    Verdict(UNDECIDED, states=10, found_after=11),
    Verdict(UNDECIDED, states=10, found_after=-1),
])
def test_an_answer_that_does_not_hold_is_refused(lie):
    plugins = load_plugins(blocked=["solver"])
    plugins.add(LyingSolver(lie), "liar")
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    with pytest.raises(PluginError, match="klondike_solve"):
        game.solve(1)


def test_the_built_in_solver_counts_apart_the_positions_its_winning_search_needed():
    easy = Game.from_text("KL1-D1N-AAAAAAG", load_plugins()).solve(20)
    assert easy.verdict == WINNABLE and easy.found_after == easy.states   # won in the first turn of all
    longer = Game.from_text("KL1-D1N-CIVYNMX", load_plugins()).solve(20)
    assert longer.verdict == WINNABLE
    assert 0 < longer.found_after < longer.states   # the other searches searched beside it


def test_with_no_solver_plugin_the_game_says_none_answered():
    game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins(blocked=["solver"]))
    with pytest.raises(PluginError, match="no plugin answered klondike_solve"):
        game.solve(1)


def test_a_cancelled_search_is_undecided_at_once():
    game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
    verdict = game.solve(60, cancel=lambda: True)
    assert verdict.verdict == UNDECIDED
    assert verdict.seconds < 5
