"""A quick proof that a position cannot be won: some card can never leave its place.

A win puts every card on its foundation, so every tableau card must leave its place some time.
Three things can happen to a card only after other things have happened first:
- it **leaves its place**: a face-down card only once every card above it has left; then to its
  foundation (every card above it has left, and the card below it in its suit can reach its
  foundation), onto a card one rank higher of the other colour that can be a column's top (a
  face-up card carries the cards above it along), or, a king, into an empty column;
- it **becomes a column's top**: where it lies, once every card above it has left; or elsewhere,
  put onto a card that can be a column's top or, a king, into an empty column, but only once it
  is off its place (a talon card, a foundation card, or one that has left);
- it **reaches its foundation**: the card below it in its suit can, and it is at hand (a talon
  card) or can be a column's top;
and a column can be emptied only once every card in it can leave.
Counting every talon card as always at hand, and every card that can be a top or an empty column
as there whenever needed (for as many cards as want it), only widens what is possible: the first
time each of these things happens in a real game, the things it needs have already happened.  So
the least sets closed under these ways hold everything that really can happen, and a tableau card
outside them proves that no win remains.  This catches the red 8s each over the other's 7 and
over the black 9s (tests), and talon cards that could only help by going onto a card that is
itself buried under them.

Once the waste can no longer go back into the stock (Vegas, R14), it is a pile like a column
whose cards are all face down but the top one: a waste card leaves, alone, only once every card
above it has left, and no card is ever put on it.  So it is counted as such a pile, not as at hand.
"""

from typing import Final

from solitaire_klondike.core import COLUMNS, NO_LIMIT, Position
from solitaire_klondike.core.cards import RANK, fits_on

_WASTE: Final = len(COLUMNS)  # the waste's index among the piles, after the columns: no card is put on it
PARENTS: Final = [tuple(t for t in range(52) if fits_on(c, t)) for c in range(52)]


def stuck(position: Position) -> bool:
    """True when some card of the tableau (or of a waste that never goes back) can never leave its place."""
    piles, hidden = position.tableau, position.hidden
    waste = position.waste
    if waste and position.recycle_limit != NO_LIMIT and position.recycles >= position.recycle_limit:
        piles, hidden = [*piles, waste], [*hidden, len(waste) - 1]
    where = {c: (i, j) for i, pile in enumerate(piles) for j, c in enumerate(pile)}
    home = {13 * suit + rank for suit, height in enumerate(position.foundations) for rank in range(height)}
    left: set[int] = set()
    tops: set[int] = set()
    clear = [len(pile) for pile in piles]  # clear[i]: the lowest place of pile i above which every card can leave
    empty = not all(position.tableau)
    changed = True
    while changed:
        changed = False
        for c in range(52):
            spot = where.get(c)
            if c not in tops and (
                    (spot is not None and spot[0] < _WASTE and spot[1] + 1 >= clear[spot[0]])
                    or ((spot is None or c in left) and _placed(c, empty, tops))):
                tops.add(c)
                changed = True
            if c not in home and (RANK[c] == 1 or c - 1 in home) and (
                    spot is None or c in tops or (spot[0] == _WASTE and spot[1] + 1 >= clear[_WASTE])):
                home.add(c)
                changed = True
        for i, pile in enumerate(piles):
            j = clear[i] - 1
            while j >= 0 and (pile[j] in left or _leaves(pile[j], True, empty, home, tops)):
                changed = changed or pile[j] not in left
                left.add(pile[j])
                j -= 1
            clear[i] = j + 1
            # face-up cards lower down may leave with the ones above them (a run carried along)
            for c in pile[hidden[i]:j]:
                if c not in left and _leaves(c, False, empty, home, tops):
                    left.add(c)
                    changed = True
        if not empty and 0 in clear[:_WASTE]:
            empty = changed = True
    return len(left) < len(where)


def _placed(c: int, empty: bool, tops: set[int]) -> bool:
    """Whether ``c``, off its place, can be put on the tableau."""
    return (RANK[c] == 13 and empty) or any(p in tops for p in PARENTS[c])


def _leaves(c: int, clear_above: bool, empty: bool, home: set[int], tops: set[int]) -> bool:
    if clear_above and (RANK[c] == 1 or c - 1 in home):
        return True
    return _placed(c, empty, tops)
