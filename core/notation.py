"""A position as one line of text, and back (python-chess's FEN is the model).

Seven fields, separated by spaces::

    AD/2hJC/7c3dKD/7h5d8d10C/4c6h6s7d9D/9ckhjs5hkc3S/9h3cqd7sqs4dAH 5C8S... - -/-/-/- 0 1 -

1. the columns ``T1``–``T7``, separated by ``/``, each from the bottom card to the top one;
   face-down cards in lower case (``2h``), face-up ones in upper case (``JC``); ``-`` for an
   empty column;
2. the stock, the next card to be drawn first (``-`` when empty);
3. the waste from its bottom card to its top one, the fanned cards after a ``|``
   (``9C|2D3S4C``: three cards fanned, ``4C`` on top); ``-`` when empty;
4. the top card of each foundation in suit order, spades, hearts, diamonds, clubs, separated
   by ``/`` (``3S/-/AD/-``);
5. how many times the waste has been turned back into the stock;
6. the draw count (how many cards a tap turns);
7. the recycle limit: how many times the waste may be turned back, ``-`` for no limit.
"""

import itertools
import re
from collections import Counter
from collections.abc import Iterable

from .cards import CARD_NAMES, RANK, SUIT, card, fits_on, parse_card
from .piles import COLUMNS, FOUNDATIONS
from .position import EMPTY_LAYOUT, NO_LIMIT, Position

_CARD = re.compile(r"(10|[2-9AJQK])([SHDC])", re.IGNORECASE)
_EMPTY = "-"
_SUITS = 4


class InvalidPositionError(ValueError):
    """Raised for text that is not a position of the notation; the message says what is wrong."""


def parse_cards(text: str) -> list[int]:
    """The cards written one after another (``"2c9S10H"``), case ignored; ``"-"`` is none."""
    if text == _EMPTY:
        return []
    words = [m.group(0) for m in _CARD.finditer(text)]
    if "".join(words) != text:
        raise InvalidPositionError(f"{text!r} is not a run of cards like 2C9S10H")
    return [parse_card(word) for word in words]


def format_position(position: Position) -> str:
    """The position as one line of the notation."""
    columns = "/".join(
        "".join(CARD_NAMES[c].lower() if i < hidden else CARD_NAMES[c] for i, c in enumerate(column)) or _EMPTY
        for column, hidden in zip(position.tableau, position.hidden, strict=True)
    )
    stock = _cards(reversed(position.stock))
    waste = position.waste
    shown = len(waste) - position.waste_fan
    fanned = "".join(CARD_NAMES[c] for c in waste[:shown]) + "|" + _cards(waste[shown:]) if position.waste_fan \
        else _cards(waste)
    foundations = "/".join(
        CARD_NAMES[card(height, suit)] if height else _EMPTY for suit, height in enumerate(position.foundations)
    )
    limit = _EMPTY if position.recycle_limit == NO_LIMIT else str(position.recycle_limit)
    return " ".join([columns, stock, fanned or _EMPTY, foundations, str(position.recycles),
                     str(position.draw_count), limit])


def parse_position(text: str) -> Position:
    """Read one line of the notation; raise :class:`InvalidPositionError` when it is not a position."""
    fields = text.split()
    if len(fields) != 7:
        raise InvalidPositionError(
            f"a position has 7 fields separated by spaces (columns, stock, waste, foundations, recycles, "
            f"draw count, recycle limit), not {len(fields)}")
    columns, stock, waste, foundations, recycles, draw, limit = fields
    position = Position(EMPTY_LAYOUT, 1, NO_LIMIT)
    position.tableau, position.hidden = _columns(columns)
    position.stock = parse_cards(stock.upper())[::-1]
    below, bar, fan = waste.partition("|")
    position.waste = parse_cards(below.upper() or _EMPTY) + parse_cards(fan.upper() or _EMPTY) if bar else \
        parse_cards(waste.upper())
    position.waste_fan = len(parse_cards(fan.upper())) if bar else 0
    position.foundations = _foundations(foundations)
    position.recycles = _number(recycles, "the recycles used")
    position.draw_count = _number(draw, "the draw count")
    position.recycle_limit = NO_LIMIT if limit == _EMPTY else _number(limit, "the recycle limit")
    _check(position)
    return position


def _cards(cards: Iterable[int]) -> str:
    return "".join(CARD_NAMES[c] for c in cards) or _EMPTY


def _columns(text: str) -> tuple[list[list[int]], list[int]]:
    parts = text.split("/")
    if len(parts) != len(COLUMNS):
        raise InvalidPositionError(f"the columns field needs {len(COLUMNS)} columns separated by /, not {len(parts)}")
    tableau, hidden = [], []
    for pile, part in zip(COLUMNS, parts, strict=True):
        words = [] if part == _EMPTY else [m.group(0) for m in _CARD.finditer(part)]
        face_down = [w for w in words if w == w.lower()]
        face_up = [w for w in words if w == w.upper()]
        if "".join(words) != ("" if part == _EMPTY else part) or face_down + face_up != words:
            raise InvalidPositionError(
                f"column {pile.text} {part!r}: write its cards bottom to top, face-down ones first in lower case")
        if words and len(face_down) == len(words):
            raise InvalidPositionError(f"column {pile.text} {part!r}: its top card must be face up (R12)")
        tableau.append([parse_card(w) for w in words])
        hidden.append(len(face_down))
    return tableau, hidden


def _foundations(text: str) -> list[int]:
    parts = text.split("/")
    if len(parts) != _SUITS:
        raise InvalidPositionError(f"the foundations field needs 4 top cards (or -) separated by /, not {len(parts)}")
    heights = []
    for suit, part in enumerate(parts):
        top = parse_cards(part.upper())
        if len(top) > 1 or (top and SUIT[top[0]] != suit):
            raise InvalidPositionError(
                f"foundation {FOUNDATIONS[suit].text} shows {part!r}: one card of its suit, or -")
        heights.append(RANK[top[0]] if top else 0)
    return heights


def _number(text: str, what: str) -> int:
    if not text.isdigit():
        raise InvalidPositionError(f"{what} must be a whole number, not {text!r}")
    return int(text)


def _check(p: Position) -> None:
    on_foundations = [card(rank, suit) for suit, height in enumerate(p.foundations) for rank in range(1, height + 1)]
    counts = Counter([c for column in p.tableau for c in column] + p.stock + p.waste + on_foundations)
    twice = [CARD_NAMES[c] for c in sorted(counts) if counts[c] > 1]
    missing = [CARD_NAMES[c] for c in range(52) if c not in counts]
    if twice or missing:
        raise InvalidPositionError(f"each of the 52 cards must be there once: twice {twice}, missing {missing}")
    for pile, column, hidden in zip(COLUMNS, p.tableau, p.hidden, strict=True):
        face_up = column[hidden:]
        if any(not fits_on(upper, lower) for lower, upper in itertools.pairwise(face_up)):
            raise InvalidPositionError(
                f"the face-up cards of {pile.text} must be built down in alternating colours (R6)")
    if p.draw_count < 1:
        raise InvalidPositionError("the draw count must be at least 1")
    if p.waste_fan > min(p.draw_count, len(p.waste)):
        raise InvalidPositionError(f"the waste fans {p.waste_fan} cards, more than one tap draws ({p.draw_count})")
    if p.recycle_limit != NO_LIMIT and p.recycles > p.recycle_limit:
        raise InvalidPositionError(
            f"the waste was turned back {p.recycles} times, more than the limit {p.recycle_limit}")
