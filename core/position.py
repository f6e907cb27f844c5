"""The table as compact lists, with legal-move generation and make/unmake.

This is the search path: no hook is called here.  The draw count and the recycle
limit are plain attributes, fixed by the game from its plugins.
"""

from typing import Final

from .cards import DECK, KING, RANK, SUIT, fits_on
from .deal import Layout
from .moves import Move
from .piles import COLUMNS, FOUNDATION, FOUNDATIONS, IS_COLUMN, STOCK, SUIT_OF_FOUNDATION, WASTE, Pile

NO_LIMIT: Final = -1
_STOCK_MOVE: Final = Move.stock()
_COLUMN_MOVES: Final = [{d: Move(s, d) for d in COLUMNS if d != s} for s in COLUMNS]
_COLUMN_TO_FOUNDATION: Final = [Move(s, FOUNDATION) for s in COLUMNS]
_WASTE_TO_FOUNDATION: Final = Move(WASTE, FOUNDATION)
_WASTE_TO: Final = [Move(WASTE, d) for d in COLUMNS]
_FOUNDATION_TO: Final = [[Move(f, d) for d in COLUMNS] for f in FOUNDATIONS]
_GOES_ON: Final = [tuple(t for t in range(52) if fits_on(c, t)) for c in range(52)]
_FITS_ON_IT: Final = [tuple(c for c in range(52) if fits_on(c, t)) for t in range(52)]
_CARD_OF: Final = [[c for c in DECK if SUIT[c] == suit] for suit in range(len(FOUNDATIONS))]  # [suit][rank - 1]
_NO_CARD: Final = -1
EMPTY_LAYOUT: Final = Layout((), (), ())  # a position's fields set one by one after


class Undo:
    """What :meth:`Position.make` did, all that :meth:`Position.unmake` needs to take it back.

    ``card`` is the card moved (the first of a run; ``-1`` for a tap on the stock), ``cards``
    how many cards the action drew, turned back into the stock or moved, ``turned`` whether it
    turned a column's hidden card face up (R12), ``fan`` the waste fan before it, and
    ``recycle`` whether it was a tap that turned the waste back into the stock.  A plain class,
    not a named tuple: compiled (``setup.py``), one is made in C, where a tuple subclass is not.
    """

    __slots__ = ("card", "cards", "fan", "recycle", "turned")

    def __init__(self, card: int, cards: int, turned: bool, fan: int, recycle: bool) -> None:
        self.card, self.cards, self.turned, self.fan, self.recycle = card, cards, turned, fan, recycle

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)}" for name in ("card", "cards", "turned", "fan", "recycle"))
        return f"Undo({fields})"


class Position:
    """Stock (next card last), waste (top last), foundation heights, columns bottom to top."""

    __slots__ = (
        "draw_count", "foundations", "hidden", "recycle_limit", "recycles", "stock", "tableau", "waste", "waste_fan")

    def __init__(self, layout: Layout, draw_count: int, recycle_limit: int) -> None:
        self.tableau = [list(column) for column in layout.tableau]
        self.hidden = list(layout.face_down)
        self.stock = list(reversed(layout.stock))
        self.waste: list[int] = []
        self.foundations = [0, 0, 0, 0]
        self.waste_fan = 0
        self.recycles = 0
        self.draw_count = draw_count
        self.recycle_limit = recycle_limit

    def copy(self) -> "Position":
        other = Position(EMPTY_LAYOUT, self.draw_count, self.recycle_limit)
        other.tableau = [list(c) for c in self.tableau]
        other.hidden = list(self.hidden)
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.foundations = list(self.foundations)
        other.waste_fan = self.waste_fan
        other.recycles = self.recycles
        return other

    def key(self) -> tuple[object, ...]:
        """Everything the rules see, as a hashable value (the waste fan included)."""
        return (
            tuple(map(tuple, self.tableau)), tuple(self.hidden), tuple(self.stock),
            tuple(self.waste), tuple(self.foundations), self.waste_fan, self.recycles,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """Read the position notation (:mod:`solitaire_klondike.core.notation`); a line that is not
        a position raises ``InvalidPositionError``."""
        from .notation import parse_position

        return parse_position(text)

    def to_text(self) -> str:
        """The position in the position notation: one line, read back by :meth:`from_text`."""
        from .notation import format_position

        return format_position(self)

    def is_won(self) -> bool:
        """All 52 cards are on the foundations (R20)."""
        return sum(self.foundations) == 52

    def foundation_cards(self, suit: int) -> list[int]:
        return _CARD_OF[suit][:self.foundations[suit]]

    def top_card(self, pile: Pile) -> int | None:
        """The card on top of a column, the waste or a foundation (``FS``…``FC``); else ``None``."""
        if IS_COLUMN[pile]:
            column = self.tableau[pile]
            return column[-1] if column else None
        if pile == WASTE:
            return self.waste[-1] if self.waste else None
        suit = SUIT_OF_FOUNDATION[pile]
        if suit < 0:
            return None
        return self.foundation_cards(suit)[-1] if self.foundations[suit] else None

    def can_recycle(self) -> bool:
        return self.recycle_limit == NO_LIMIT or self.recycles < self.recycle_limit

    # --- search path -------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, the stock tap first."""
        moves = []
        tableau, hidden, found = self.tableau, self.hidden, self.foundations
        if self.stock or (self.waste and (self.recycle_limit == NO_LIMIT or self.recycles < self.recycle_limit)):
            moves.append(_STOCK_MOVE)
        top_at: dict[int, Pile] = {}
        face_up: dict[int, Pile] = {}
        empty: list[Pile] = []
        for s in COLUMNS:
            column = tableau[s]
            if not column:
                empty.append(s)
                continue
            top = column[-1]
            top_at[top] = s
            if RANK[top] == found[SUIT[top]] + 1:
                moves.append(_COLUMN_TO_FOUNDATION[s])
            for c in column[hidden[s]:]:
                face_up[c] = s
        if self.waste:
            w = self.waste[-1]
            if RANK[w] == found[SUIT[w]] + 1:
                moves.append(_WASTE_TO_FOUNDATION)
            _add_drops(moves, _WASTE_TO, w, top_at, empty)
        for t, d in top_at.items():
            for c in _FITS_ON_IT[t]:
                source = face_up.get(c)
                if source is not None:
                    moves.append(_COLUMN_MOVES[source][d])
        if empty:
            for s in COLUMNS:
                column = tableau[s]
                if column and RANK[column[hidden[s]]] == KING:
                    row = _COLUMN_MOVES[s]
                    moves.extend(row[d] for d in empty)
        for suit in range(4):
            height = found[suit]
            if height:
                _add_drops(moves, _FOUNDATION_TO[suit], _CARD_OF[suit][height - 1], top_at, empty)
        return moves

    def make(self, move: Move) -> Undo:
        """Play a legal move; return the record :meth:`unmake` takes it back with."""
        source, target = move
        fan = self.waste_fan
        if source == STOCK:
            if self.stock:
                stock, waste = self.stock, self.waste
                n = min(self.draw_count, len(stock))
                for _ in range(n):
                    waste.append(stock.pop())
                self.waste_fan = n
                return Undo(_NO_CARD, n, False, fan, False)
            self.stock = self.waste[::-1]
            self.waste = []
            self.recycles += 1
            self.waste_fan = 0
            return Undo(_NO_CARD, len(self.stock), False, fan, True)
        if source == WASTE:
            card = self.waste.pop()
            self.waste_fan = fan - 1 if fan else 0
            if target == FOUNDATION:
                self.foundations[SUIT[card]] += 1
            else:
                self.tableau[target].append(card)
            return Undo(card, 1, False, fan, False)
        if IS_COLUMN[source]:
            column = self.tableau[source]
            if target == FOUNDATION:
                n = 1
                self.foundations[SUIT[column[-1]]] += 1
            else:
                destination = self.tableau[target]
                n = RANK[destination[-1]] - RANK[column[-1]] if destination else len(column) - self.hidden[source]
                destination.extend(column[-n:])
            card = column[-n]
            del column[-n:]
            h = self.hidden[source]
            turned = h > 0 and h == len(column)
            if turned:
                self.hidden[source] = h - 1
            return Undo(card, n, turned, fan, False)
        suit = SUIT_OF_FOUNDATION[source]
        self.foundations[suit] -= 1
        card = _CARD_OF[suit][self.foundations[suit]]
        self.tableau[target].append(card)
        return Undo(card, 1, False, fan, False)

    def unmake(self, move: Move, undo: Undo) -> None:
        """Take back ``move``, made with :meth:`make` which returned ``undo``."""
        source, target = move
        self.waste_fan = undo.fan
        if source == STOCK:
            if undo.recycle:
                self.waste = self.stock[::-1]
                self.stock = []
                self.recycles -= 1
            else:
                stock, waste = self.stock, self.waste
                for _ in range(undo.cards):
                    stock.append(waste.pop())
            return
        card = undo.card
        if source == WASTE:
            if target == FOUNDATION:
                self.foundations[SUIT[card]] -= 1
            else:
                self.tableau[target].pop()
            self.waste.append(card)
            return
        if IS_COLUMN[source]:
            column = self.tableau[source]
            if undo.turned:
                self.hidden[source] += 1
            if target == FOUNDATION:
                self.foundations[SUIT[card]] -= 1
                column.append(card)
                return
            n = undo.cards
            from_column = self.tableau[target]
            column.extend(from_column[-n:])
            del from_column[-n:]
            return
        self.tableau[target].pop()
        self.foundations[SUIT[card]] += 1


def _add_drops(moves: list[Move], row: list[Move], card: int, top_at: dict[int, Pile], empty: list[Pile]) -> None:
    for target in _GOES_ON[card]:
        d = top_at.get(target)
        if d is not None:
            moves.append(row[d])
    if RANK[card] == KING:
        moves.extend(row[d] for d in empty)
