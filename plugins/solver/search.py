"""A depth-first search for a win that is never wrong.

It searches the real game: every move of the rules, partial runs (R7) and cards taken back
from a foundation (R11) included, under the position's own draw count and recycle limit.  A
verdict of "unwinnable" means every position reachable from the start was searched, apart from
positions that the rules below show cannot matter.  What makes it fast, each with why it is safe:

1. The stock as macro moves.  A tap on the stock only changes the stock and the waste, so any
   winning line can be reordered to make its taps just before the waste card they bring up is
   played (taps and other moves commute; the recycle count is the same).  So instead of taps the
   search plays "the talon card at place q" for every place q that some taps reach, and a
   winning line gets its taps back when it is written out.  Taps that bring no card to play
   never help (they end no line that wins).
2. Safe moves to the foundations (see ``_safe``): when one exists it is the only move tried.
3. One table of positions already searched, on a key that leaves out what cannot change the
   outcome (see ``key``).  A position met again was, or is being, searched from its first meeting;
   the positions on the current line are kept apart so a line never loops, even after the table
   is emptied because it grew past its size.
4. Symmetry: columns are interchangeable (the rules never name a column), so the key sorts
   them; moves that only swap two columns (a king with everything above it from an otherwise
   empty column to an empty one) and all but the first empty column as a target are not tried,
   since they lead to positions equal to another one up to the order of the columns.  The line
   found is in real column numbers, because the search plays the real position.
5. Move order only decides which line is found first: foundation moves and moves that turn a
   hidden card come first, the nearest talon cards before farther ones, cards taken back from a
   foundation last.
6. A first search leaves out moves that rarely win (cards taken back, partial runs that free no
   foundation card) for a share of the budget: it finds most wins sooner, but as it proves
   nothing when it fails, the full game is searched after it.
7. Before searching, a quick proof that some card can never leave its place (``deadlock``).
"""

import os
import time
from collections.abc import Callable
from typing import Any

from solitaire_klondike.core import (
    COLUMNS,
    FOUNDATION,
    NO_LIMIT,
    STOCK,
    UNDECIDED,
    UNWINNABLE,
    WASTE,
    WINNABLE,
    Move,
    Position,
    Verdict,
)
from solitaire_klondike.core.cards import RANK, fits_on
from solitaire_klondike.core.piles import IS_COLUMN

from .deadlock import stuck

TABLE_MB_VARIABLE = "SOLITAIRE_KLONDIKE_SOLVER_MB"
TABLE_MB = 512
ENTRY_BYTES = 200  # a key of ~80 bytes, its object header and its share of the set's slots
CHECK_EVERY = 256
FIRST_SHARE = 0.3  # of the budget, for the first search (6 above)
_KING = 13
_TAP = Move(STOCK, STOCK)
_WASTE_TO = [Move(WASTE, d) for d in COLUMNS]
_WASTE_TO_FOUNDATION = Move(WASTE, FOUNDATION)
_FITS_ON_IT = [tuple(c for c in range(52) if fits_on(c, t)) for t in range(52)]
_KINGS = tuple(13 * suit + 12 for suit in range(4))

# A move to try: the move, and for a talon card the waste size q that taps reach (0 for other
# moves) and the recycles they use.  What ``play`` returns for ``take_back``: make's record and
# the talon as it was.
Child = tuple[Move, int, int]
Undo = tuple[Any, list[int], list[int], int, int]


class _OutOfTime(Exception):
    """The budget is spent or the caller cancelled."""


def table_entries() -> int:
    """How many positions the table holds before it is emptied (``SOLITAIRE_KLONDIKE_SOLVER_MB``)."""
    megabytes = float(os.environ.get(TABLE_MB_VARIABLE, TABLE_MB))
    return max(1000, int(megabytes * 1_000_000 / ENTRY_BYTES))


def solve(position: Position, budget: float, cancel: Callable[[], bool], entries: int | None = None,
          quick_proof: bool = True) -> Verdict:
    """Search ``position`` for at most ``budget`` seconds; ``quick_proof`` first tries the proof of
    ``deadlock`` (off only to test the search alone)."""
    return _Search(position, budget, cancel, entries or table_entries()).run(quick_proof)


def _safe(card: int, foundations: list[int]) -> bool:
    """A card of rank r may go to its foundation with no other move tried first.

    Aces and twos: nothing but an ace of the other colour could be built on a two, and aces
    only go to the foundations.  Otherwise (Blake & Gent's rule for games with cards taken back,
    R11): both foundations of the other colour hold r - 2 and the other one of its own colour
    r - 3.  Then every card that could be built on it (the other colour's r - 1) can itself go
    to its foundation, and so can the cards those could hold (its own colour's r - 2), so no
    line needs the card in the tableau that does not have a line as good with it on its
    foundation.  The tighter-looking "other colour holds r - 1" is not enough once cards can be
    taken back: a winning line may lower those foundations again.
    """
    rank = RANK[card]
    if rank <= 2:
        return True
    suit = card // 13
    other = 3 - suit  # 0 spades <-> 3 clubs, 1 hearts <-> 2 diamonds: the other suit of its colour
    low = rank - 2
    if suit in (1, 2):
        return foundations[0] >= low and foundations[3] >= low and foundations[other] >= rank - 3
    return foundations[1] >= low and foundations[2] >= low and foundations[other] >= rank - 3


class _Search:
    def __init__(self, position: Position, budget: float, cancel: Callable[[], bool], entries: int) -> None:
        self.p = position
        self.start = time.perf_counter()
        self.budget = budget
        self.deadline = self.start + budget
        self.cancel = cancel
        self.entries = entries
        self.draw = position.draw_count
        self.unlimited = position.recycle_limit == NO_LIMIT
        self.root = position.copy()
        self.states = 0
        self.best_progress = -1
        self.best_child: Child | None = None
        self.restricted = False

    # --- the key ---------------------------------------------------------------

    def key(self) -> bytes:
        """The position as bytes, equal for positions with the same outcome that the rules say are so.

        Columns sorted (symmetry, 4 above), each with its hidden count.  Foundations left out:
        they hold exactly the cards found nowhere else.  The talon as its cards in dealing order
        (waste bottom first, then the stock) and the waste's size; with unlimited passes the
        recycle count is left out (it limits nothing), and a waste whose size is a multiple of
        the draw count, or the whole talon, is written as size 0: by drawing and turning the
        waste back such positions reach each other, and exactly the same talon cards.
        """
        p = self.p
        tableau, hidden = p.tableau, p.hidden
        columns = sorted([bytes([52 + hidden[i]] + tableau[i]) for i in COLUMNS])
        waste = p.waste
        talon = waste + p.stock[::-1]
        size = len(waste)
        if self.unlimited:
            if size % self.draw == 0 or size == len(talon):
                size = 0
            tail = bytes([60, size, *talon])
        else:
            tail = bytes([61, size, p.recycles, *talon])
        return b"".join(columns) + tail

    # --- moves -------------------------------------------------------------------

    def talon_places(self) -> list[tuple[int, int]]:
        """Every (waste size q, recycles used) that taps reach with a card on the waste, fewest recycles."""
        p = self.p
        size, total, draw = len(p.waste), len(p.waste) + len(p.stock), self.draw
        places = {}
        q = size
        while True:
            if q:
                places[q] = 0
            if q >= total:
                break
            q = min(q + draw, total)
        if total and (self.unlimited or p.recycles < p.recycle_limit):
            q = 0
            while q < total:
                q = min(q + draw, total)
                places.setdefault(q, 1)
        return list(places.items())

    def children(self) -> list[Child]:
        """The moves to try here, best first."""
        p = self.p
        tableau, hidden, found = p.tableau, p.hidden, p.foundations
        talon = None
        # 2. a safe move to a foundation is the only one tried
        for s in COLUMNS:
            column = tableau[s]
            if column:
                c = column[-1]
                if c % 13 == found[c // 13] and _safe(c, found):
                    return [(Move(s, FOUNDATION), 0, 0)]
        if self.draw == 1:
            # With draw one, taking a card off the talon changes no other talon card's reach,
            # so a safe talon card is as safe as a column's top.  With unlimited passes any
            # talon card is reached at no cost; with a limit only the top one is free.
            talon = p.waste + p.stock[::-1]
            places = self.talon_places() if self.unlimited else ([(len(p.waste), 0)] if p.waste else [])
            for q, used in places:
                c = talon[q - 1]
                if c % 13 == found[c // 13] and _safe(c, found):
                    return [(_WASTE_TO_FOUNDATION, q, used)]
        ranked: list[tuple[float, Child]] = []
        empty = [d for d in COLUMNS if not tableau[d]]
        first_empty = empty[0] if empty else -1
        for move in p.legal_moves():
            source, target = move
            if source in (STOCK, WASTE):
                continue
            rank: float
            if IS_COLUMN[source]:
                column = tableau[source]
                h = hidden[source]
                if target == FOUNDATION:
                    rank = 0 if h and h == len(column) - 1 else 1
                elif tableau[target]:
                    n = RANK[tableau[target][-1]] - RANK[column[-1]]
                    if n == len(column) - h:
                        rank = 2 - h / 8 if h else 5
                    else:
                        rank = 6
                        if self.restricted:
                            below = column[-n - 1]
                            if below % 13 != found[below // 13]:
                                continue
                else:
                    if target != first_empty or not h:
                        continue  # 4. another empty column, or a king's column moved whole: symmetric
                    rank = 2 - h / 8
            else:
                if self.restricted or (not tableau[target] and target != first_empty):
                    continue
                rank = 7
            ranked.append((rank, (move, 0, 0)))
        if p.waste or p.stock:
            if talon is None:
                talon = p.waste + p.stock[::-1]
            size, total = len(p.waste), len(talon)
            # nearer talon cards first: passing fewer cards keeps more of them within reach
            reach = {talon[q - 1]: (q, used, ((q - size) % (total + 1)) / 64) for q, used in self.talon_places()}
            for suit in range(4):
                place = reach.get(13 * suit + found[suit]) if found[suit] < 13 else None
                if place:
                    ranked.append((3 + place[2], (_WASTE_TO_FOUNDATION, place[0], place[1])))
            for d in COLUMNS:
                column = tableau[d]
                if column:
                    for c in _FITS_ON_IT[column[-1]]:
                        place = reach.get(c)
                        if place:
                            ranked.append((4 + place[2], (_WASTE_TO[d], place[0], place[1])))
                elif d == first_empty:
                    for c in _KINGS:
                        place = reach.get(c)
                        if place:
                            ranked.append((4 + place[2], (_WASTE_TO[d], place[0], place[1])))
        ranked.sort(key=lambda item: item[0])
        return [child for _, child in ranked]

    def play(self, child: Child) -> Undo:
        p = self.p
        move, q, used = child
        waste, stock, recycles, fan = p.waste, p.stock, p.recycles, p.waste_fan
        if q and (q != len(waste) or used):
            talon = waste + stock[::-1]
            p.waste = talon[:q]
            p.stock = talon[:q - 1:-1]
            p.recycles += used
            p.waste_fan = 1
        return (p.make(move), waste, stock, recycles, fan)

    def take_back(self, child: Child, undo: Undo) -> None:
        p = self.p
        p.unmake(child[0], undo[0])
        if child[1]:
            _, p.waste, p.stock, p.recycles, p.waste_fan = undo

    # --- the search ----------------------------------------------------------------

    def run(self, quick_proof: bool) -> Verdict:
        p = self.p
        if p.is_won():
            return self.verdict(WINNABLE, [])
        if self.cancel():
            return self.verdict(UNDECIDED, [])
        if quick_proof and stuck(p):
            return self.verdict(UNWINNABLE, [])
        # 6: a first search without the moves that rarely win, then the full game
        self.restricted = True
        try:
            found = self.search(self.start + self.budget * FIRST_SHARE)
        except _OutOfTime:
            found = None
        if found is None:
            self.restricted = False
            try:
                found = self.search(self.deadline)
            except _OutOfTime:
                return self.verdict(UNDECIDED, [])
        if found is None:
            return self.verdict(UNWINNABLE, [])
        return self.verdict(WINNABLE, found)

    def search(self, deadline: float) -> list[Child] | None:
        """Depth first from the position: the winning line, or ``None`` when there is none.

        Raises ``_OutOfTime`` (the position restored) when the budget is spent or the caller cancels."""
        p = self.p
        seen = {self.key()}
        on_line = [next(iter(seen))]
        frames = [(self.children(), [0])]
        line: list[Child] = []
        undos: list[Undo] = []
        hidden_at_start = sum(self.root.hidden)
        while frames:
            children, at = frames[-1]
            i = at[0]
            if i == len(children):
                frames.pop()
                on_line.pop()
                if line:
                    self.take_back(line.pop(), undos.pop())
                continue
            at[0] = i + 1
            child = children[i]
            undo = self.play(child)
            if sum(p.foundations) == 52:
                line.append(child)
                return line
            key = self.key()
            if key in seen:
                self.take_back(child, undo)
                continue
            self.states += 1
            if len(seen) >= self.entries:
                seen = set(on_line)  # 3. emptied when full: the line's own positions stay
            seen.add(key)
            line.append(child)
            undos.append(undo)
            on_line.append(key)
            progress = 2 * sum(p.foundations) + hidden_at_start - sum(p.hidden)
            if progress > self.best_progress:
                self.best_progress, self.best_child = progress, line[0]
            if self.states % CHECK_EVERY == 0 and (time.perf_counter() > deadline or self.cancel()):
                while line:
                    self.take_back(line.pop(), undos.pop())
                raise _OutOfTime
            frames.append((self.children(), [0]))
        return None

    def verdict(self, verdict: str, line: list[Child]) -> Verdict:
        moves = tuple(self.written_out(line))
        best = None
        if verdict == UNDECIDED and self.best_child is not None:
            best = self.written_out([self.best_child])[0]
        return Verdict(verdict, moves, best, self.states, time.perf_counter() - self.start)

    def written_out(self, line: list[Child]) -> list[Move]:
        """The line as real moves from the start: each talon card preceded by its taps (1 above)."""
        p = self.root.copy()
        moves = []
        for child in line:
            if child[1]:
                card = (p.waste + p.stock[::-1])[child[1] - 1]
                while not p.waste or p.waste[-1] != card:
                    p.make(_TAP)
                    moves.append(_TAP)
            p.make(child[0])
            moves.append(child[0])
        return moves
