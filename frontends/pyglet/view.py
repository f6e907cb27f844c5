"""The table as sprites: pile marks, resting cards, moving cards, the lifted cards with their
shadow, the legal destinations and the keyboard cursor.

Sprites live in one group per layer and are handed a card each frame, so the batch keeps
one draw call per layer; only what changed is touched.
"""

import time

import pyglet
from pyglet.graphics import Batch, Group

from solitaire_klondike.core import COLUMNS, FOUNDATION, FOUNDATIONS, STOCK, WASTE, Move, Pile, Position, foundation_of
from solitaire_klondike.core.cards import SUIT

from .art import BACK, EMPTY, EXHAUSTED, FOUNDATION_MARK, RECYCLE, CardArt
from .controller import Controller, legal_targets
from .hint import moved_from
from .layout import Rect, TableLayout
from .motion import Motion
from .plates import Frame, Plate

CURSOR_COLOR = (255, 214, 64)
HELD_COLOR = (120, 200, 255)
TARGET_COLOR = (140, 240, 120)
HINT_COLOR = (255, 64, 160)
SHADOW = (0, 0, 0, 90)
LIFT = 4            # how far lifted cards rise (window units × scale)


class TableView:
    """Draws one position; the window calls :meth:`show` after any change and :meth:`step`
    on each frame while :attr:`motion` moves."""

    def __init__(self, window: pyglet.window.Window, batch: Batch) -> None:
        self.window, self.batch = window, batch
        self.groups = [Group(order=i) for i in range(7)]
        self.art: CardArt | None = None
        self.art_options: tuple = ()
        self.slots: dict[Pile, pyglet.sprite.Sprite] = {}
        self.layers: list[list[pyglet.sprite.Sprite]] = [[], [], []]   # resting, moving, lifted
        self.motion = Motion()
        self.lifted: list[tuple[int, Rect]] = []
        self.shadow = Plate(0, 0, 1, 1, color=SHADOW, batch=batch, group=self.groups[4])
        self.targets: list[Frame] = []
        self.cursor = Frame(0, 0, 1, 1, 5, color=CURSOR_COLOR, batch=batch, group=self.groups[6])
        self.held = [Frame(0, 0, 1, 1, 2, color=HELD_COLOR, batch=batch, group=self.groups[6]) for _ in range(2)]
        self.hint_boxes = [Frame(0, 0, 1, 1, 4, color=HINT_COLOR, batch=batch, group=self.groups[6])
                           for _ in range(2)]
        self.hint_rects: list[list[float] | None] = [None, None]
        self._resting_shown: list = []

    def _ensure_art(self, layout: TableLayout, four_colours: bool) -> CardArt:
        """Render the atlas again only when the card size or colours changed (the sprites then start again)."""
        if self.art and self.art.matches(layout.card_w, layout.card_h) and self.art_options == (four_colours,):
            return self.art
        for sprite in [*self.slots.values(), *(s for layer in self.layers for s in layer)]:
            sprite.delete()
        self.art = CardArt(self.window, layout.card_w, layout.card_h, self.window.get_pixel_ratio(), four_colours)
        self.art_options = (four_colours,)
        self.layers = [[], [], []]
        self._resting_shown = []
        self.slots = {pile: self._sprite(self.groups[0]) for pile in layout.slots}
        return self.art

    def _sprite(self, group: Group) -> pyglet.sprite.Sprite:
        sprite = pyglet.sprite.Sprite(self.art.regions[BACK], batch=self.batch, group=group)  # type: ignore[union-attr]
        sprite.scale = self.art.scale  # type: ignore[union-attr]
        return sprite

    def show(self, position: Position, layout: TableLayout, controller: Controller, show_cursor: bool,
             animate: bool = False, deal: bool = False, four_colours: bool = False) -> None:
        """The table now shows ``position``; with ``animate`` the cards travel there."""
        art = self._ensure_art(layout, four_colours)
        for pile, sprite in self.slots.items():
            _place(sprite, art.regions[_slot_cell(position, pile)], layout.slots[pile])
        lift = LIFT * layout.scale
        drag, held = controller.drag, controller.held if show_cursor else None
        if drag:
            lifted = [(s.card, s.rect.moved(drag.dx - lift / 2, drag.dy + lift)) for s in drag.spots]
        elif held:
            lifted = [(s.card, s.rect.moved(0, lift)) for s in layout.spots(position)
                      if s.pile == held[0] and s.index >= held[1] and s.face_up]
        else:
            lifted = []
        still = {card for card, _ in lifted}
        for card, rect in self.lifted:   # cards put down (or back) start from where they were held
            if card not in still:
                self.motion.place(card, rect, True)
        self.lifted = lifted
        spots = layout.spots(position)
        self.motion.update(position, spots, layout, time.monotonic(), animate, deal)
        self._targets(layout, position, controller, drag or held)
        self._boxes(position, layout, controller, show_cursor)
        self._resting_shown = []
        self.step()

    def follow(self, controller: Controller, layout: TableLayout) -> None:
        """The dragged cards follow the pointer (nothing else changes)."""
        drag, lift = controller.drag, LIFT * layout.scale
        if drag:
            self.lifted = [(s.card, s.rect.moved(drag.dx - lift / 2, drag.dy + lift)) for s in drag.spots]
        self.step()

    def celebrate(self, layout: TableLayout) -> None:
        self.motion.cascade(layout, time.monotonic())
        self.step()

    def shake(self, cards: list[int], scale: float) -> None:
        self.motion.shake(cards, time.monotonic(), 6 * scale)
        self.step()

    def step(self) -> bool:
        """Put every card where it is now; true while something still moves."""
        art = self.art
        assert art is not None
        resting, moving = self.motion.frame(time.monotonic())
        lifted_cards = {card for card, _ in self.lifted}
        resting = [item for item in resting if item[0] not in lifted_cards]
        moving = [item for item in moving if item[0] not in lifted_cards]
        if resting != self._resting_shown:
            self._resting_shown = resting
            self._fill(0, self._uncovered([(c, r, f, 1.0) for c, r, f in resting]))
            bottoms = {(round(r.x), round(r.y)) for _card, r, _face in resting}
            for sprite in self.slots.values():   # a pile's mark shows only where no card rests on it
                sprite.visible = (round(sprite.x), round(sprite.y)) not in bottoms
        self._fill(1, self._uncovered(moving))
        self._fill(2, self._uncovered([(c, r, True, 1.0) for c, r in self.lifted]))
        self.shadow.visible = bool(self.lifted)
        if self.lifted:
            first, last = self.lifted[0][1], self.lifted[-1][1]
            grow = LIFT * art.card_w / 60
            self.shadow.position = (first.x + grow, last.y - grow * 1.5)
            self.shadow.width, self.shadow.height = first.w, first.y + first.h - last.y
        return self.motion.moving

    def _uncovered(self, cards: list) -> list:
        """Cards ``(card, rect, face up, squeeze)`` in drawing order, as they are drawn: one under the
        next card of its pile (lower down in a column, or on it) only as the strip of it that shows,
        down to below the next card's rounded corners, or not at all; most of a frame's pixels were
        cards drawn under others.  A card turning over (squeezed) is drawn whole and covers nothing."""
        art = self.art
        assert art is not None
        items = []
        for index, (card, rect, face, squeeze) in enumerate(cards):
            image, top = art.regions[card if face else BACK], rect.y + rect.h
            covering = [r.y + r.h for _c, r, _f, flat in cards[index + 1:] if flat == 1.0 and abs(r.x - rect.x) < 0.5
                        and abs(r.w - rect.w) < 0.5 and r.y <= rect.y + 0.5 < r.y + r.h] if squeeze == 1.0 else []
            if covering:
                shown = top - max(covering) + art.corner
                if shown <= art.corner:
                    continue
                if shown < rect.h:
                    image, height = art.top_strip(image, shown)
                    rect = Rect(rect.x, top - height, rect.w, height)
            items.append((image, rect, squeeze))
        return items

    def _fill(self, layer: int, items: list) -> None:
        sprites = self.layers[layer]
        group = self.groups[(1, 3, 5)[layer]]
        sprites += [self._sprite(group) for _ in range(len(items) - len(sprites))]
        for sprite, (image, rect, squeeze) in zip(sprites, items):
            _place(sprite, image, rect, squeeze)
        for sprite in sprites[len(items):]:
            if sprite.visible:
                sprite.visible = False

    def _targets(self, layout: TableLayout, position: Position, controller: Controller, lifted) -> None:
        """A frame round every pile the lifted cards may go to."""
        rects = []
        if lifted:
            pile, index = (lifted.pile, lifted.index) if hasattr(lifted, "pile") else lifted
            for target in legal_targets(controller.game, pile, index):
                if target in FOUNDATIONS:
                    card = position.tableau[pile][index] if pile in COLUMNS else position.top_card(pile)
                    target = FOUNDATIONS[SUIT[card or 0]]
                column = layout.column_spots(position, target) if target in COLUMNS else []
                rects.append(column[-1].rect if column else layout.slots[target])
        while len(self.targets) < len(rects):
            self.targets.append(Frame(0, 0, 1, 1, 4, color=TARGET_COLOR, batch=self.batch, group=self.groups[2]))
        for box, rect in zip(self.targets, rects):
            box.visible = True
            _frame(box, rect, 2)
        for box in self.targets[len(rects):]:
            box.visible = False

    def _boxes(self, position: Position, layout: TableLayout, controller: Controller, show_cursor: bool) -> None:
        """The cursor is a thick frame; held cards (lifted) get a double thin frame of their own."""
        self.cursor.visible = show_cursor
        if show_cursor:
            _frame(self.cursor, _cursor_rect(position, layout, *controller.cursor_spot()), grow=5)
        holding = show_cursor and controller.held is not None
        for box in self.held:
            box.visible = holding
        if holding:
            pile, index = controller.held  # type: ignore[misc]
            rect = _cursor_rect(position, layout, pile, index).moved(0, LIFT * layout.scale)
            for i, box in enumerate(self.held):
                _frame(box, rect, grow=3 + 4 * i)


    def show_hint(self, position: Position, layout: TableLayout, move: Move | None) -> None:
        """Frame the cards a hinted move takes and where they go (nothing for ``None``)."""
        rects = _hint_rects(position, layout, move) if move else [None, None]
        for box, rect in zip(self.hint_boxes, rects):
            box.visible = rect is not None
            if rect is not None:
                _frame(box, rect, grow=7)
        self.hint_rects = [[r.x, r.y, r.w, r.h] if r else None for r in rects]


def _hint_rects(position: Position, layout: TableLayout, move: Move) -> list[Rect | None]:
    source, target = move
    if source == STOCK:
        return [layout.slots[STOCK], None]
    card = position.top_card(source)
    index = None
    if source in COLUMNS:
        index = moved_from(position, move) if target in COLUMNS else len(position.tableau[source]) - 1
        card = position.tableau[source][index]
    start = _cursor_rect(position, layout, source, index)
    if target == FOUNDATION:
        return [start, layout.slots[foundation_of(SUIT[card])]]  # type: ignore[index]
    spots = layout.column_spots(position, target)
    return [start, spots[-1].rect if spots else layout.slots[target]]


def _slot_cell(position: Position, pile: Pile) -> int:
    if pile in FOUNDATIONS:
        return FOUNDATION_MARK + FOUNDATIONS.index(pile)
    if pile == STOCK:
        return RECYCLE if position.waste and position.can_recycle() else EXHAUSTED if position.waste else EMPTY
    return EMPTY


def _place(sprite: pyglet.sprite.Sprite, image, rect: Rect, squeeze: float = 1.0) -> None:
    if sprite.image is not image:
        sprite.image = image
    x = rect.x + rect.w * (1 - squeeze) / 2
    if sprite.position != (x, rect.y, 0):
        sprite.position = (x, rect.y, 0)
    if sprite.scale_x != squeeze:
        sprite.scale_x = squeeze
    if not sprite.visible:
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


def _frame(box: Frame, rect: Rect, grow: float = 3) -> None:
    box.position = (rect.x - grow, rect.y - grow)
    box.width, box.height = rect.w + 2 * grow, rect.h + 2 * grow
