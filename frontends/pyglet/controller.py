"""What a tap, a drag or a key does, as engine moves (R13, R14, R19); no pyglet here.

The controller never changes the game: it answers the move to play, and the window
plays it.  It keeps the pointer state (a pending press, a drag, the last tap for
double-tap detection) and the keyboard cursor.
"""

from dataclasses import dataclass
from typing import NamedTuple

from solitaire_klondike.core import (
    COLUMNS,
    FOUNDATION,
    FOUNDATIONS,
    STOCK,
    WASTE,
    Game,
    InvalidMoveError,
    Move,
    Pile,
    Refusal,
)

from .layout import CardSpot, Rect, TableLayout

DRAG_THRESHOLD = 5.0       # pointer travel (window units) that turns a press into a drag
DOUBLE_TAP_DISTANCE = 8.0  # how far apart the two taps of a double tap may be
CURSOR_ORDER = (STOCK, WASTE, *FOUNDATIONS, *COLUMNS)
_ABOVE_COLUMN = (STOCK, WASTE, WASTE, *FOUNDATIONS)
_BELOW_TOP_PILE = {
    STOCK: Pile.T1, WASTE: Pile.T2, Pile.FS: Pile.T4, Pile.FH: Pile.T5, Pile.FD: Pile.T6, Pile.FC: Pile.T7,
}


def dropped_move(pile: Pile, target: Pile) -> Move | None:
    """The move of the notation that puts cards of ``pile`` on ``target`` (any foundation
    means the card's own, R10), or ``None`` when there is none."""
    try:
        return Move(pile, FOUNDATION if target in FOUNDATIONS else target)
    except InvalidMoveError:
        return None


def drop_move(game: Game, pile: Pile, index: int, target: Pile) -> Move | None:
    """The legal move that puts the card at ``index`` of ``pile`` (and those above it) on
    ``target``; ``None`` when illegal."""
    move = dropped_move(pile, target)
    return move if move is not None and game.is_legal(move, index) else None


def legal_targets(game: Game, pile: Pile, index: int) -> list[Pile]:
    """The piles the card at ``index`` of ``pile`` (with those above it) may go to; a foundation
    move is listed once, as :data:`FOUNDATIONS`' first."""
    return [t for t in (*COLUMNS, FOUNDATIONS[0]) if drop_move(game, pile, index, t)]


def drop_refusal(game: Game, pile: Pile, index: int, target: Pile) -> Refusal | None:
    """Why that drop is refused, when it is a move of the notation the rules forbid."""
    move = dropped_move(pile, target)
    return None if move is None else game.why_illegal(move, index)


def is_movable(game: Game, pile: Pile, index: int) -> bool:
    """Whether the card at ``index`` of ``pile`` may be picked up."""
    position = game.position
    if pile in COLUMNS:
        return position.hidden[pile] <= index < len(position.tableau[pile])
    if pile == WASTE:
        return index == len(position.waste) - 1
    return pile in FOUNDATIONS and index == position.foundations[FOUNDATIONS.index(pile)] - 1


@dataclass
class Drag:
    """Cards picked up with the pointer, and how far they have travelled."""

    pile: Pile
    index: int
    spots: list[CardSpot]
    dx: float = 0.0
    dy: float = 0.0

    @property
    def rect(self) -> Rect:
        return self.spots[0].rect.moved(self.dx, self.dy)


class _Tap(NamedTuple):
    pile: Pile
    x: float
    y: float
    time: float
    card_index: int
    moved: bool


class Release(NamedTuple):
    """What a pointer release did: a move to play, and a drag to slide back if it was refused."""

    move: Move | None = None
    slide_back: Drag | None = None


class Controller:
    """Turns pointer and keyboard input into moves for one game."""

    def __init__(self, game: Game, layout: TableLayout, double_tap_seconds: float = 0.4) -> None:
        self.game = game
        self.layout = layout
        self.double_tap_seconds = double_tap_seconds
        self.drag: Drag | None = None
        self._press: tuple[CardSpot | None, Pile | None, float, float] | None = None
        self._last_tap: _Tap | None = None
        self.cursor: tuple[Pile, int | None] = (STOCK, None)
        self.held: tuple[Pile, int] | None = None
        self.refused: Refusal | None = None   # why the last drop, put-down, tap or stock tap was refused
        self.stuck: tuple[Pile, int] | None = None   # the card a double tap found no place for

    def set_game(self, game: Game) -> None:
        self.game = game
        self.drag = self._press = self._last_tap = self.held = None
        self.cursor = (STOCK, None)

    # --- pointer -----------------------------------------------------------

    def press(self, x: float, y: float) -> None:
        self.refused = self.stuck = None
        position = self.game.position
        spot = self.layout.card_at(position, x, y)
        pile = spot.pile if spot else self.layout.pile_at(position, x, y)
        self._press = (spot, pile, x, y)

    def motion(self, x: float, y: float) -> bool:
        """Follow the pointer; true when the dragged cards moved."""
        if self.drag:
            _, _, px, py = self._press  # type: ignore[misc]
            self.drag.dx, self.drag.dy = x - px, y - py
            return True
        if not self._press:
            return False
        spot, _, px, py = self._press
        far = abs(x - px) + abs(y - py) >= DRAG_THRESHOLD * self.layout.scale
        if not far or spot is None or not is_movable(self.game, spot.pile, spot.index):
            return False
        spots = self.layout.spots(self.game.position)
        lifted = [s for s in spots if s.pile == spot.pile and s.index >= spot.index and s.face_up]
        self.drag = Drag(spot.pile, spot.index, lifted, x - px, y - py)
        return True

    def release(self, x: float, y: float, time: float) -> Release:
        """End a press: a drop when dragging, else a tap."""
        press, drag = self._press, self.drag
        self._press = self.drag = None
        if drag:
            candidates = self.layout.drop_candidates(self.game.position, drag.rect)
            for candidate in candidates:
                move = drop_move(self.game, drag.pile, drag.index, candidate)
                if move:
                    return Release(move)
            target = next((p for p in candidates if p != drag.pile and p != STOCK and p != WASTE), None)
            self.refused = None if target is None else drop_refusal(self.game, drag.pile, drag.index, target)
            return Release(slide_back=drag)
        if press is None:
            return Release()
        spot, pile, _px, _py = press
        return Release(self._tap(spot, pile, x, y, time))

    def _tap(self, spot: CardSpot | None, pile: Pile | None, x: float, y: float, time: float) -> Move | None:
        if pile == STOCK:
            self._last_tap = None
            return self._draw()
        if spot is None or not spot.face_up or pile is None:
            self._last_tap = None
            return None
        last = self._last_tap
        double = (
            last is not None and last.pile == pile and time - last.time <= self.double_tap_seconds
            and abs(x - last.x) + abs(y - last.y) <= DOUBLE_TAP_DISTANCE * self.layout.scale
        )
        if double:
            self._last_tap = None
            if last.moved:  # type: ignore[union-attr]
                return None
            index = last.card_index if pile in COLUMNS else None  # type: ignore[union-attr]
            move = self.game.double_tap_move(pile, index)
            if move is None and pile not in FOUNDATIONS:
                self.stuck = (pile, last.card_index)  # type: ignore[union-attr]
            return move
        move = self.game.tap_move(pile) if is_movable(self.game, pile, spot.index) and self._is_top(spot) else None
        if move is None and pile not in FOUNDATIONS:
            self.refused = self.game.why_illegal(Move(pile, FOUNDATION), spot.index)
        self._last_tap = _Tap(pile, x, y, time, spot.index, move is not None)
        return move

    def _is_top(self, spot: CardSpot) -> bool:
        top = self.game.position.top_card(spot.pile)
        return top == spot.card

    # --- keyboard cursor -----------------------------------------------------

    def cursor_spot(self) -> tuple[Pile, int | None]:
        """The cursor, kept on a card that exists: a column's face-up card, or a pile."""
        pile, index = self.cursor
        position = self.game.position
        if pile in COLUMNS:
            column, hidden = position.tableau[pile], position.hidden[pile]
            if not column:
                index = None
            else:
                index = len(column) - 1 if index is None else max(hidden, min(index, len(column) - 1))
        else:
            index = None
        self.cursor = (pile, index)
        return self.cursor

    def key(self, name: str) -> Move | None:
        """Handle ``left``, ``right``, ``next``, ``previous``, ``up``, ``down``, ``enter`` or ``escape``."""
        self.refused = self.stuck = None
        pile, index = self.cursor_spot()
        if name in ("left", "right", "next", "previous"):
            step = 1 if name in ("right", "next") else -1
            pile = CURSOR_ORDER[(CURSOR_ORDER.index(pile) + step) % len(CURSOR_ORDER)]
            self.cursor = (pile, None)
        elif name == "up":
            hidden = self.game.position.hidden[pile] if pile in COLUMNS else 0
            if pile in COLUMNS and index is not None and index > hidden:
                self.cursor = (pile, index - 1)
            elif pile in COLUMNS:
                self.cursor = (_ABOVE_COLUMN[pile], None)
        elif name == "down":
            if pile in COLUMNS and index is not None and index < len(self.game.position.tableau[pile]) - 1:
                self.cursor = (pile, index + 1)
            elif pile not in COLUMNS:
                self.cursor = (_BELOW_TOP_PILE[pile], None)
        elif name == "escape":
            self.held = None
        elif name == "enter":
            return self._enter(pile, index)
        self.cursor_spot()
        return None

    def _enter(self, pile: Pile, index: int | None) -> Move | None:
        position = self.game.position
        if self.held is None:
            if pile == STOCK:
                return self._draw()
            if pile == WASTE:
                index = len(position.waste) - 1
            elif pile in FOUNDATIONS:
                index = position.foundations[FOUNDATIONS.index(pile)] - 1
            if index is not None and index >= 0 and is_movable(self.game, pile, index):
                self.held = (pile, index)
            return None
        held, self.held = self.held, None
        move = drop_move(self.game, held[0], held[1], pile)
        if move is None and pile != held[0]:
            self.refused = drop_refusal(self.game, held[0], held[1], pile)
        return move

    def _draw(self) -> Move | None:
        """The stock tap, or ``None`` (and :attr:`refused` set) when the stock cannot be turned."""
        move = Move.stock()
        self.refused = self.game.why_illegal(move)
        return move if self.refused is None else None
