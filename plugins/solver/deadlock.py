"""A quick proof that a position cannot be won: some tableau card can never leave its place.

Every card not on a foundation must leave its place some time.  A card can leave only by one of
three ways, each needing other cards to have left first:
- to its foundation: the cards above it have left, and the card below it in its suit is on the
  foundation, in the talon, or has left its place;
- onto a card one rank higher of the other colour: that card is on a foundation or in the talon,
  or has left its place, or the cards above it have left;
- a king, into an empty column (assumed always possible);
and a face-down card, whatever the way, only once every card above it has left.
Counting the talon and the foundations as always at hand, and empty columns as always there, only
widens what is possible, so the cards that can leave (the least set closed under these ways) hold
every card that really can.  A tableau card outside that set proves no win remains: the red 8s
each over the other's 7 and over the black 9s (tests) are caught this way.

Once the waste can no longer go back into the stock (Vegas, R14), it is a pile like a column
whose cards are all face down but the top one: a waste card leaves, alone, only once every card
above it has left, and no card is ever put on it.  So it is counted as such a pile, not as at hand.
"""

from solitaire_klondike.core import NO_LIMIT, Position
from solitaire_klondike.core.cards import RANK, fits_on

_WASTE = 7  # the waste's index among the piles, after the seven columns: no card is put on it
PARENTS = [tuple(t for t in range(52) if fits_on(c, t)) for c in range(52)]


def stuck(position: Position) -> bool:
    """True when some card of the tableau (or of a waste that never goes back) can never leave its place."""
    tableau, hidden = position.tableau, position.hidden
    waste = position.waste
    if waste and position.recycle_limit != NO_LIMIT and position.recycles >= position.recycle_limit:
        tableau, hidden = [*tableau, waste], [*hidden, len(waste) - 1]
    where: dict[int, tuple[int, int]] = {}
    for i, column in enumerate(tableau):
        for j, c in enumerate(column):
            where[c] = (i, j)
    left: set[int] = set()
    # clear[i]: the lowest place in column i from which every card up has been shown able to leave
    clear = [len(column) for column in tableau]
    changed = True
    while changed:
        changed = False
        for i, column in enumerate(tableau):
            j = clear[i] - 1
            while j >= 0:
                c = column[j]
                if c not in left and not _can_leave(c, j, j + 1 >= clear[i], j < hidden[i], where, left, clear):
                    break
                left.add(c)
                j -= 1
                changed = True
            clear[i] = j + 1
            # cards lower down may leave without the ones above (face-up runs carry them along)
            for k in range(hidden[i], j):
                c = column[k]
                if c not in left and _can_leave(c, k, False, False, where, left, clear):
                    left.add(c)
                    changed = True
    return len(left) < len(where)


def _can_leave(c: int, j: int, clear_above: bool, face_down: bool, where: dict[int, tuple[int, int]], left: set[int],
               clear: list[int]) -> bool:
    if face_down and not clear_above:
        return False
    rank = RANK[c]
    if rank == 13:
        return True
    if clear_above and (rank == 1 or (c - 1) not in where or (c - 1) in left):
        return True
    for p in PARENTS[c]:
        spot = where.get(p)
        if spot is None or p in left or (spot[0] < _WASTE and spot[1] + 1 >= clear[spot[0]]):
            return True
    return False
