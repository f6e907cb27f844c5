"""Cards are the integers 0–51: ``13 * suit + (rank - 1)`` (R4 step 1).

Suits in foundation order (R2): 0 spades, 1 hearts, 2 diamonds, 3 clubs.
Ranks run 1 (ace) to 13 (king).  Text form: rank then suit letter, ``AS``, ``10H``.
"""

from typing import Final

SUITS: Final = "SHDC"
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
DECK: Final = tuple(range(52))
ACE, KING = 1, 13

RANK: Final = tuple(c % 13 + 1 for c in DECK)
SUIT: Final = tuple(c // 13 for c in DECK)
IS_RED: Final = tuple(SUIT[c] in (1, 2) for c in DECK)
CARD_NAMES: Final = tuple(RANKS[c % 13] + SUITS[c // 13] for c in DECK)
_BY_NAME: Final = {name: card for card, name in enumerate(CARD_NAMES)}


class InvalidCardError(ValueError):
    """Raised for text that names no card."""


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1–13) and ``suit`` (0–3)."""
    return 13 * suit + rank - 1


def card_name(c: int) -> str:
    """``card_name(0) == 'AS'``."""
    return CARD_NAMES[c]


def parse_card(text: str) -> int:
    """``parse_card('10h') == 22``; case and surrounding spaces are ignored."""
    try:
        return _BY_NAME[text.strip().upper()]
    except KeyError:
        raise InvalidCardError(
            f"{text!r} is not a card: write the rank (A, 2–10, J, Q, K) then the suit (S, H, D, C), like QD"
        ) from None


def fits_on(moving: int, target: int) -> bool:
    """True when ``moving`` may be built on ``target`` in a column (R6)."""
    return IS_RED[moving] != IS_RED[target] and RANK[target] == RANK[moving] + 1
