"""The standard deal of R4: SplitMix64, Fisher–Yates, dealt row by row."""

import itertools
from collections.abc import Iterator
from typing import NamedTuple

from .cards import fits_on
from .piles import COLUMNS

MASK = (1 << 64) - 1


class Layout(NamedTuple):
    """A dealt table: what a ``klondike_deal`` hook returns.

    ``tableau`` holds 7 columns of cards from bottom to top, ``face_down`` how many
    cards at the bottom of each column are face down, and ``stock`` the stock's cards,
    the next one to be drawn first.  The core checks it before play: each of the 52 cards
    once, and the face-up cards of each column built down in alternating colours.
    """

    tableau: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    stock: tuple[int, ...]

    def check(self) -> None:
        """Raise ``ValueError`` unless this is 7 columns and a stock holding each card once."""
        parts = (self.tableau, self.face_down, self.stock)
        sequences = all(isinstance(part, tuple | list) for part in parts)
        if not sequences or not all(isinstance(column, tuple | list) for column in self.tableau):
            raise ValueError("a layout holds sequences: 7 columns, 7 face-down counts and a stock")
        if len(self.tableau) != len(COLUMNS) or len(self.face_down) != len(COLUMNS):
            raise ValueError("a layout needs exactly 7 columns")
        cards = [c for column in self.tableau for c in column] + list(self.stock)
        if not all(type(n) is int for n in (*cards, *self.face_down)):
            raise ValueError("cards (0 to 51) and face-down counts must be whole numbers")
        if sorted(cards) != list(range(52)):
            raise ValueError("a layout must hold each of the 52 cards exactly once")
        for column, hidden in zip(self.tableau, self.face_down):
            if not 0 <= hidden <= max(len(column) - 1, 0):
                raise ValueError("the top card of a non-empty column must be face up")
            face_up = column[hidden:]
            if any(not fits_on(upper, lower) for lower, upper in itertools.pairwise(face_up)):
                raise ValueError("the face-up cards of a column must be built down in alternating colours")


def splitmix64(seed: int) -> Iterator[int]:
    """Yield SplitMix64 numbers seeded with ``seed`` (R4 step 2)."""
    state = seed & MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def shuffled_deck(deal: int) -> list[int]:
    """The ordered deck shuffled by Fisher–Yates with ``j = next() % (i + 1)`` (R4 step 3)."""
    deck = list(range(52))
    numbers = splitmix64(deal)
    for i in range(51, 0, -1):
        j = next(numbers) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def standard_layout(deal: int) -> Layout:
    """Deal row by row from the front of the shuffled deck; the rest is the stock (R4 steps 4–5)."""
    deck = shuffled_deck(deal)
    columns: list[list[int]] = [[] for _ in COLUMNS]
    position = 0
    for row in range(len(COLUMNS)):
        for column in range(row, len(COLUMNS)):
            columns[column].append(deck[position])
            position += 1
    return Layout(
        tableau=tuple(tuple(c) for c in columns),
        face_down=tuple(range(len(COLUMNS))),
        stock=tuple(deck[28:]),
    )
