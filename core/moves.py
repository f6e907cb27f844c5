"""Moves and their text notation.

Piles are small integers: columns ``T1``–``T7`` are 0–6, the waste ``W`` is 7,
``F`` (a card's own foundation, as a target) is 8, the foundations ``FS FH FD FC``
(as sources) are 9–12 and the stock ``S`` is 13.
"""

from typing import NamedTuple

from .cards import SUITS

COLUMNS = range(7)
WASTE = 7
FOUNDATION = 8
FOUNDATIONS = (9, 10, 11, 12)
STOCK = 13

_PILE_NAMES = {**{c: f"T{c + 1}" for c in COLUMNS}, WASTE: "W", FOUNDATION: "F", STOCK: "S"}
_PILE_NAMES.update({FOUNDATIONS[s]: "F" + SUITS[s] for s in range(4)})
_PILES_BY_NAME = {name: pile for pile, name in _PILE_NAMES.items()}
_SOURCES = {*COLUMNS, WASTE, *FOUNDATIONS}
_TARGETS = {*COLUMNS, FOUNDATION}


class InvalidMoveError(ValueError):
    """Raised for move text that is not in the notation."""


class IllegalMoveError(ValueError):
    """Raised for a well-formed move that the rules forbid in the current position."""

    def __init__(self, move: "Move", reason: str) -> None:
        super().__init__(f"{move} is illegal: {reason}")
        self.move = move
        self.reason = reason


def pile_name(pile: int) -> str:
    """``pile_name(2) == 'T3'``."""
    return _PILE_NAMES[pile]


_KINDS = ("tableau",) * 7 + ("waste",) + ("foundation",) * 5 + ("stock",)


def pile_kind(pile: int) -> str:
    """One of ``'tableau'``, ``'waste'``, ``'foundation'``, ``'stock'``."""
    return _KINDS[pile]


class Move(NamedTuple):
    """One action: a tap on the stock, or cards from a source pile to a target pile.

    ``source`` and ``target`` are pile numbers: columns 0–6, the waste 7, "its own foundation"
    8, the foundations of spades, hearts, diamonds and clubs 9–12, the stock 13.  The properties
    ``source_kind`` and ``target_kind`` name them: ``"tableau"``, ``"waste"``, ``"foundation"`` or
    ``"stock"``.  ``str(move)`` is the move notation (``W-F``, ``T3-T5``) and ``Move.parse`` reads it.
    """

    source: int
    target: int

    @classmethod
    def stock(cls) -> "Move":
        """The tap on the stock: a draw, or a recycle when the stock is empty."""
        return cls(STOCK, STOCK)

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read ``S``, ``W-F``, ``W-T3``, ``T3-T5``, ``T4-F`` or ``FH-T2`` (any case)."""
        clean = text.strip().upper()
        if clean == "S":
            return cls.stock()
        parts = clean.split("-")
        if len(parts) != 2:
            raise InvalidMoveError(f"{text!r} is not a move: write S, or SOURCE-TARGET like W-F or T3-T5")
        source, target = (_PILES_BY_NAME.get(p) for p in parts)
        if source is None or source not in _SOURCES:
            raise InvalidMoveError(f"{text!r}: {parts[0]!r} is not a source pile (W, T1–T7, FS, FH, FD, FC)")
        if target in FOUNDATIONS:
            raise InvalidMoveError(f"{text!r}: write the foundation target as F, a card always goes to its own suit's")
        if target is None or target not in _TARGETS:
            raise InvalidMoveError(f"{text!r}: {parts[1]!r} is not a target pile (F, T1–T7)")
        if source == target or (source in FOUNDATIONS and target == FOUNDATION):
            raise InvalidMoveError(f"{text!r}: a card cannot move onto the pile it comes from")
        return cls(source, target)

    @property
    def source_kind(self) -> str:
        return _KINDS[self[0]]

    @property
    def target_kind(self) -> str:
        return _KINDS[self[1]]

    def __str__(self) -> str:
        if self.source == STOCK:
            return "S"
        return f"{_PILE_NAMES[self.source]}-{_PILE_NAMES[self.target]}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
