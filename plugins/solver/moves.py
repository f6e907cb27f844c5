"""The game as the searches see it: a position, its key, the moves worth trying, playing and taking back.

Both searches (``search``'s depth first that proves, ``finder``'s best first that finds) play the
real game on a :class:`Board`; what they leave out is said here, each with why it is safe.

1. The stock as macro moves.  A tap on the stock only changes the stock and the waste, so any
   winning line can be reordered to make its taps just before the waste card they bring up is
   played (taps and other moves commute; the recycle count is the same).  So instead of taps the
   search plays "the talon card at place q" for every place q that some taps reach, and a
   winning line gets its taps back when it is written out.  Taps that bring no card to play
   never help (they end no line that wins).
2. Safe moves to the foundations (see ``safe``): when one exists it is the only move tried (the
   lowest card's, so that the choice does not hang on the order of columns, 10).
3. Symmetry: columns are interchangeable (the rules never name a column), so the key sorts
   them; moves that only swap two columns (a king with everything above it from an otherwise
   empty column to an empty one) and all but the first empty column as a target are not tried,
   since they lead to positions equal to another one up to the order of the columns.  The line
   found is in real column numbers, because the search plays the real position.
4. The talon's place (how many cards are on the waste) is not in the key but beside it (see
   ``reached_from``): a position whose talon place taps reach from one already searched has no
   move the searched one lacked (1 above), so it is not searched again.
5. Move order only decides which line is found first: foundation moves and moves that turn a
   hidden card come first, the nearest talon cards before farther ones, cards taken back from a
   foundation last.  With ``restricted`` (the finder only, which proves nothing) moves that rarely
   win are left out: cards taken back from a foundation, and partial runs that free no card
   for its foundation; and 7 is not applied, so a talon card may go up alone, as players put it
   (with 7 the hunts lost wins they had found in a second: ``KL1-D1N-AAAAPVH``).
6. With draw one and unlimited passes, a talon card is put on a column only together with a card
   put on it at once (a card of a column with those above it, a card taken back from a foundation,
   or another talon card, itself followed so).  Any winning line can be rewritten so: every talon
   card stays within reach at any time, so a talon card put on a column can wait there, in the
   talon, until just before a card is first put on it.  Meanwhile it only covered the card under
   it (nothing else was put there, and that card moved only with it on top, which it can do
   alone); if no card is ever put on it, it goes to its foundation from the talon instead and
   the line never puts it on a column.  Rewriting the last talon card not so followed first
   never undoes a later one, so every one ends up followed.
7. With draw one and unlimited passes too, a talon card other than a king goes to its foundation
   only together with the next card of its suit going there at once (from a column's top, or
   from the talon, itself followed so).  The same rewriting shows it: the card can wait in the
   talon, always within reach, until just before the next card of its suit goes up, since no
   move but that one needs it on the foundation (taking it back from there is putting it on a
   column from the talon, which 6 rewrites, and while it waits the card under it on the
   foundation can still be taken back, a move more, not less).  Rewriting for 6 and 7 only
   ever makes a talon card leave later, so both end.
8. A card is taken back from its foundation (R11) only if it could be needed off it after more
   cards are taken back: a card that fits on it is face up in a column, within reach in the
   talon or on a foundation, or the card under it could be taken back in turn onto one of those.
   Any winning line can be rewritten so that each card taken back is taken back as late as it
   can be: until a card is put on it or the card under it is taken back, it can stay on its
   foundation (the card it went onto stays a top, or moves with its run; a card taken back and
   sent up again with neither in between was never needed; one moved on to another column is
   taken back straight there).  What comes between it and the move that needs it only takes
   cards back, puts talon cards on columns (6) or uncovers face-up cards (9): it adds no card
   to the columns that was not face up, in the talon or on a foundation, which the check counts.
9. A move that leaves a face-up card on top of its column (part of a run moved, R7), or leaves
   the column empty (a run under no king moved whole), is tried only together with a move that
   uses that at once: the card to its foundation (with 7, after the talon cards of its suit it
   follows), a card put on it, or a king put into the empty column.  Any winning line can be
   rewritten so: the run can stay where it was until just before that use.  The card it went
   onto is covered meanwhile, so nothing is put on it and it does not go up; a move of that
   card with the run on it is made with the card alone, and a move of the run, or of part of
   it, from there is made from where it was; just before the use, what is left of the run goes
   onto that card, still a top.  With several empty columns, which one the king takes only
   orders the columns (3).  So too when the run goes onto talon cards just put on a column (6):
   they wait with it, since only the run is put on them.
10. Runs on like cards.  Two like cards (same rank and colour, as 8♥ and 8♦), both face up and
   covered, carry runs that start with the two cards one rank lower of the other colour (7♠ and
   7♣), each of which fits on either.  The key puts such runs in one form (on the lower card the
   run whose first card is lower), so positions that differ only by which run is on which like
   card are searched once.  Searching one of them searches them all: a move of one is, up to that
   trade, a move of the other.  A run that carries a like card moves the same whichever run is on
   it (its first card and the card it goes onto are the same, and the cards on a like card rank
   lower than any card that run can go onto); a card put on a run's top, or a run's upper part
   moved, is the same card or run in either.  The moves tried are the same too (2 takes the
   lowest safe card; the rest look at a card's column only for what lies under the card, which a
   trade leaves as it was).  Only taking a run's
   first card off a like card tells them apart: that card fits nowhere but on the two like cards
   (the other covered) and is no king, so it leaves only for its foundation, uncovering its own
   like card, where in the other form it would uncover the other one.  So such a move is also
   tried followed by the other like card's run put on the card just uncovered (``other_form``),
   which leaves what the other form's move leaves.  So every position some winning line of the
   moves tried reaches is searched up to trades, and the lines found are real moves.  The hunts'
   restricted boards keep the plain key.
11. A column's top card sent to its foundation, uncovering a face-up card or emptying the column, is
   tried only together with a move that uses that at once (as in 9: the card uncovered to its
   foundation, a card put on it, a king into the empty column) or with the next card of its suit
   sent up at once (from a column's top, or from the talon, with 7 itself followed so).  Any winning
   line can be rewritten so: the card can stay where it was until just before the first of those.
   Meanwhile it covers only the card under it, which the line leaves alone but for moving it to
   another column, where the card goes along on top of it; a line that takes the card back from its
   foundation moves it there straight from where it waits (a move of 9); and no line wins without
   sending the next card of its suit up, so the wait ends.  Kings (nothing follows them up) and a
   run's first card taken off a like card (whose move 10 pairs with another) are tried alone.
"""

from typing import Final

from solitaire_klondike.core import COLUMNS, FOUNDATION, FOUNDATIONS, NO_LIMIT, STOCK, WASTE, Move, Position
from solitaire_klondike.core.cards import RANK, fits_on
from solitaire_klondike.core.piles import IS_COLUMN
from solitaire_klondike.core.position import Undo as Made

from .deadlock import PARENTS

TAP: Final = Move(STOCK, STOCK)
_WASTE_TO: Final = [Move(WASTE, d) for d in COLUMNS]
_WASTE_TO_FOUNDATION: Final = Move(WASTE, FOUNDATION)
_FITS_ON_IT: Final = [tuple(c for c in range(52) if fits_on(c, t)) for t in range(52)]
_KINGS: Final = tuple(13 * suit + 12 for suit in range(4))
_EMPTY: Final = 52  # above every card: empty columns last in the key
_LIKE: Final = [13 * (3 - c // 13) + c % 13 for c in range(52)]  # same rank and colour: spades-clubs, hearts-diamonds
_BIT: Final = [1 << pile if IS_COLUMN[pile] else 0 for pile in range(len(IS_COLUMN))]  # a column's, in a bit set
ALL_UP: Final = [13] * 4  # the foundations of a won game
_MARK: Final = [bytes([52 + h]) for h in range(52)]  # in the key, before a column's cards: its hidden count
_KIND: Final = [(RANK[c] + (c // 13 + 1 >> 1)) & 1 for c in range(52)]  # rank + colour: the same all along a run
_COLUMN_TO: Final = [[Move(s, d) if d != s else TAP for d in COLUMNS] for s in COLUMNS]  # [s][s]: never played
_COLUMN_TO_FOUNDATION: Final = [Move(s, FOUNDATION) for s in COLUMNS]
_FOUNDATION_TO: Final = [[Move(f, d) for d in COLUMNS] for f in FOUNDATIONS]

# A step: the move, and for a talon card the waste size q that taps reach (0 for other moves) and
# the recycles they use.  A move to try is one step or a few played together (6 above).  What
# ``play`` returns for ``take_back``: for each step make's record and the talon as it was.
Step = tuple[Move, int, int]
Child = tuple[Step, ...]
Undo = tuple[Made, list[int], list[int], int, int]
KeyParts = tuple[list[bytes], list[int], list[int], int]  # see ``Board.__init__``


def safe(card: int, foundations: list[int]) -> bool:
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


def _same_pass(q: int, draw: int) -> int:
    """Bits of the waste sizes q' from which taps within one pass reach size q (q' <= q, q - q' a multiple of draw)."""
    return sum(1 << s for s in range(q % draw, q + 1, draw))


class Board:
    """A position under its own draw count and recycle limit, with what the searches need of it."""

    def __init__(self, position: Position, restricted: bool = False) -> None:
        self.p = position
        self.draw = position.draw_count
        self.unlimited = position.recycle_limit == NO_LIMIT
        self.one_pass = position.recycle_limit == 0
        self.free_talon = self.unlimited and self.draw == 1  # every talon card within reach at any time (6)
        self.restricted = restricted
        self.up_waits = self.free_talon and not restricted  # 7, not on the hunts' boards (5)
        self.pass_bits = [_same_pass(q, self.draw) for q in range(53)]
        self.places_by_size: dict[int, list[tuple[int, int, float]]] = {}
        self.after = [0] * 52  # for the key (10): where the cards on a card go on, when its run is traded (else 0)
        # for the key too, the talon as the cards still in it: it never changes order (cards only leave it), so
        # which of the first talon cards are left (a bit each, in ``talon``, kept by ``play`` and ``take_back``)
        # says what it is
        start = position.waste + position.stock[::-1]
        self.talon_bit = [0] * 52
        for i, card in enumerate(start):
            self.talon_bit[card] = 1 << i
        self.talon = (1 << len(start)) - 1
        self.talon_shifts = range(0, len(start), 8)  # those of its bytes
        self.talon_written = (-1, 0, b"")  # the talon and recycles last written in a key, and their bytes
        # the parts of the last key made and of the keys of the positions kept (``keep``), the latest last: each
        # column's bytes, each column's place in the order (its first card), that order, and the columns traded
        self.made: KeyParts = ([b""] * len(COLUMNS), [0] * len(COLUMNS), [], 0)
        self.kept: list[KeyParts] = []

    def key(self, child: Child | None = None) -> bytes:
        """The position as bytes, without the talon's place: equal for positions equal up to column order
        and, but for a restricted board, up to runs traded on like cards (10).

        Columns in the order of their first cards (symmetry, 3 above), each with its hidden count.  Foundations
        left out: they hold exactly the cards found nowhere else.  The talon as the bits of ``talon``; with
        unlimited passes the recycle count is left out (it limits nothing).  The waste's size is ``place``'s,
        beside the key (4 above).
        With ``child``, the move just played from the position kept last (``keep``), only the columns it changed
        and those with runs traded, there or here, are written again: the others are as in that position's key.
        """
        p = self.p
        tableau, hidden = p.tableau, p.hidden
        after = self.after
        traded = 0 if self.restricted else _trades(tableau, hidden, after)
        order: list[int] = []
        if child is None:
            changed = redo = (1 << len(tableau)) - 1
            columns, codes = [b""] * len(tableau), [0] * len(tableau)
        else:
            changed = 0
            for step in child:
                changed |= _BIT[step[0][0]] | _BIT[step[0][1]]
            columns, codes, order, traded_there = self.kept[-1]
            redo = changed | traded | traded_there
            columns = list(columns)
        resort = child is None
        for s in range(len(tableau)):
            if not redo >> s & 1:
                continue
            column = tableau[s]
            if changed >> s & 1:
                # columns by their first cards (no two alike), the empty ones last
                code = column[0] << 3 | s if column else _EMPTY << 3 | s
                if code != codes[s]:
                    if not resort:
                        codes, resort = list(codes), True
                    codes[s] = code
            if not traded >> s & 1:
                columns[s] = _MARK[hidden[s]] + bytes(column)
                continue
            # the column up to a traded card, then the run on its like card, and so on
            out, i = [52 + hidden[s]], 0
            while i < len(column):
                card = column[i]
                out.append(card)
                i += 1
                jump = after[card]
                if jump:
                    after[card] = 0  # every card is met once: ``after`` is clear again at the end
                    column, i = tableau[jump >> 6], jump & 63
            columns[s] = bytes(out)
        if resort:
            order = sorted(codes)
        self.made = (columns, codes, order, traded)
        key = [columns[code & 7] for code in order]
        if self.talon != self.talon_written[0] or p.recycles != self.talon_written[1]:
            talon = self.talon
            self.talon_written = (talon, p.recycles, bytes([60] if self.unlimited else [61, p.recycles])
                                  + bytes([talon >> shift & 255 for shift in self.talon_shifts]))
        key.append(self.talon_written[2])
        return b"".join(key)

    def keep(self) -> None:
        """The moves from the position keyed last are searched now: its key's parts are kept for theirs."""
        self.kept.append(self.made)

    def leave(self) -> None:
        """The moves from the position kept last are all searched."""
        self.kept.pop()

    def restored(self) -> None:
        """The position was replaced whole (``finder``): the talon's bits are worked out again."""
        self.talon = sum([self.talon_bit[card] for card in self.p.waste + self.p.stock])

    def place(self) -> int:
        """The waste's size as a bit, to keep beside the key."""
        return 1 << len(self.p.waste)

    def reached_from(self) -> int:
        """Bits of the waste sizes from which taps reach this position's (the same key otherwise).

        Taps only move the talon's place, so a position so reached has no move that the one it is
        reached from lacks (1 above): the whole talon size is reached from any size (draw to the
        end); with unlimited passes every multiple of the draw count is too (draw to the end, turn
        the waste back, draw again); otherwise only smaller sizes of the same pass.
        """
        size, total = len(self.p.waste), len(self.p.waste) + len(self.p.stock)
        if size == total or (self.unlimited and size % self.draw == 0):
            return -1
        return self.pass_bits[size]

    def talon_places(self) -> list[tuple[int, int, float]]:
        """Every (waste size q, recycles used, rank) that taps reach with a card on the waste, fewest recycles;
        the rank orders them by the cards passed to reach them (5).  They hang on the talon's sizes alone, so
        each board works them out once for each."""
        p = self.p
        size, total = len(p.waste), len(p.waste) + len(p.stock)
        recycle = total > 0 and (self.unlimited or p.recycles < p.recycle_limit)
        code = (size * 53 + total) * 2 + recycle
        places = self.places_by_size.get(code)
        if places is None:
            places = self.places_by_size[code] = [
                (q, used, ((q - size) % (total + 1)) / 64) for q, used in self._places(size, total, recycle)]
        return places

    def _places(self, size: int, total: int, recycle: bool) -> list[tuple[int, int]]:
        draw = self.draw
        places = {}
        q = size
        while True:
            if q:
                places[q] = 0
            if q >= total:
                break
            q = min(q + draw, total)
        if recycle:
            q = 0
            while q < total:
                q = min(q + draw, total)
                places.setdefault(q, 1)
        return list(places.items())

    def children(self) -> list[Child]:
        """The moves to try here, best first."""
        p = self.p
        tableau, hidden, found = p.tableau, p.hidden, p.foundations
        # 2. a safe move to a foundation is the only one tried: the lowest card's, whatever column it is in (10)
        up = [(column[-1], s) for s, column in enumerate(tableau)
              if column and column[-1] % 13 == found[column[-1] // 13] and safe(column[-1], found)]
        if up:
            return [((_COLUMN_TO_FOUNDATION[min(up)[1]], 0, 0),)]
        talon = p.waste + p.stock[::-1]
        places = self.talon_places()
        if self.draw == 1:
            # With draw one, taking a card off the talon changes no other talon card's reach,
            # so a safe talon card is as safe as a column's top.  With unlimited passes any
            # talon card is reached at no cost; with a limit only the top one is free.
            for q, used, _ in places if self.unlimited else ([(len(p.waste), 0, 0.0)] if p.waste else []):
                c = talon[q - 1]
                if c % 13 == found[c // 13] and safe(c, found):
                    return [((_WASTE_TO_FOUNDATION, q, used),)]
        ranked: list[tuple[float, Child]] = []
        empty = [d for d in range(len(tableau)) if not tableau[d]]
        first_empty = empty[0] if empty else -1
        # nearer talon cards first (``talon_places``' rank): passing fewer cards keeps more of them within reach
        reach = {talon[place[0] - 1]: place for place in places}
        order = {c: q for q, c in enumerate(talon, 1)} if self.free_talon else {}  # only 6 and 7 look at it
        face_up = [-1] * 52  # each face-up card's column, -1 for the others
        for t in range(len(tableau)):
            column = tableau[t]
            for i in range(hidden[t], len(column)):
                face_up[column[i]] = t
        wanted: dict[int, bool] = {}  # by suit: is its foundation's top card worth taking back (8)
        tops = {column[-1]: i for i, column in enumerate(tableau) if column}  # each top card's column
        # the moves of the rules but the talon's, in the order ``Position.legal_moves`` gives them
        for s in tops.values():  # top cards to their foundations
            column = tableau[s]
            if column[-1] % 13 == found[column[-1] // 13]:
                h = hidden[s]
                if h and h == len(column) - 1:
                    ranked.append((0.0, ((_COLUMN_TO_FOUNDATION[s], 0, 0),)))
                elif self.restricted or RANK[column[-1]] == 13 or self.traded(column, face_up):
                    ranked.append((1.0, ((_COLUMN_TO_FOUNDATION[s], 0, 0),)))
                else:
                    ranked.extend((1.0, child) for child in self.sent_up(s, reach, order, face_up))
        for t, d in tops.items():  # runs onto other columns
            for c in _FITS_ON_IT[t]:
                source = face_up[c]
                if source < 0:
                    continue
                column, h = tableau[source], hidden[source]
                n = RANK[t] - RANK[column[-1]]  # the cards moved
                move = _COLUMN_TO[source][d]
                if n == len(column) - h and h:
                    ranked.append((2 - h / 8, ((move, 0, 0),)))
                    continue
                rank = 5.0 if n == len(column) else 6.0
                if not self.restricted:
                    ranked.extend((rank, child) for child in self.used(move, reach, order, face_up, wanted))
                elif n == len(column) or column[-n - 1] % 13 == found[column[-n - 1] // 13]:
                    ranked.append((rank, ((move, 0, 0),)))
        if empty:  # 3. kings into the first empty column only, and not a king's whole column: symmetric
            for s in tops.values():
                h = hidden[s]
                if h and RANK[tableau[s][h]] == 13:
                    ranked.append((2 - h / 8, ((_COLUMN_TO[s][empty[0]], 0, 0),)))
        for suit in range(4) if not self.restricted else ():  # cards taken back from the foundations
            if found[suit]:
                card = 13 * suit + found[suit] - 1
                targets = [tops[t] for t in PARENTS[card] if t in tops]
                if RANK[card] == 13 and empty:
                    targets.append(empty[0])
                for d in targets:
                    if not self.worth(suit, wanted, reach, face_up):
                        break  # 8. it can wait on its foundation
                    ranked.append((7.0, ((_FOUNDATION_TO[suit][d], 0, 0),)))
        if reach:
            for suit in range(4):
                c = 13 * suit + found[suit]
                place = reach.get(c) if found[suit] < 13 else None
                if place:
                    step = (_WASTE_TO_FOUNDATION, place[0], place[1])
                    if self.up_waits:
                        ranked.extend((3 + place[2], (step, *then)) for then in self.raised(c, (c,), order, tops))
                    else:
                        ranked.append((3 + place[2], (step,)))
            for d in range(len(tableau)):
                column = tableau[d]
                if column or d == first_empty:
                    for c in _FITS_ON_IT[column[-1]] if column else _KINGS:
                        place = reach.get(c)
                        if not place:
                            continue
                        step = (_WASTE_TO[d], place[0], place[1])
                        if self.free_talon:
                            for then in self.followed(c, d, (c,), face_up, order):
                                child = (step, *then)
                                if IS_COLUMN[child[-1][0].source] and not self.restricted:  # a run put on it (9)
                                    ranked.extend((4 + place[2], way) for way in self.run_waits(child, face_up, wanted))
                                else:
                                    ranked.append((4 + place[2], child))
                        else:
                            ranked.append((4 + place[2], (step,)))
        ranked.sort(key=lambda item: item[0])
        return [child for _, child in ranked]

    def used(self, move: Move, reach: dict[int, tuple[int, int, float]], order: dict[int, int],
             face_up: list[int], wanted: dict[int, bool]) -> list[Child]:
        """A move that leaves a face-up card on top of its column, or the column empty, followed at once by
        each move that uses that (9).  ``reach``, ``order``, ``face_up`` and ``wanted`` are ``children``'."""
        source, target = move
        column = self.p.tableau[source]
        start = len(column) - RANK[self.p.tableau[target][-1]] + RANK[column[-1]]
        return [((move, 0, 0), *way) for way in self.uses(source, start, target, [], reach, order, face_up, wanted)]

    def sent_up(self, source: int, reach: dict[int, tuple[int, int, float]], order: dict[int, int],
                face_up: list[int]) -> list[Child]:
        """A column's top card sent to its foundation, uncovering a face-up card or emptying the column, followed at
        once by each move that uses that (9) or by the next card of its suit sent up (11).  ``reach``, ``order``
        and ``face_up`` are ``children``': the ways are worked out with the card on its foundation."""
        p = self.p
        up = _COLUMN_TO_FOUNDATION[source]
        card = p.tableau[source][-1]
        undo = p.make(up)
        face_up = list(face_up)
        face_up[card] = -1
        ways = self.uses(source, len(p.tableau[source]), FOUNDATION, [], reach, order, face_up, {})
        ways.extend(((_COLUMN_TO_FOUNDATION[s], 0, 0),) for s, column in enumerate(p.tableau)
                    if column and column[-1] == card + 1)
        place = reach.get(card + 1)
        if place:
            step = (_WASTE_TO_FOUNDATION, place[0], place[1])
            if self.up_waits:
                tops = {column[-1]: i for i, column in enumerate(p.tableau) if column}
                ways.extend((step, *then) for then in self.raised(card + 1, (card + 1,), order, tops))
            else:
                ways.append((step,))
        p.unmake(up, undo)
        return [((up, 0, 0), *way) for way in ways]

    def traded(self, column: list[int], face_up: list[int]) -> bool:
        """Whether the card under the column's top is face up and a like card whose twin is face up and covered:
        sending the top up is then a trade's move (10), and 11 does not apply."""
        if len(column) < 2:
            return False
        twin = _LIKE[column[-2]]
        s = face_up[twin]
        return s >= 0 and face_up[column[-2]] >= 0 and self.p.tableau[s][-1] != twin

    def run_waits(self, child: Child, face_up: list[int], wanted: dict[int, bool]) -> list[Child]:
        """Talon cards put on a column, then a run from another column on them (6): if the run leaves a face-up
        card on top of its column, or the column empty, followed at once by each move that uses that (9)."""
        p = self.p
        talon = p.waste + p.stock[::-1]
        placed = [talon.pop(q - 1) for _, q, _ in child[:-1]]
        source, target = child[-1][0]
        column = p.tableau[source]
        start = next(i for i, x in enumerate(column) if x in _FITS_ON_IT[placed[-1]] and face_up[x] == source)
        if start == p.hidden[source] > 0:
            return [child]  # it turns a card
        waste = child[-2][1] - 1  # the waste's size once the last talon card is played
        order = {c: q for q, c in enumerate(talon, 1)}
        reach = {c: (q, int(q < waste), 0.0) for c, q in order.items()}
        return [(*child, *way) for way in self.uses(source, start, target, placed, reach, order, face_up, wanted)]

    def uses(self, source: int, start: int, target: int, placed: list[int], reach: dict[int, tuple[int, int, float]],
             order: dict[int, int], face_up: list[int], wanted: dict[int, bool]) -> list[tuple[Step, ...]]:
        """Once the run from place ``start`` of column ``source`` has gone to column ``target`` (onto the talon
        cards ``placed`` there), uncovering a face-up card or emptying the column, the moves that use that at once
        (9): the card to its foundation, or a card put on it (not the run back); a king into the column.
        ``reach`` and ``order`` are the talon's then; ``face_up`` and ``wanted`` are as before the run moved."""
        found = self.p.foundations
        tableau, hidden = self.p.tableau, self.p.hidden
        run = tableau[source][start:]
        e = tableau[source][start - 1] if start else None
        if run:  # and the talon cards placed, if any
            face_up = list(face_up)
            for c in placed + run:
                face_up[c] = target
        ways: list[tuple[Step, ...]] = []
        if e is not None:
            suit = e // 13
            c = 13 * suit + found[suit]
            up = (_COLUMN_TO_FOUNDATION[source], 0, 0)
            if c == e:
                ways.append((up,))
            elif self.free_talon and c in reach:  # 7: the talon cards of its suit go up just before it
                ways.extend(((_WASTE_TO_FOUNDATION, *reach[c][:2]), *then)
                            for then in self.raised(c, (c,), order, {e: source}) if up in then)
        for x in _KINGS if e is None else _FITS_ON_IT[e]:
            s = face_up[x]
            if s >= 0:
                # not the run back, nor a king's whole column (3)
                if x not in run and (e is not None or (hidden[s] and tableau[s][hidden[s]] == x)):
                    ways.append(((_COLUMN_TO[s][source], 0, 0),))
            elif x in reach:
                put = (_WASTE_TO[source], *reach[x][:2])
                if self.free_talon:
                    ways.extend((put, *then) for then in self.followed(x, source, (x,), face_up, order))
                else:
                    ways.append((put,))
            elif found[x // 13] == x % 13 + 1 and self.worth(x // 13, wanted, reach, face_up):
                ways.append(((_FOUNDATION_TO[x // 13][source], 0, 0),))
        return ways

    def worth(self, suit: int, wanted: dict[int, bool], reach: dict[int, tuple[int, int, float]],
              face_up: list[int]) -> bool:
        """Whether the top card of the suit's foundation could be needed off it, or gone, after more cards are
        taken back (8 above): worked out once per position.  ``reach`` and ``face_up``: the cards at hand."""
        if suit not in wanted:
            found = self.p.foundations
            card = 13 * suit + found[suit] - 1
            on_it = any(found[x // 13] > x % 13 or x in reach or face_up[x] >= 0 for x in _FITS_ON_IT[card])
            wanted[suit] = on_it or (card % 13 > 0 and any(
                q in reach or face_up[q] >= 0 or found[q // 13] > q % 13 for q in PARENTS[card - 1]))
        return wanted[suit]

    def followed(self, card: int, d: int, placed: tuple[int, ...], face_up: list[int],
                 order: dict[int, int]) -> list[tuple[Step, ...]]:
        """The ways to put a card at once on ``card``, a talon card just put on column ``d`` (6 above);
        ``placed``: the talon cards put on ``d`` so far, ``face_up`` the column of each face-up card and
        ``order`` the place of each talon card, before any was put on ``d``."""
        p = self.p
        ways: list[tuple[Step, ...]] = []
        for x in _FITS_ON_IT[card]:
            s = face_up[x]
            if s >= 0 and s != d:
                ways.append(((_COLUMN_TO[s][d], 0, 0),))
            suit = x // 13
            if not self.restricted and p.foundations[suit] == x % 13 + 1:
                ways.append(((_FOUNDATION_TO[suit][d], 0, 0),))
            q = order.get(x)
            if q is not None:  # never one of ``placed``: those rank higher
                place = q - sum(order[c] < q for c in placed)  # once those are put on d
                ways.extend(((_WASTE_TO[d], place, 0), *then)
                            for then in self.followed(x, d, (*placed, x), face_up, order))
        return ways

    def raised(self, card: int, taken: tuple[int, ...], order: dict[int, int],
               tops: dict[int, int]) -> list[tuple[Step, ...]]:
        """The ways to follow ``card``, a talon card just put on its foundation, at once with the next
        card of its suit (7 above): from the top of a column, or from the talon, itself followed so;
        ``taken``: the talon cards put on the foundation so far; ``tops``: the column of each top card."""
        if RANK[card] == 13:
            return [()]
        after = card + 1
        ways: list[tuple[Step, ...]] = [((_COLUMN_TO_FOUNDATION[tops[after]], 0, 0),)] if after in tops else []
        q = order.get(after)
        if q is not None:
            place = q - sum(order[c] < q for c in taken)
            ways.extend(((_WASTE_TO_FOUNDATION, place, 0), *then)
                        for then in self.raised(after, (*taken, after), order, tops))
        return ways

    def play(self, child: Child) -> list[Undo]:
        p = self.p
        undos = []
        for move, q, used in child:
            waste, stock, recycles, fan = p.waste, p.stock, p.recycles, p.waste_fan
            if q and (q != len(waste) or used):
                talon = waste + stock[::-1]
                p.waste = talon[:q]
                p.stock = talon[:q - 1:-1]
                p.recycles += used
                p.waste_fan = 1
            undo = p.make(move)
            if move[0] == WASTE:
                self.talon ^= self.talon_bit[undo.card]
            undos.append((undo, waste, stock, recycles, fan))
        return undos

    def take_back(self, child: Child, undos: list[Undo]) -> None:
        p = self.p
        for step, undo in zip(reversed(child), reversed(undos)):
            p.unmake(step[0], undo[0])
            if step[0][0] == WASTE:
                self.talon ^= self.talon_bit[undo[0].card]
            if step[1]:
                _, p.waste, p.stock, p.recycles, p.waste_fan = undo

    def other_form(self, child: Child) -> Child | None:
        """After ``child`` has been played: if it took a run's first card off a like card to its foundation, and
        the other like card is covered, the same followed by that card's run put on the card uncovered (10)."""
        move = child[-1][0]
        if move.target != FOUNDATION or not IS_COLUMN[move.source] or self.restricted:
            return None
        p = self.p
        column = p.tableau[move.source]
        if len(column) <= p.hidden[move.source]:
            return None
        like = _LIKE[column[-1]]
        for s in COLUMNS:
            if like in p.tableau[s][p.hidden[s]:-1]:
                return (*child, (_COLUMN_TO[s][move.source], 0, 0))
        return None

    def progress(self, hidden_at_start: int) -> int:
        """How far the position is from the start: cards on the foundations (twice) and hidden cards turned."""
        return 2 * sum(self.p.foundations) + hidden_at_start - sum(self.p.hidden)


def _trades(tableau: list[list[int]], hidden: list[int], after: list[int]) -> int:
    """The runs on each two like cards that are face up and covered put in one form (10): on the lower card
    the run whose first card is lower.  For each card whose run is traded, ``after`` gets the place
    (column << 6 | index) where the cards on it go on; the columns holding such cards are the bits returned.

    A column's face-up cards are a run, whose colour and rank alternate together: two runs hold like cards
    both covered where their covered cards share ranks and they share a colour at even ranks.  Each trade only
    decides which run lies on which like card (the runs' first cards sit on the like cards whatever is traded
    elsewhere), so the trades do not depend on one another."""
    traded = 0
    seen = [0, 0]  # the columns seen so far with covered cards, as bits, by colour at even ranks
    highs = [0] * len(tableau)  # each one's lowest face-up card's rank
    for s in range(len(tableau)):
        column, h = tableau[s], hidden[s]
        if len(column) - h < 2:
            continue
        bottom = column[h]
        high, low = RANK[bottom], RANK[column[-1]] + 1  # the ranks of its covered face-up cards
        highs[s] = high
        others = seen[_KIND[bottom]]
        seen[_KIND[bottom]] = others | 1 << s
        t = -1
        while others:
            t += 1
            others, alike = others >> 1, others & 1
            if not alike:
                continue
            other, h_other, high_other = tableau[t], hidden[t], highs[t]
            for r in range(max(low, RANK[other[-1]] + 1), min(high, high_other) + 1):
                i, k = h + high - r, h_other + high_other - r  # the like cards of rank r
                if (column[i] < other[k]) == (column[i + 1] > other[k + 1]):
                    after[column[i]], after[other[k]] = t << 6 | k + 1, s << 6 | i + 1
                    traded |= 1 << s | 1 << t
    return traded


def written_out(root: Position, line: list[Child]) -> list[Move]:
    """The line as real moves from ``root``: each talon card preceded by its taps (1 above)."""
    p = root.copy()
    moves = []
    for move, q, _ in (step for child in line for step in child):
        if q:
            card = (p.waste + p.stock[::-1])[q - 1]
            while not p.waste or p.waste[-1] != card:
                p.make(TAP)
                moves.append(TAP)
        p.make(move)
        moves.append(move)
    return moves
