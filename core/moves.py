"""Moves and their text notation.

A move is the tap on the stock (``S``) or a source pile and a target pile: ``W-F``, ``W-T3``,
``T3-T5``, ``T4-F``, ``FH-T2``.  Only these exist: building any other :class:`Move` raises
:class:`InvalidMoveError`, so a move in hand is always one of the notation.
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from .piles import COLUMNS, FOUNDATION, FOUNDATIONS, STOCK, WASTE, Pile

if TYPE_CHECKING:
    from .legality import Refusal

_SOURCES = (*COLUMNS, WASTE, *FOUNDATIONS)
_TARGETS = (*COLUMNS, FOUNDATION)
_NOTATION = "write S, or SOURCE-TARGET: W-F, W-T3, T3-T5, T4-F, FH-T2"


class InvalidMoveError(ValueError):
    """Raised for a move that is not in the notation (text, or a pair of piles).

    ``kind`` says what is wrong: ``"not_a_move"`` (not ``S`` nor ``SOURCE-TARGET``),
    ``"not_a_source"``, ``"not_a_target"``, ``"foundation_target"`` (a suit's foundation named
    as a target, where the notation writes ``F``) or ``"same_pile"``; ``text`` is what was given
    and ``part`` the pile name at fault, if any.
    """

    KINDS = ("not_a_move", "not_a_source", "not_a_target", "foundation_target", "same_pile")

    def __init__(self, message: str, kind: str = "not_a_move", text: str = "", part: str = "") -> None:
        super().__init__(message)
        self.kind, self.text, self.part = kind, text, part


class IllegalMoveError(ValueError):
    """Raised for a move of the notation that the rules forbid in the current position.

    ``refusal`` says why (:class:`~solitaire_klondike.core.legality.Refusal`); ``reason`` is
    its English sentence.
    """

    def __init__(self, move: "Move", refusal: "Refusal") -> None:
        super().__init__(f"{move} is illegal: {refusal}")
        self.move = move
        self.refusal = refusal
        self.reason = str(refusal)


class _Piles(NamedTuple):
    source: Pile
    target: Pile


class Move(_Piles):
    """One action: the tap on the stock, or cards from ``source`` to ``target`` (both :class:`Pile`).

    ``Move(Pile.T3, Pile.T5)``, ``Move.parse("T3-T5")`` and ``Move.stock()`` build one; any pair
    that is not a move of the notation raises :class:`InvalidMoveError`.  ``str(move)`` is the
    notation and ``repr(move)`` pastes back.
    """

    __slots__ = ()

    def __new__(cls, source: int, target: int) -> "Move":
        move = _ALL.get((source, target)) if _is_pile_number(source) and _is_pile_number(target) else None
        if move is None:
            pair = f"Move({source!r}, {target!r})"
            raise InvalidMoveError(f"{pair} is not a move: {_NOTATION}", text=pair)
        return move

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> "Move":  # type: ignore[override]  # _replace goes through here
        return cls(*iterable)

    @classmethod
    def stock(cls) -> "Move":
        """The tap on the stock: a draw, or a recycle when the stock is empty."""
        return _ALL[STOCK, STOCK]

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read ``S``, ``W-F``, ``W-T3``, ``T3-T5``, ``T4-F`` or ``FH-T2`` (any case)."""
        clean = text.strip().upper() if isinstance(text, str) else None
        if clean is None:
            raise InvalidMoveError(f"{text!r} is not a move: {_NOTATION}", text=repr(text))
        if clean == "S":
            return cls.stock()
        parts = clean.split("-")
        if len(parts) != 2:
            raise InvalidMoveError(f"{text!r} is not a move: {_NOTATION}", text=text)
        source, target = (Pile.from_text(p) for p in parts)
        if source not in _SOURCES:
            raise InvalidMoveError(f"{text!r}: {parts[0]!r} is not a source pile (W, T1–T7, FS, FH, FD, FC)",
                                   "not_a_source", text, parts[0])
        if target in FOUNDATIONS:
            message = f"{text!r}: write the foundation target as F, a card always goes to its own suit's"
            raise InvalidMoveError(message, "foundation_target", text, parts[1])
        if target not in _TARGETS:
            message = f"{text!r}: {parts[1]!r} is not a target pile (F, T1–T7)"
            raise InvalidMoveError(message, "not_a_target", text, parts[1])
        move = _ALL.get((source, target))
        if move is None:
            message = f"{text!r}: a card cannot move onto the pile it comes from"
            raise InvalidMoveError(message, "same_pile", text, parts[1])
        return move

    @classmethod
    def checked(cls, move: object) -> "Move":
        """``move`` when it is a :class:`Move`, or the move a pair of piles names; else :class:`InvalidMoveError`."""
        if type(move) is cls and _ALL.get(move) is move:  # every Move built the ordinary way is one of _ALL
            return move
        if isinstance(move, tuple) and len(move) == 2:
            return cls(*move)
        raise InvalidMoveError(f"{move!r} is not a move: {_NOTATION}", text=repr(move))

    @property
    def source_kind(self) -> str:
        return self.source.kind

    @property
    def target_kind(self) -> str:
        return self.target.kind

    def __str__(self) -> str:
        if self.source is STOCK:
            return "S"
        return f"{self.source.text}-{self.target.text}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _is_pile_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _every_move() -> dict[tuple[int, int], Move]:
    pairs = [(STOCK, STOCK)] + [
        (s, t) for s in _SOURCES for t in _TARGETS if s != t and not (s in FOUNDATIONS and t is FOUNDATION)
    ]
    return {(s, t): tuple.__new__(Move, (s, t)) for s, t in pairs}


_ALL = _every_move()
ALL_MOVES = tuple(_ALL.values())
