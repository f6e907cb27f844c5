"""One or more tests per rule of RULES.md (R1–R20), played through the public game API."""

import pytest
from game_helpers import game_on, play, won_games

from solitaire_klondike.core import (
    CARD_NAMES,
    COLUMNS,
    FOUNDATION,
    WASTE,
    Game,
    GameCode,
    IllegalMoveError,
    Move,
    Pile,
    parse_card,
)
from solitaire_klondike.core.cards import IS_RED, RANK


def cards(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def test_r1_one_deck_of_52_cards_ranked_ace_to_king_in_two_colours(plugins):
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    p = game.position
    dealt = [c for column in p.tableau for c in column] + p.stock
    assert sorted(dealt) == list(range(52))
    assert [CARD_NAMES[c] for c in range(13)] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    assert [RANK[c] for c in cards("AS 10H KC")] == [1, 10, 13]
    assert [IS_RED[c] for c in cards("AH 2D 3S 4C")] == [True, True, False, False]


def test_r2_table_has_stock_waste_four_foundations_in_fixed_order_and_seven_columns(plugins):
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    p = game.position
    assert len(p.tableau) == 7 and len(p.stock) == 24 and p.waste == [] and p.foundations == [0, 0, 0, 0]
    game = game_on(["AC", "AH", "AD", "AS"])
    play(game, "T1-F T2-F T3-F T4-F")
    assert [game.position.foundation_cards(s) for s in range(4)] == [cards("AS"), cards("AH"), cards("AD"), cards("AC")]


def test_r3_code_parts_case_and_spaces(plugins):
    code = plugins.parse_code("  kl1-d3v-aaaaaag \n")
    assert (code.draw, code.scoring, code.deal) == ("D3", "V", 6)
    assert str(code) == "KL1-D3V-AAAAAAG"
    assert plugins.parse_code("KL1-D1N-ZZZZZZZ").deal == 26**7 - 1 == 8_031_810_175
    assert str(GameCode("D1", "N", 0)) == "KL1-D1N-AAAAAAA"


def test_r3_new_game_draws_from_the_whole_range():
    import random

    rng = random.Random(3)
    deals = [GameCode.random("D1", "N", rng).deal for _ in range(2000)]
    assert min(deals) >= 0 and max(deals) < 26**7
    assert max(deals) > 26**7 * 0.9 and min(deals) < 26**7 * 0.1


def test_r4_same_deal_whatever_the_plugins(plugins):
    layouts = {variant: Game.from_text(f"KL1-{variant}-AAAAAAG", plugins).position.key() for variant in ("D1N", "D1V", "D3N", "D3V")}
    assert len(set(layouts.values())) == 1


def test_r5_restart_deals_the_same_code_from_the_start(plugins):
    game = play(Game.from_text("KL1-D1N-AAAAAAC", plugins), "S S S S W-T1")
    fresh = game.restarted()
    assert fresh.code == game.code and fresh.history == [] and fresh.score == 0
    assert fresh.position == Game.from_text("KL1-D1N-AAAAAAC", plugins).position


def test_r6_red_on_black_one_rank_lower():
    game = game_on(["8S", "7H", "7C", "6H"])
    play(game, "T2-T1")
    assert game.position.tableau[Pile.T1] == cards("8S 7H")
    with pytest.raises(IllegalMoveError, match="needs a black 6"):
        game.push_text("T3-T1")  # 7C on 7H: the wrong rank
    with pytest.raises(IllegalMoveError):
        game.push_text("T4-T1")  # red on red
    play(game, "T4-T3")
    assert game.position.tableau[Pile.T3] == cards("7C 6H")


def test_r7_a_face_up_card_moves_with_every_card_above_it():
    game = game_on(["2c9H8S7D", "10C"])
    play(game, "T1-T2")
    assert game.position.tableau[Pile.T2] == cards("10C 9H 8S 7D")
    game = game_on(["2c9S8H7C", "9C"])
    play(game, "T1-T2")  # only 8H fits 9C: it moves with 7C, 9S stays
    assert game.position.tableau[Pile.T2] == cards("9C 8H 7C") and game.position.tableau[Pile.T1] == cards("2C 9S")


def test_r8_empty_column_takes_only_a_king_even_to_uncover_a_card():
    game = game_on(["2cQH", "-", "3cKSQD"])
    before = game.position.key()
    with pytest.raises(IllegalMoveError, match="takes only a king"):
        game.push_text("T1-T2")
    assert game.position.key() == before
    play(game, "T3-T2")
    assert game.position.tableau[Pile.T2] == cards("KS QD") and game.position.hidden[Pile.T3] == 0


def test_r9_only_the_top_waste_card_plays():
    game = game_on(["8S", "2H"], stock="AH7D7H", variant="D3N")
    play(game, "S")
    assert game.position.waste == cards("AH 7D 7H")
    play(game, "W-T1")
    assert game.position.tableau[Pile.T1] == cards("8S 7H")
    with pytest.raises(IllegalMoveError, match="7D cannot go"):
        game.push_text("W-F")  # 7D is on top, the ace under it cannot play
    game = game_on(["KC"], stock="AH2H")
    play(game, "S W-F S W-F")
    assert game.position.foundations[1] == 2


def test_r10_foundations_build_by_suit_from_the_ace_one_top_card_at_a_time():
    game = game_on(["2S", "AS", "3c3S2H", "AH"])
    with pytest.raises(IllegalMoveError, match="takes AS next"):
        game.push_text("T1-F")
    play(game, "T2-F T1-F")
    with pytest.raises(IllegalMoveError, match="takes AH next"):
        game.push_text("T3-F")  # 3S would fit, but 2H is the top card
    play(game, "T4-F T3-F T3-F")
    assert game.position.foundations[:2] == [3, 2]


def test_r10_a_card_goes_to_its_own_suits_foundation_whatever_the_drop():
    game = game_on(["AD"])
    play(game, "T1-F")
    assert game.position.foundations == [0, 0, 1, 0]


def test_r11_foundation_top_goes_back_to_a_column_by_tableau_rules():
    game = game_on(["AH", "2H", "3C", "-", "KD"])
    play(game, "T1-F T2-F FH-T3")
    assert game.position.tableau[Pile.T3] == cards("3C 2H") and game.position.foundations[1] == 1
    with pytest.raises(IllegalMoveError, match="takes only a king"):
        game.push_text("FH-T4")


def test_r11_king_from_a_foundation_onto_an_empty_column(plugins):
    code, moves = won_games()[0]
    game = play(Game.from_text(code, plugins), " ".join(moves))
    assert game.is_won()
    play(game, "FS-T1")
    assert game.position.tableau[Pile.T1] == cards("KS") and not game.is_won()


def test_r12_uncovered_card_turns_at_once_and_undo_takes_back_both():
    game = game_on(["2c5d9H", "10S"])
    action = game.push_text("T1-T2")
    assert action.turned and game.position.hidden[Pile.T1] == 1 and game.position.tableau[Pile.T1] == cards("2C 5D")
    assert game.score == 5
    game.undo()
    assert game.position.hidden[Pile.T1] == 2 and game.position.tableau[Pile.T1] == cards("2C 5D 9H") and game.score == 0


def test_r13_draw_one_turns_one_card():
    game = game_on(["KC"], stock="2H3H4H")
    play(game, "S")
    assert game.position.waste == cards("2H")


def test_r13_draw_three_turns_three_the_last_on_top_then_fewer():
    game = game_on(["KC", "KD"], stock="2H3H4H5H", variant="D3N")
    play(game, "S")
    assert game.position.waste == cards("2H 3H 4H") and game.position.waste_fan == 3
    for _ in range(15):
        play(game, "S")
    assert len(game.position.stock) == 2
    play(game, "S")
    assert game.position.stock == [] and game.position.waste_fan == 2 and len(game.position.waste) == 50


def test_r13_draw_three_when_the_top_is_played_the_one_under_it_plays():
    game = game_on(["8S", "9S"], stock="AD8H7H", variant="D3N")
    play(game, "S W-T1")
    assert game.position.waste_fan == 2
    play(game, "W-T2")
    assert game.position.tableau[Pile.T2] == cards("9S 8H") and game.position.waste == cards("AD")


def test_r14_normal_recycle_deals_the_same_order_again_without_limit(plugins):
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    order = list(reversed(game.position.stock))
    for _ in range(3):
        drawn = []
        for _ in range(24):
            play(game, "S")
            drawn.append(game.position.waste[-1])
        assert drawn == order
        play(game, "S")
        assert game.position.waste == [] and list(reversed(game.position.stock)) == order


def test_r14_draw_three_recycle_deals_the_same_triples_again(plugins):
    game = Game.from_text("KL1-D3N-AAAAAAG", plugins)
    first = [tuple(play(game, "S").position.waste[-3:]) for _ in range(8)]
    play(game, "S")
    assert [tuple(play(game, "S").position.waste[-3:]) for _ in range(8)] == first


def test_r14_vegas_never_turns_the_waste_back(plugins):
    for variant in ("D1V", "D3V"):
        game = Game.from_text(f"KL1-{variant}-AAAAAAG", plugins)
        while game.position.stock:
            play(game, "S")
        before = (game.position.key(), game.score)
        assert Move.stock() not in game.legal_moves()
        with pytest.raises(IllegalMoveError, match="never turns the waste back"):
            game.push_text("S")
        assert (game.position.key(), game.score) == before


def test_r14_tap_on_empty_stock_and_empty_waste_does_nothing_and_costs_nothing():
    game = game_on(["".join(CARD_NAMES[c].lower() for c in range(51)) + "KC"])
    assert game.position.stock == [] and game.position.waste == []
    assert Move.stock() not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="nothing to draw"):
        game.push_text("S")
    assert game.score == 0 and game.history == []


def test_r15_normal_scoring_table():
    game = game_on(["AS", "3c2S", "9D", "4c10C", "6c8C", "10S"], stock="8S9H")
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


def test_r15_taking_back_from_a_foundation_scores_zero():
    game = game_on(["AH", "2H", "3C"])
    play(game, "T1-F T2-F")
    assert game.score == 20
    play(game, "FH-T3")
    assert game.score == 20


def test_r15_recycle_costs_100_but_never_below_zero():
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    game = play(game_on(spades, stock="8S9S10SJSQSKS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    assert game.score == 70
    for _ in range(45):
        play(game, "S")
    play(game, "S")
    assert game.score == 0
    game.undo()
    assert game.score == 70
    game = play(game_on(spades, stock="8S9S10SJSQSKS"), "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    play(game, "S W-F S W-F S W-F S W-F S W-F")
    assert game.score == 120
    while game.position.stock:
        play(game, "S")
    play(game, "S")
    assert game.score == 20


@pytest.mark.parametrize("code, moves", [g for g in won_games() if "N-" in g[0]], ids=[g[0] for g in won_games() if "N-" in g[0]])
def test_r15_won_game_ends_at_625_plus_waste_to_column_minus_recycle_cost(plugins, code, moves):
    game = Game.from_text(code, plugins)
    waste_to_column, recycle_cost = 0, 0
    for text in moves:
        before = game.score
        action = game.push_text(text)
        if action.kind == "recycle":
            recycle_cost += before - game.score
        if action.move.source == WASTE and action.move.target in COLUMNS:
            waste_to_column += 1
    assert game.is_won() and not game.took_back_from_foundation()
    assert game.score == 625 + 5 * waste_to_column - recycle_cost


def test_r16_vegas_dollars():
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "2c7S"]
    game = game_on(spades, stock="8S9S10SJSQSKS", variant="D1V")
    assert game.score == -52 and game.score_text == "-$52"
    play(game, "T1-F T2-F T3-F T4-F T5-F T6-F T7-F")
    assert game.score == -52 + 35                # the turned card scores nothing
    play(game, "S W-F S W-F S W-F")
    assert game.score == -2 and game.score_text == "-$2"   # 10 cards up: still negative
    play(game, "S W-F")
    assert game.score == 3 and game.score_text == "+$3"    # the 11th card
    play(game, "S")
    assert game.score == 3                       # a draw scores nothing
    assert game.format_score(0) == "$0" and game.format_score(208) == "+$208"


def test_r16_vegas_won_game_ends_at_plus_208(plugins):
    code, moves = next(g for g in won_games() if "V-" in g[0])
    game = play(Game.from_text(code, plugins), " ".join(moves))
    assert game.is_won() and game.score == 208 and game.score_text == "+$208"


def test_r17_scores_are_per_game(plugins):
    first = play(Game.from_text("KL1-D1V-AAAAAAC", plugins), "S S S S W-T1 T2-T1 S W-F")
    assert first.score == -47
    assert Game.from_text("KL1-D1V-AAAAAAD", plugins).score == -52
    assert first.restarted().score == -52


def test_r18_undo_keeps_the_last_100_actions(plugins):
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    for _ in range(101):
        play(game, "S")
    undone = 0
    while game.undo():
        undone += 1
    assert undone == 100 and game.move_count == 1 and not game.can_undo()


def test_r18_undo_restores_position_and_score_exactly_floor_included():
    game = play(game_on(["AS", "2S"], stock="3S"), "T1-F T2-F")
    snapshots = [(game.position.key(), game.score)]
    for text in ["S", "W-F"] + ["S"] * 50:
        game.push_text(text)
        snapshots.append((game.position.key(), game.score))
    assert game.score == 0 and game.position.recycles == 1  # 30 points, a recycle floored at 0
    for expected in reversed(snapshots[:-1]):
        game.undo()
        assert (game.position.key(), game.score) == expected


def test_r18_redo_until_a_new_action(plugins):
    game = play(Game.from_text("KL1-D1N-AAAAAAC", plugins), "S S S S W-T1")
    end = (game.position.key(), game.score)
    game.undo()
    game.undo()
    assert game.redo() == Move.parse("S") and game.redo() == Move.parse("W-T1")
    assert (game.position.key(), game.score) == end and game.redo() is None
    game.undo()
    play(game, "S")
    assert not game.can_redo()


def test_r19_single_tap_sends_a_playable_card_to_its_foundation_else_nothing():
    game = game_on(["AS", "5H", "2c4S"], stock="AD")
    assert game.tap_move(Pile.T1) == Move(Pile.T1, FOUNDATION)
    assert game.tap_move(Pile.T2) is None and game.tap_move(Pile.T3) is None
    play(game, "S")
    assert game.tap_move(WASTE) == Move(WASTE, FOUNDATION)


def test_r19_double_tap_prefers_the_fullest_column_then_the_leftmost():
    game = game_on(["AS", "2c3c9S", "KH", "8H", "5c9C"])
    assert game.double_tap_move(Pile.T1) == Move(Pile.T1, FOUNDATION)  # the foundation comes first
    assert game.double_tap_move(Pile.T4) == Move(Pile.T4, Pile.T2)
    assert game_on(["KH", "2c9S", "QH", "8H", "5c9C"]).double_tap_move(Pile.T4) == Move(Pile.T4, Pile.T2)
    assert game_on(["KH", "9S", "QH", "8H", "5c9C"]).double_tap_move(Pile.T4) == Move(Pile.T4, Pile.T5)
    assert game_on(["2c9H8S", "10C"]).double_tap_move(Pile.T1, index=1) == Move(Pile.T1, Pile.T2)


def test_r19_double_tap_sends_a_king_to_the_leftmost_empty_column():
    assert game_on(["QS", "2cKH"]).double_tap_move(Pile.T2) == Move(Pile.T2, Pile.T3)
    assert game_on(["KH"]).double_tap_move(Pile.T1) is None  # already alone at the bottom of a column
    assert game_on(["QS", "QC"], stock="KD").double_tap_move(WASTE) is None
    game = play(game_on(["QS", "QC"], stock="KD"), "S")
    assert game.double_tap_move(WASTE) == Move(WASTE, Pile.T3)


def test_r20_no_card_moves_by_itself():
    game = game_on(["as5H", "6C"])
    play(game, "T1-T2")
    assert game.position.tableau[Pile.T1] == cards("AS") and game.position.foundations == [0, 0, 0, 0]
    assert game.history == [Move.parse("T1-T2")]


def test_r20_won_when_all_52_cards_are_up_and_never_lost(plugins):
    code, moves = won_games()[1]
    game = Game.from_text(code, plugins)
    for text in moves[:-1]:
        game.push_text(text)
        assert not game.is_won()
    play(game, moves[-1])
    assert game.is_won() and game.position.foundations == [13] * 4
    tops = cards("2S 2C 5H 5D 8S 8C JH")
    rest = [c for c in range(52) if c not in tops]
    stuck = game_on(["".join(CARD_NAMES[c].lower() for c in rest[k::7]) + CARD_NAMES[top] for k, top in enumerate(tops)])
    assert stuck.legal_moves() == [] and stuck.position.stock == []
    assert not stuck.is_won() and not [name for name in dir(stuck) if "lost" in name or "defeat" in name]
