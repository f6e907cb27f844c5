"""Named piles and the moves of the notation: anything else is refused at the public API, and
the table is left as it was (R9, R10, R11)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_klondike.core import (
    ALL_MOVES,
    COLUMNS,
    FOUNDATION,
    FOUNDATIONS,
    STOCK,
    WASTE,
    WINNABLE,
    Game,
    InvalidMoveError,
    Move,
    Pile,
    PluginError,
    Position,
    Verdict,
    load_plugins,
)

PLUGINS = load_plugins()
piles = st.one_of(st.integers(), st.sampled_from(list(Pile)), st.booleans(), st.floats(), st.text(max_size=3))


def state(game: Game) -> tuple:
    return game.position.key(), game.score, list(game.history), game.undo_depth


def test_the_notation_has_86_moves_each_named_and_pasting_back():
    assert len(ALL_MOVES) == len(set(ALL_MOVES)) == 1 + 8 * 8 + 4 * 7 - 7
    for move in ALL_MOVES:
        assert Move.parse(str(move)) is move
        assert eval(repr(move), {"Move": Move}) == move
        assert isinstance(move.source, Pile) and isinstance(move.target, Pile)


def test_piles_are_named_in_the_notation():
    assert [p.text for p in COLUMNS] == ["T1", "T2", "T3", "T4", "T5", "T6", "T7"]
    assert (WASTE.text, FOUNDATION.text, STOCK.text) == ("W", "F", "S")
    assert [p.text for p in FOUNDATIONS] == ["FS", "FH", "FD", "FC"]   # foundation order (R2)
    assert Move(Pile.T3, Pile.T5) == Move.parse("t3-t5") and Move(Pile.FH, Pile.T2) == Move.parse("FH-T2")


@pytest.mark.parametrize("source, target", [
    (Pile.FS, FOUNDATION), (STOCK, Pile.T1), (Pile.T1, STOCK), (Pile.T1, WASTE), (Pile.T1, Pile.FS),
    (Pile.T1, Pile.T1), (WASTE, WASTE), (FOUNDATION, Pile.T1), (8, 5), (13, 0), (0, 7), (0, 13), (-1, 0), (True, 1),
])
def test_a_pair_of_piles_that_is_no_move_is_refused_everywhere(source, target):
    with pytest.raises(InvalidMoveError):
        Move(source, target)
    game = Game.from_text("KL1-D1N-AAAAAAG", PLUGINS)
    before = state(game)
    for call in (game.push, game.is_legal, game.why_illegal):
        with pytest.raises(InvalidMoveError):
            call((source, target))
    assert state(game) == before


@settings(max_examples=300, deadline=None)
@given(source=piles, target=piles)
def test_any_pair_is_a_move_of_the_notation_or_refused_with_the_table_unchanged(source, target):
    game = Game.from_text("KL1-D3V-AAAAAAG", PLUGINS)
    before = state(game)
    try:
        move = Move(source, target)
    except InvalidMoveError:
        with pytest.raises(InvalidMoveError):
            game.push((source, target))
        assert state(game) == before
        return
    assert move in ALL_MOVES and Move.parse(str(move)) == move
    assert (move.source, move.target) == (source, target)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=8), st.text(alphabet="STWFHDC1234567890-", max_size=6)))
def test_any_text_reads_as_a_move_that_writes_back_the_same_or_is_refused(text):
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return
    assert str(move) == text.strip().upper() and move in ALL_MOVES


class SolverOfPairs:
    """An "other" plugin whose winning line holds a pair of pile numbers that is no move."""

    def klondike_solve(self, position: Position, budget: float, cancel: object) -> Verdict:
        return Verdict(WINNABLE, ((8, 5),))  # type: ignore[arg-type]


def test_a_plugin_answering_a_pair_that_is_no_move_is_refused_as_a_plugin_failure():
    plugins = load_plugins(blocked=["solver"])
    plugins.add(SolverOfPairs(), "pairs")
    with pytest.raises(PluginError, match="is not a move"):
        Game.from_text("KL1-D1N-AAAAAAG", plugins).solve(1)


def test_moves_can_not_be_built_around_the_check():
    move = Move(Pile.T1, Pile.T2)
    assert move._replace(target=Pile.T3) == Move(Pile.T1, Pile.T3)
    with pytest.raises(InvalidMoveError):
        move._replace(target=Pile.T1)
    with pytest.raises(InvalidMoveError):
        Move._make((Pile.T1, WASTE))
