"""The piles of the table by name, and the tables the rest of the code looks them up in.

This is the only module that knows the numbers behind the names: columns ``T1``–``T7``
are 0–6 (so a pile indexes ``Position.tableau`` directly), then the waste, the foundation
target ``F``, the four foundations as sources and the stock.
"""

from enum import IntEnum
from typing import Final

_PILE_DOC: Final = """A pile of the table: the columns ``T1``–``T7``, the waste, a card's own foundation as a
target (``FOUNDATION``), the foundations of spades, hearts, diamonds and clubs as sources
(``FS`` ``FH`` ``FD`` ``FC``) and the stock.  ``pile.text`` is its name in the move notation
(``T3``, ``W``, ``F``, ``FH``, ``S``) and ``pile.kind`` says ``"tableau"``, ``"waste"``,
``"foundation"`` or ``"stock"``.
"""


class Pile(IntEnum):
    T1 = 0
    T2 = 1
    T3 = 2
    T4 = 3
    T5 = 4
    T6 = 5
    T7 = 6
    WASTE = 7
    FOUNDATION = 8  # a card's own foundation, as the target of a move (R10)
    FS = 9
    FH = 10
    FD = 11
    FC = 12
    STOCK = 13

    @property
    def text(self) -> str:
        return _TEXT[self]

    @property
    def kind(self) -> str:
        """``"tableau"``, ``"waste"``, ``"foundation"`` or ``"stock"``."""
        return KIND[self]

    @property
    def is_column(self) -> bool:
        return IS_COLUMN[self]

    @classmethod
    def from_text(cls, text: str) -> "Pile | None":
        """The pile the notation calls ``text`` (``T3``, ``W``, ``FH``…), or ``None``."""
        return _BY_TEXT.get(text)


setattr(Pile, "__doc__", _PILE_DOC)  # noqa: B010 (compiled by setup.py, the class body's docstring is lost and mypyc refuses Pile.__doc__ =)
COLUMNS: Final = (Pile.T1, Pile.T2, Pile.T3, Pile.T4, Pile.T5, Pile.T6, Pile.T7)
WASTE: Final = Pile.WASTE
FOUNDATION: Final = Pile.FOUNDATION
FOUNDATIONS: Final = (Pile.FS, Pile.FH, Pile.FD, Pile.FC)  # in suit order (R2): spades, hearts, diamonds, clubs
STOCK: Final = Pile.STOCK

# Looked up by pile number on the search path, where a table is faster than a property.
IS_COLUMN: Final = tuple(pile in COLUMNS for pile in Pile)
SUIT_OF_FOUNDATION: Final = tuple(FOUNDATIONS.index(pile) if pile in FOUNDATIONS else -1 for pile in Pile)
KIND: Final = tuple(
    "tableau" if pile in COLUMNS else "waste" if pile is WASTE else "stock" if pile is STOCK else "foundation"
    for pile in Pile
)
_TEXT: Final = {
    **{pile: pile.name for pile in (*COLUMNS, *FOUNDATIONS)}, WASTE: "W", FOUNDATION: "F", STOCK: "S",
}
_BY_TEXT: Final = {text: pile for pile, text in _TEXT.items()}


def foundation_of(suit: int) -> Pile:
    """The foundation (as a source) of suit 0–3: ``foundation_of(1) is Pile.FH``."""
    return FOUNDATIONS[suit]
