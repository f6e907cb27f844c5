"""The position notation: one line holds a whole position and reads back the same; the
move-generation counts of tests/data/perft.txt (R4, R12, R13, R14)."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_klondike.core import DEAL_COUNT, Game, GameCode, Position, load_plugins
from solitaire_klondike.core.notation import InvalidPositionError

PLUGINS = load_plugins()
PERFT = Path(__file__).parents[1] / "data" / "perft.txt"
DEAL_G = ("AD/2hJC/7c3dKD/7h5d8d10C/4c6h6s7d9D/9ckhjs5hkc3S/9h3cqd7sqs4dAH "
          "QHJHASQC2S2C3H6D4S5C4HKS8H8C10S8S2D5S10DAC10HJD9S6C - -/-/-/- 0 1 -")


def rules_and_key(position: Position) -> tuple[object, ...]:
    return position.key(), position.draw_count, position.recycle_limit


def test_r4_the_deal_as_one_line():
    game = Game.from_text("KL1-D1N-AAAAAAG", PLUGINS)
    assert game.position.to_text() == DEAL_G
    assert rules_and_key(Position.from_text(DEAL_G)) == rules_and_key(game.position)


def test_r13_the_waste_fan_foundations_and_passes_are_written():
    game = Game.from_text("KL1-D3V-AAAAAAG", PLUGINS)
    for text in ["T1-F", "T7-F", "S", "S"]:
        game.push_text(text)
    columns, stock, waste, foundations, recycles, draw, limit = game.position.to_text().split()
    assert columns.startswith("-/2hJC/") and columns.endswith("/9h3cqd7sqs4D")   # R12: 4D turned face up
    assert waste == "QHJHAS|QC2S2C" and stock.startswith("3H6D")
    assert (foundations, recycles, draw, limit) == ("-/AH/AD/-", "0", "3", "0")


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(["D1N", "D1V", "D3N", "D3V"]), deal=st.integers(0, DEAL_COUNT - 1),
       picks=st.lists(st.integers(0, 1000), max_size=120))
def test_any_position_of_play_reads_back_the_same(variant, deal, picks):
    game = Game(GameCode(variant[:2], variant[2:], deal), PLUGINS)
    for pick in picks:
        text = game.position.to_text()
        again = Position.from_text(text)
        assert rules_and_key(again) == rules_and_key(game.position) and again.to_text() == text
        assert again.legal_moves() == game.legal_moves()
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[pick % len(moves)])


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=80), st.text(alphabet="AKQJ1023456789shdcSHDC/|- ", max_size=120)))
def test_any_text_is_a_position_that_writes_back_or_is_refused(text):
    try:
        position = Position.from_text(text)
    except InvalidPositionError:
        return
    assert Position.from_text(position.to_text()).to_text() == position.to_text()


@pytest.mark.parametrize("text, words", [
    ("", "7 fields"),
    (DEAL_G.replace("/7c3dKD/", "/7c3dAD/"), "twice ['AD'], missing ['KD']"),
    (DEAL_G.replace("AD/2hJC", "AD/2hjc"), "must be face up"),
    (DEAL_G.replace("2hJC", "JC2h"), "face-down ones first"),
    (DEAL_G.replace("/9h3cqd7sqs4dAH", ""), "7 columns"),
    (DEAL_G.replace(" QHJH", " ").replace(" - -/-/-/- ", " |QHJH -/-/-/- "), "more than one tap draws"),
    (DEAL_G.replace(" - -/-/-/- ", " - AS/-/-/- "), "twice ['AS']"),
    (DEAL_G.replace(" - -/-/-/- ", " - -/AS/-/- "), "one card of its suit"),
    (DEAL_G.replace(" 0 1 -", " 0 0 -"), "at least 1"),
    (DEAL_G.replace(" 0 1 -", " 2 1 1"), "more than the limit"),
    (DEAL_G.replace(" 0 1 -", " x 1 -"), "whole number"),
    (DEAL_G.replace("9ckhjs5hkc3S", "9ckhjs5hKC3S"), "alternating colours"),
])
def test_text_that_is_no_position_is_refused_with_what_is_wrong(text, words):
    with pytest.raises(InvalidPositionError, match=re.escape(words)):
        Position.from_text(text)


def perft(position: Position, depth: int) -> int:
    if depth == 0:
        return 1
    count = 0
    for move in position.legal_moves():
        undo = position.make(move)
        count += perft(position, depth - 1)
        position.unmake(move, undo)
    return count


def perft_cases() -> list[tuple[str, str, dict[int, int]]]:
    cases: list[tuple[str, str, dict[int, int]]] = []
    for line in PERFT.read_text(encoding="utf-8").splitlines():
        word, _, rest = line.partition(" ")
        if word == "id":
            cases.append((rest, "", {}))
        elif word == "position":
            cases[-1] = (cases[-1][0], rest, {})
        elif word == "perft":
            depth, count = rest.split()
            cases[-1][2][int(depth)] = int(count)
    return cases


@pytest.mark.parametrize("name, text, counts", perft_cases(), ids=[c[0] for c in perft_cases()])
def test_move_generation_counts_of_the_perft_file(name, text, counts):
    position = Position.from_text(text)
    code = name.split(": ")[1].split()[0]
    assert rules_and_key(position)[1:] == rules_and_key(Game.from_text(code, PLUGINS).position)[1:]
    before = position.to_text()
    assert {depth: perft(position, depth) for depth in counts} == counts
    assert position.to_text() == before
