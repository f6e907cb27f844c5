"""R3 game codes, R4 the deal algorithm, and the card and move notations."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_klondike.core import (
    COLUMNS,
    DEAL_COUNT,
    Game,
    GameCode,
    InvalidCardError,
    InvalidCodeError,
    InvalidMoveError,
    Move,
    Pile,
    card_name,
    parse_card,
    standard_layout,
)
from solitaire_klondike.core.deal import splitmix64


def test_r4_splitmix64_matches_the_reference_outputs_for_seed_0():
    """First outputs of Vigna's splitmix64.c seeded with 0."""
    numbers = splitmix64(0)
    assert [next(numbers) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def reference_deal(deal: int) -> tuple[list[list[int]], list[int]]:
    """R4 followed word for word, written apart from the engine's code."""
    state, mask = deal, 2**64 - 1

    def next_number() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    deck = [13 * suit + rank - 1 for suit in range(4) for rank in range(1, 14)]
    for i in range(51, 0, -1):
        j = next_number() % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    columns: list[list[int]] = [[] for _ in COLUMNS]
    dealt = iter(deck)
    for row in range(len(COLUMNS)):
        for column in range(row, len(COLUMNS)):
            columns[column].append(next(dealt))
    return columns, deck[28:]


@pytest.mark.parametrize("deal", [0, 1, 6, 123_456_789, DEAL_COUNT - 1])
def test_r4_standard_deal_follows_the_published_algorithm(deal):
    columns, stock = reference_deal(deal)
    layout = standard_layout(deal)
    assert [list(c) for c in layout.tableau] == columns
    assert list(layout.stock) == stock
    assert layout.face_down == (0, 1, 2, 3, 4, 5, 6)


def test_r4_deal_6_as_the_faq_shows_it(plugins):
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    tops = [card_name(column[-1]) for column in game.position.tableau]
    assert tops == ["AD", "JC", "KD", "10C", "9D", "3S", "AH"]
    assert [card_name(c) for c in reversed(game.position.stock)][:3] == ["QH", "JH", "AS"]


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_r3_code_text_round_trips(deal):
    code = GameCode("D3", "V", deal)
    assert GameCode.parse(str(code), {"D1", "D3"}, {"N", "V"}) == code


@pytest.mark.parametrize("text, words", [
    ("KL1-D1N-AAAAAA", "exactly 7 letters, it has 6"),
    ("KL1-D1N-AAAAAAAA", "exactly 7 letters, it has 8"),
    ("KL1-D1N-AAAA1AG", "only the letters A–Z"),
    ("KL1D1N-AAAAAAG", "three parts joined by dashes"),
    ("KL2-D1N-AAAAAAG", "must start with KL1"),
    ("KL1-D2N-AAAAAAG", "unknown draw token 'D2'"),
    ("KL1-D1X-AAAAAAG", "unknown scoring token 'X'"),
    ("KL1-D1-AAAAAAG", "unknown scoring token '(none)'"),
    ("", "three parts"),
])
def test_r3_malformed_codes_are_refused_with_what_is_wrong(plugins, text, words):
    with pytest.raises(InvalidCodeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        plugins.parse_code(text)


def test_card_notation():
    assert [card_name(c) for c in (0, 9, 22, 37, 51)] == ["AS", "10S", "10H", "QD", "KC"]
    assert parse_card(" qd ") == 37
    with pytest.raises(InvalidCardError, match="not a card"):
        parse_card("1H")


ALL_MOVE_TEXTS = ["S"] + [f"{s}-{t}" for s in ["W", *(f"T{k}" for k in range(1, 8)), "FS", "FH", "FD", "FC"]
                          for t in ["F", *(f"T{k}" for k in range(1, 8))] if s != t and not (s[0] == "F" and t == "F")]


def test_move_notation_round_trips():
    assert len(ALL_MOVE_TEXTS) == 1 + 8 + 7 * 7 + 4 * 7
    for text in ALL_MOVE_TEXTS:
        assert str(Move.parse(text.lower())) == text
    assert Move.parse("T3-T5") == Move(Pile.T3, Pile.T5) and repr(Move.parse("fh-t2")) == "Move.parse('FH-T2')"


@pytest.mark.parametrize("text, words", [
    ("T8-T1", "not a source"), ("T1-W", "not a target"), ("W-FH", "as F"), ("T1-T1", "the pile it comes from"),
    ("FS-F", "the pile it comes from"), ("S-T1", "not a source"), ("T1", "not a move"), ("", "not a move"),
])
def test_malformed_moves_are_refused_with_what_is_wrong(text, words):
    with pytest.raises(InvalidMoveError, match=words):
        Move.parse(text)
