"""The desktop Hint's search and words, without a window: the solver asked on its own thread, the
line kept, stale answers dropped, "no win remains" only when asked (R20) with the way back."""

import time

import pytest
from solver_helpers import endgame

from solitaire_klondike.core import UNDECIDED, UNWINNABLE, WINNABLE, Game, Move, Verdict, load_plugins
from solitaire_klondike.frontends.i18n import set_language
from solitaire_klondike.frontends.pyglet.hint import Answer, Hinter, answer_words, lost_panel, move_words
from solitaire_klondike.plugins.solver import search


@pytest.fixture(autouse=True)
def english():
    """The words checked here are English, whatever language an earlier test left set."""
    set_language("en")
    yield
    set_language(None)


def answered(hinter: Hinter, game: Game, timeout: float = 60) -> Answer | None:
    end = time.monotonic() + timeout
    while hinter.busy and time.monotonic() < end:
        answer = hinter.poll(game)
        if answer or not hinter.busy:
            return answer
        time.sleep(0.02)
    raise AssertionError("the hint never answered")


def test_the_hint_is_a_move_of_a_winning_line_and_the_next_one_comes_at_once():
    game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
    hinter = Hinter()
    assert hinter.ask(game) is None and hinter.busy
    first = answered(hinter, game)
    assert first and first.verdict == WINNABLE and first.move
    game.push(first.move)
    second = hinter.ask(game)   # on the line already found: no search
    assert second and second.verdict == WINNABLE and not hinter.busy
    game.push(second.move)
    assert game.solve(30).verdict == WINNABLE


def test_an_answer_for_a_position_no_longer_on_the_table_is_dropped():
    game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
    hinter = Hinter()
    hinter.ask(game)
    game.push(Move.stock())
    assert answered(hinter, game) is None and not hinter.busy


def test_a_cancelled_search_stops_its_thread():
    game = Game.from_text("KL1-D1V-AAAAAAB", load_plugins())   # one pass: undecided after seconds
    hinter = Hinter()
    hinter.ask(game)
    search_thread = hinter.search.thread
    hinter.cancel()
    search_thread.join(5)
    assert not search_thread.is_alive() and not hinter.busy


class LosesAfterTwoDraws:
    """A solver plugin standing in for a hard case: with two or more cards on the waste it calls the
    game lost; otherwise it asks the built-in search (so its lines are real and replay)."""

    def klondike_solve(self, position, budget, cancel) -> Verdict:
        if len(position.waste) >= 2:
            return Verdict(UNWINNABLE)
        return search.solve(position, budget, cancel)


def test_r20_no_win_remains_only_when_asked_with_the_undos_back_to_a_winnable_position():
    plugins = load_plugins(blocked=["solver"])
    plugins.add(LosesAfterTwoDraws(), "loses-after-two-draws")
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    game.push(Move.stock())
    game.push(Move.stock())
    game.push(Move.stock())
    hinter = Hinter()
    hinter.ask(game)
    answer = answered(hinter, game)
    assert answer == Answer(UNWINNABLE, None, back=2)   # two undos: one card on the waste, winnable
    assert answer_words(game.position, answer) == (
        "This game can no longer be won from here. Undoing gets back to where it still could (actions to undo: 2).")
    panel = lost_panel(2)
    assert panel.default == "undo_back" and panel.widget("undo_back") and panel.widget("close")


def test_a_game_lost_from_the_deal_says_so_with_no_way_back():
    game = Game.from_text("KL1-D3N-AAAAAAC", load_plugins())
    hinter = Hinter()
    hinter.ask(game)
    answer = answered(hinter, game)
    assert answer == Answer(UNWINNABLE, None, None)
    assert answer_words(game.position, answer) == "This game can no longer be won from here."


def test_the_moves_in_words():
    position = endgame(["8S", "7H", "KD", "", "QC"], stock="KH JH QH 8H 9H 10H JD QD 9S 10S JS QS KS KC", waste="10D")
    assert move_words(position, Move.parse("T2-T1")) == "move 7♥ onto 8♠"
    assert move_words(position, Move.parse("T2-F")) == "play 7♥ to its foundation"
    assert move_words(position, Move.parse("T3-T4")) == "move K♦ to an empty column"
    assert move_words(position, Move.parse("FH-T1")) == "take 6♥ back from its foundation onto 8♠"
    assert move_words(position, Move.stock()) == "tap the stock"
    position.stock = []
    assert move_words(position, Move.stock()) == "turn the waste back into the stock"
    unproven = answer_words(position, Answer(UNDECIDED, Move.parse("T2-T1")))
    assert unproven == "No winning line was found in time. The most promising move, unproven: move 7♥ onto 8♠."


def test_r14_the_real_solver_finds_the_way_back_after_one_pass_buried_the_cards_a_win_needed():
    # A shipped winnable one-pass deal, its whole stock tapped onto the waste: the built-in solver
    # proves the loss, and three taps back (nine cards still in the stock) a win remains.
    game = Game.from_text("KL1-D3V-AAAAAKN", load_plugins())
    for _ in range(8):
        game.push(Move.stock())
    assert not game.position.stock
    hinter = Hinter()
    hinter.ask(game)
    assert answered(hinter, game) == Answer(UNWINNABLE, None, back=3)
    for _ in range(3):
        game.undo()
    verdict = game.solve(30)
    assert verdict.verdict == WINNABLE
    for move in verdict.moves:
        game.push(move)
    assert game.is_won()
