"""The table as sprites: pile marks, cards, the dragged cards and the keyboard cursor.

Sprites are made once, in drawing order, in one group per layer; each refresh only
changes their images and places, so the batch keeps that order in one draw call per layer.
"""

import pyglet
from pyglet import shapes
from pyglet.graphics import Batch, Group

from solitaire_klondike.core import COLUMNS, FOUNDATIONS, STOCK, WASTE, Pile, Position

from .art import BACK, EMPTY, EXHAUSTED, FOUNDATION_MARK, RECYCLE, CardArt
from .controller import Controller
from .layout import CardSpot, Rect, TableLayout

CURSOR_COLOR = (255, 214, 64)
HELD_COLOR = (120, 200, 255)


class TableView:
    """Draws one position; the window calls :meth:`refresh` after any change."""

    def __init__(self, window: pyglet.window.Window, batch: Batch) -> None:
        self.window, self.batch = window, batch
        self.groups = [Group(order=i) for i in range(4)]
        self.art: CardArt | None = None
        self.slots: dict[Pile, pyglet.sprite.Sprite] = {}
        self.cards: list[pyglet.sprite.Sprite] = []
        self.dragged: list[pyglet.sprite.Sprite] = []
        line = 3
        self.cursor = shapes.Box(0, 0, 1, 1, line, color=CURSOR_COLOR, batch=batch, group=self.groups[3])
        self.held = shapes.Box(0, 0, 1, 1, line, color=HELD_COLOR, batch=batch, group=self.groups[3])

    def _ensure_art(self, layout: TableLayout) -> CardArt:
        """Render the atlas again only when the card size changed (the sprites then start again)."""
        if self.art and self.art.matches(layout.card_w, layout.card_h):
            return self.art
        for sprite in [*self.slots.values(), *self.cards, *self.dragged]:
            sprite.delete()
        self.art = art = CardArt(self.window, layout.card_w, layout.card_h, self.window.get_pixel_ratio())
        self.cards, self.dragged = [], []
        self.slots = {pile: self._sprite(self.groups[0]) for pile in layout.slots}
        return art

    def _sprite(self, group: Group) -> pyglet.sprite.Sprite:
        sprite = pyglet.sprite.Sprite(self.art.regions[BACK], batch=self.batch, group=group)  # type: ignore[union-attr]
        sprite.scale = self.art.scale  # type: ignore[union-attr]
        return sprite

    def _enough(self, sprites: list[pyglet.sprite.Sprite], count: int, group: Group) -> list[pyglet.sprite.Sprite]:
        """``sprites``, grown to ``count``: sprites are made as the table first needs them, so the
        first frame makes only those it shows (their drawing order is still the creation order)."""
        sprites += [self._sprite(group) for _ in range(count - len(sprites))]
        return sprites

    def refresh(self, position: Position, layout: TableLayout, controller: Controller, show_cursor: bool) -> None:
        art = self._ensure_art(layout)
        for pile, sprite in self.slots.items():
            _place(sprite, art.regions[_slot_cell(position, pile)], layout.slots[pile])
        drag = controller.drag
        lifted = {(s.pile, s.index) for s in drag.spots} if drag else set()
        spots = [s for s in layout.spots(position) if (s.pile, s.index) not in lifted]
        cards = self._enough(self.cards, len(spots), self.groups[1])
        for sprite, spot in zip(cards, spots):
            _place(sprite, art.regions[_cell(spot)], spot.rect)
        for sprite in cards[len(spots):]:
            sprite.visible = False
        moving = drag.spots if drag else []
        dragged = self._enough(self.dragged, len(moving), self.groups[2])
        if drag:
            for sprite, spot in zip(dragged, moving):
                _place(sprite, art.regions[_cell(spot)], spot.rect.moved(drag.dx, drag.dy))
        for sprite in dragged[len(moving):]:
            sprite.visible = False
        self._boxes(position, layout, controller, show_cursor)

    def _boxes(self, position: Position, layout: TableLayout, controller: Controller, show_cursor: bool) -> None:
        self.cursor.visible = show_cursor
        if show_cursor:
            _frame(self.cursor, _cursor_rect(position, layout, *controller.cursor_spot()))
        self.held.visible = show_cursor and controller.held is not None
        if self.held.visible:
            pile, index = controller.held  # type: ignore[misc]
            _frame(self.held, _cursor_rect(position, layout, pile, index), grow=6)


def _cell(spot: CardSpot) -> int:
    return spot.card if spot.face_up else BACK


def _slot_cell(position: Position, pile: Pile) -> int:
    if pile in FOUNDATIONS:
        return FOUNDATION_MARK + FOUNDATIONS.index(pile)
    if pile == STOCK:
        return RECYCLE if position.waste and position.can_recycle() else EXHAUSTED if position.waste else EMPTY
    return EMPTY


def _place(sprite: pyglet.sprite.Sprite, image, rect: Rect) -> None:
    if sprite.image is not image:
        sprite.image = image
    sprite.position = (rect.x, rect.y, 0)
    sprite.visible = True


def _cursor_rect(position: Position, layout: TableLayout, pile: Pile, index: int | None) -> Rect:
    """The card the cursor is on and those above it, or the pile's slot."""
    if pile in COLUMNS and index is not None:
        spots = layout.column_spots(position, pile)[index:]
        first, last = spots[0].rect, spots[-1].rect
        return Rect(first.x, last.y, first.w, first.y + first.h - last.y)
    if pile == WASTE:
        spots = layout.waste_spots(position)
        if spots:
            return spots[-1].rect
    return layout.slots[pile]


def _frame(box: shapes.Box, rect: Rect, grow: float = 3) -> None:
    box.position = (rect.x - grow, rect.y - grow)
    box.width, box.height = rect.w + 2 * grow, rect.h + 2 * grow
