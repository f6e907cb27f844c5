"""Where every pile and card sits in a window of a given size (no pyglet here).

Coordinates are pyglet's: window units, origin at the bottom-left, y growing upward.
A toolbar band runs along the top and a status bar along the bottom; between them the
stock, the waste, a gap and the four foundations, then the seven columns, compressed when
long so nothing leaves the table.
"""

from dataclasses import dataclass
from typing import NamedTuple

from solitaire_klondike.core import COLUMNS, FOUNDATIONS, STOCK, WASTE, Pile, Position

CARD_RATIO = 1.42          # card height / width
GAP_RATIO = 0.16           # space between piles / card width
HIDDEN_STEP = 0.11         # offset of a face-down card in a column / card height
SHOWN_STEP = 0.27          # offset of a face-up card / card height
FAN_STEP = 0.24            # offset of a fanned waste card / card width
ROWS_OF_CARDS = 4.3        # card heights the window must hold: the top row, then columns
LARGE_ROWS, LARGE_GAP = 3.5, 0.1   # the same with the "larger cards" setting
TOOLBAR_RATIO = 0.055      # toolbar height / window height
STATUS_RATIO = 0.8         # status bar height / toolbar height
MIN_TOOLBAR, MAX_TOOLBAR = 30, 44
TOP_PILES = (STOCK, WASTE, *FOUNDATIONS)


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def overlap(self, other: "Rect") -> float:
        """The area shared with ``other``."""
        dx = min(self.x + self.w, other.x + other.w) - max(self.x, other.x)
        dy = min(self.y + self.h, other.y + other.h) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0

    def moved(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class CardSpot:
    """One card on the table: which, face up or not, where, on which pile and at what index."""

    card: int
    face_up: bool
    rect: Rect
    pile: Pile
    index: int


class TableLayout:
    """The geometry of one position in a window of ``width`` × ``height`` pixels, on a screen
    of ``scale`` pixels per 96-dpi unit (2 on a high-DPI screen)."""

    def __init__(self, width: float, height: float, scale: float = 1.0, large: bool = False,
                 toolbar_rows: int = 1) -> None:
        self.width, self.height, self.scale = width, height, scale
        row = max(MIN_TOOLBAR * scale, min(MAX_TOOLBAR * scale, height * TOOLBAR_RATIO))
        self.toolbar_rows = toolbar_rows
        self.toolbar_height = row * toolbar_rows
        self.status_height = row * STATUS_RATIO
        usable = height - self.toolbar_height - self.status_height
        rows, gap = (LARGE_ROWS, LARGE_GAP) if large else (ROWS_OF_CARDS, GAP_RATIO)
        by_width = width / (7 + 8 * gap)
        by_height = usable / (CARD_RATIO * rows + 3 * gap)
        self.card_w = max(24.0 * scale, min(by_width, by_height))
        self.card_h = self.card_w * CARD_RATIO
        self.gap = self.card_w * gap
        left = (width - 7 * self.card_w - 6 * self.gap) / 2
        self.column_x = [left + i * (self.card_w + self.gap) for i in range(len(COLUMNS))]
        self.top_y = height - self.toolbar_height - self.gap - self.card_h
        self.tableau_top = self.top_y - self.gap
        self.bottom = self.status_height + self.gap / 2
        slots = {STOCK: 0, WASTE: 1, **{f: 3 + i for i, f in enumerate(FOUNDATIONS)}}
        self.slots = {pile: Rect(self.column_x[col], self.top_y, self.card_w, self.card_h)
                      for pile, col in slots.items()}
        for col in COLUMNS:
            self.slots[col] = Rect(self.column_x[col], self.tableau_top - self.card_h, self.card_w, self.card_h)

    # --- placing cards -----------------------------------------------------

    def column_steps(self, hidden: int, shown: int) -> tuple[float, float]:
        """The vertical offsets of face-down and face-up cards, compressed to fit."""
        down, up = HIDDEN_STEP * self.card_h, SHOWN_STEP * self.card_h
        need = hidden * down + max(0, shown - 1) * up
        room = self.tableau_top - self.card_h - self.bottom
        if need > room > 0:
            factor = room / need
            down, up = down * factor, up * factor
        return down, up

    def spots(self, position: Position) -> list[CardSpot]:
        """Every visible card, bottom to top within each pile, in drawing order."""
        out: list[CardSpot] = []
        if position.stock:
            shown = min(3, (len(position.stock) + 7) // 8)
            for i in range(shown):
                rect = self.slots[STOCK].moved(i * 2, i * 2)
                out.append(CardSpot(position.stock[-1], False, rect, STOCK, len(position.stock) - shown + i))
        out.extend(self.waste_spots(position))
        for suit, f in enumerate(FOUNDATIONS):
            top = position.top_card(f)
            if top is not None:
                out.append(CardSpot(top, True, self.slots[f], f, position.foundations[suit] - 1))
        for col in COLUMNS:
            out.extend(self.column_spots(position, col))
        return out

    def waste_spots(self, position: Position) -> list[CardSpot]:
        waste = position.waste
        if not waste:
            return []
        fan = min(3, max(1, position.waste_fan), len(waste))
        base = self.slots[WASTE]
        first = len(waste) - fan
        # the card under the fan, so the waste never looks emptier than it is
        out = [CardSpot(waste[first - 1], True, base, WASTE, first - 1)] if first else []
        for i in range(fan):
            out.append(CardSpot(waste[first + i], True, base.moved(i * FAN_STEP * self.card_w, 0), WASTE, first + i))
        return out

    def column_spots(self, position: Position, col: Pile) -> list[CardSpot]:
        column, hidden = position.tableau[col], position.hidden[col]
        down, up = self.column_steps(hidden, len(column) - hidden)
        x, y = self.column_x[col], self.tableau_top - self.card_h
        out = []
        for i, card in enumerate(column):
            out.append(CardSpot(card, i >= hidden, Rect(x, y, self.card_w, self.card_h), col, i))
            y -= down if i < hidden else up
        return out

    # --- hit testing -------------------------------------------------------

    def card_at(self, position: Position, x: float, y: float) -> CardSpot | None:
        """The topmost card under the point."""
        for spot in reversed(self.spots(position)):
            if spot.rect.contains(x, y):
                return spot
        return None

    def pile_at(self, position: Position, x: float, y: float) -> Pile | None:
        """The pile whose area (its slot and its cards) holds the point."""
        for pile, area in self.pile_areas(position).items():
            if area.contains(x, y):
                return pile
        return None

    def pile_areas(self, position: Position) -> dict[Pile, Rect]:
        """Each pile's area: its slot, stretched down over a column's cards."""
        areas = dict(self.slots)
        for col in COLUMNS:
            spots = self.column_spots(position, col)
            if spots:
                last = spots[-1].rect
                slot = self.slots[col]
                areas[col] = Rect(slot.x, last.y, slot.w, slot.y + slot.h - last.y)
        waste = self.waste_spots(position)
        if waste:
            last = waste[-1].rect
            slot = self.slots[WASTE]
            areas[WASTE] = Rect(slot.x, slot.y, last.x + last.w - slot.x, slot.h)
        return areas

    def drop_candidates(self, position: Position, dragged: Rect) -> list[Pile]:
        """Piles the dragged cards overlap, the largest overlap first."""
        overlaps = [(area.overlap(dragged), pile) for pile, area in self.pile_areas(position).items()]
        return [pile for amount, pile in sorted(overlaps, reverse=True) if amount > 0]
