"""Random legal play never breaks the rules, and undo takes any prefix back exactly (R18)."""

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_klondike.core import DEAL_COUNT, Game, GameCode, Move, Position
from solitaire_klondike.core.cards import fits_on
from solitaire_klondike.core.legality import why_illegal

SOURCES = ["W", *(f"T{k}" for k in range(1, 8)), "FS", "FH", "FD", "FC"]
EVERY_MOVE = [Move.stock()] + [
    Move.parse(f"{s}-{t}") for s in SOURCES for t in ["F", *(f"T{k}" for k in range(1, 8))]
    if s != t and not (s[0] == "F" and t == "F")
]

games = st.builds(
    GameCode, draw=st.sampled_from(["D1", "D3"]), scoring=st.sampled_from(["N", "V"]),
    deal=st.integers(min_value=0, max_value=DEAL_COUNT - 1),
)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=150)
fast = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def all_cards(p: Position) -> list[int]:
    found = [c for s in range(4) for c in p.foundation_cards(s)]
    return sorted([c for column in p.tableau for c in column] + p.stock + p.waste + found)


def check_invariants(p: Position) -> None:
    assert all_cards(p) == list(range(52))
    for column, hidden in zip(p.tableau, p.hidden):
        assert hidden == 0 if not column else 0 <= hidden < len(column)
        face_up = column[hidden:]
        assert all(fits_on(upper, lower) for lower, upper in itertools.pairwise(face_up))


def random_play(game: Game, picks: list[int]) -> list[tuple[tuple, int]]:
    states = [(game.position.key(), game.score)]
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[pick % len(moves)])
        states.append((game.position.key(), game.score))
    return states


@fast
@given(code=games, picks=choices)
def test_random_legal_play_never_loses_or_duplicates_a_card_nor_breaks_a_rule(plugins, code, picks):
    game = Game(code, plugins)
    for pick in picks:
        moves = game.legal_moves()
        assert set(moves) == {m for m in EVERY_MOVE if game.why_illegal(m) is None}
        if not moves:
            break
        game.push(moves[pick % len(moves)])
        check_invariants(game.position)
        if code.scoring == "N":
            assert game.score >= 0
        else:
            assert game.score == -52 + 5 * sum(m.target_kind == "foundation" for m in game.history)


@fast
@given(code=games, picks=choices, data=st.data())
def test_undo_of_any_prefix_restores_the_exact_position_and_score(plugins, code, picks, data):
    game = Game(code, plugins)
    states = random_play(game, picks)
    keep = data.draw(st.integers(min_value=max(0, len(states) - 1 - 100), max_value=len(states) - 1))
    while game.move_count > keep:
        game.undo()
    assert (game.position.key(), game.score) == states[keep]
    while game.redo():
        pass
    assert (game.position.key(), game.score) == states[-1]


@fast
@given(code=games, picks=choices)
def test_search_path_make_unmake_and_generation_agree_with_the_rules(plugins, code, picks):
    game = Game(code, plugins)
    random_play(game, picks)
    position = game.search_position()
    moves = position.legal_moves()
    assert set(moves) == {m for m in EVERY_MOVE if why_illegal(position, m) is None}
    before = position.key()
    for move in moves:
        token = position.make(move)
        check_invariants(position)
        position.unmake(move, token)
        assert position.key() == before


@fast
@given(code=games, picks=choices)
def test_a_snapshot_resumes_the_same_game(plugins, code, picks):
    game = Game(code, plugins)
    random_play(game, picks)
    for _ in range(len(picks) % 5):
        game.undo()
    resumed = Game.from_snapshot(game.snapshot(), plugins)
    assert resumed.position == game.position and resumed.score == game.score
    assert resumed.snapshot() == game.snapshot()


def test_a_malformed_snapshot_is_refused_with_a_value_error(plugins):
    import pytest

    for broken in ({}, {"code": "KL1-D1N-AAAAAAG"}, {"code": "KL1-D1N-AAAAAAG", "moves": 5}, []):
        with pytest.raises(ValueError, match="incomplete or malformed"):
            Game.from_snapshot(broken, plugins)
