"""Where each card is drawn while the table moves (no pyglet here).

A :class:`Motion` holds one tween per moving card: from where the card was drawn to where
the new position puts it, eased, turning over half way when its face changes.  The view asks
:meth:`Motion.frame` for every card's place at a given time; nothing is scheduled here.
"""

import math
import os
from dataclasses import dataclass

from solitaire_klondike.core import COLUMNS, FOUNDATIONS, STOCK, WASTE, Pile, Position

from .layout import CardSpot, Rect, TableLayout

SLIDE_MIN, SLIDE_MAX = 0.12, 0.2   # seconds for a short and for a long slide
DEAL_STEP = 0.03                  # seconds between two cards of a deal
FAN_STEP = 0.05                   # between the cards of one draw, or of a sequence gathering
SHAKE_SECONDS, SHAKE_TURNS = 0.3, 3
SPEED_VARIABLE = "KLONDIKE_MOTION_SPEED"   # tests: a factor on every duration (2 = twice as fast)


def speed() -> float:
    try:
        return max(0.1, float(os.environ.get(SPEED_VARIABLE, "1")))
    except ValueError:
        return 1.0


@dataclass
class Tween:
    """One card's trip: from ``start`` to ``end`` beginning at ``begin`` for ``seconds``; ``faces``
    (before, after) turn over half way; ``shake`` makes it shake on the spot instead."""

    start: Rect
    end: Rect
    faces: tuple[bool, bool]
    begin: float
    seconds: float
    shake: float = 0.0

    def at(self, now: float) -> tuple[Rect, bool, float]:
        """The card's rectangle, its face and its horizontal squeeze (1 flat, 0 edge-on) at ``now``."""
        u = min(1.0, max(0.0, (now - self.begin) / self.seconds))
        if self.shake:
            dx = self.shake * math.sin(u * SHAKE_TURNS * 2 * math.pi) * (1 - u)
            return self.end.moved(dx, 0), self.faces[1], 1.0
        eased = 1 - (1 - u) ** 3
        s, e = self.start, self.end
        rect = Rect(s.x + (e.x - s.x) * eased, s.y + (e.y - s.y) * eased, e.w, e.h)
        if self.faces[0] == self.faces[1]:
            return rect, self.faces[1], 1.0
        return rect, self.faces[0] if u < 0.5 else self.faces[1], abs(1 - 2 * u)


@dataclass
class Fling(Tween):
    """A card thrown sideways from ``start``, falling and bouncing on ``floor`` until it leaves
    the window (the win's celebration)."""

    velocity: tuple[float, float] = (0.0, 0.0)   # units per second
    gravity: float = 0.0
    floor: float = 0.0

    def at(self, now: float) -> tuple[Rect, bool, float]:
        t = max(0.0, now - self.begin)
        vx, vy = self.velocity
        x, y = self.start.x + vx * t, self.start.y
        for _bounce in range(12):
            # when does y + vy·s − g·s²/2 reach the floor?
            hit = (vy + math.sqrt(vy * vy + 2 * self.gravity * max(0.0, y - self.floor))) / self.gravity
            if t < hit:
                y += vy * t - self.gravity * t * t / 2
                break
            t -= hit
            y, vy = self.floor, (self.gravity * hit - vy) * BOUNCE
        else:
            y = self.floor
        return Rect(x, y, self.start.w, self.start.h), True, 1.0


BOUNCE = 0.72            # of its speed a card keeps at each bounce
CASCADE_STEP = 0.04      # seconds between two cards leaving the foundations


def slide_seconds(a: Rect, b: Rect, card_h: float) -> float:
    distance = math.hypot(a.x - b.x, a.y - b.y)
    return (SLIDE_MIN + (SLIDE_MAX - SLIDE_MIN) * min(1.0, distance / (4 * card_h))) / speed()


def card_piles(position: Position) -> dict[int, Pile]:
    """Which pile holds each card."""
    piles = {card: col for col in COLUMNS for card in position.tableau[col]}
    piles.update(dict.fromkeys(position.stock, STOCK))
    piles.update(dict.fromkeys(position.waste, WASTE))
    for suit, f in enumerate(FOUNDATIONS):
        piles.update(dict.fromkeys(position.foundation_cards(suit), f))
    return piles


def deal_order(position: Position) -> list[int]:
    """The column cards as a person deals them: row by row, left to right."""
    columns = position.tableau
    return [columns[col][row] for row in range(max(map(len, columns), default=0)) for col in COLUMNS
            if row < len(columns[col])]


class Motion:
    """The cards in motion, and where every card was last drawn."""

    def __init__(self) -> None:
        self.tweens: dict[int, Tween] = {}
        self.drawn: dict[int, tuple[Rect, bool]] = {}   # card → where it rests (or will)
        self.leaving: dict[int, tuple[Rect, bool]] = {}  # cards hidden by the new position, shown until all stops
        self.piles: dict[int, Pile] = {}
        self.end_time = 0.0

    @property
    def moving(self) -> bool:
        return bool(self.tweens)

    def finish(self) -> None:
        """Everything where it goes, at once (a new action arrived, or the motion is off)."""
        self.tweens.clear()
        self.leaving.clear()

    def place(self, card: int, rect: Rect, face_up: bool) -> None:
        """The card is drawn at ``rect`` now (dragged there): the next change starts from there."""
        self.drawn[card] = (rect, face_up)

    def update(self, position: Position, spots: list[CardSpot], layout: TableLayout, now: float,
               animate: bool, deal: bool = False) -> None:
        """The table now shows ``position``: tween every card from where it was drawn."""
        self.finish()
        piles = card_piles(position)
        old_drawn, old_piles = self.drawn, self.piles
        self.drawn = {s.card: (s.rect, s.face_up) for s in spots}
        self.piles = piles
        if not animate:
            return
        if deal:
            return self._deal(position, spots, layout, now)
        fans: dict[int, int] = {}
        for spot in spots:
            was = old_drawn.get(spot.card)
            if was is None:
                old_pile = old_piles.get(spot.card)
                if old_pile is None or old_pile == spot.pile:
                    continue
                was = (layout.slots[old_pile], old_pile != STOCK)
            rect, face = was
            if rect == spot.rect and face == spot.face_up:
                continue
            # cards leaving one pile together go one after the other, the first first
            order = fans.get(spot.pile, 0)
            fans[spot.pile] = order + 1
            begin = now + (order * FAN_STEP / speed() if spot.pile == WASTE and rect != spot.rect else 0.0)
            if rect == spot.rect:   # a card turned over where it lies, once the cards above have left
                begin, seconds = now + SLIDE_MIN / 2 / speed(), SLIDE_MIN / speed()
            else:
                seconds = slide_seconds(rect, spot.rect, layout.card_h)
            self.tweens[spot.card] = Tween(rect, spot.rect, (face, spot.face_up), begin, seconds)
        for card, (rect, face) in old_drawn.items():
            if card not in self.drawn:
                pile = piles.get(card)
                home = layout.slots[pile] if pile is not None else rect
                self.leaving[card] = (home, face if pile != STOCK else False)
                if home != rect:
                    seconds = slide_seconds(rect, home, layout.card_h)
                    self.tweens[card] = Tween(rect, home, (face, pile != STOCK), now, seconds)
        self._ends()

    def _deal(self, position: Position, spots: list[CardSpot], layout: TableLayout, now: float) -> None:
        stock = layout.slots[STOCK]
        order = {card: i for i, card in enumerate(deal_order(position))}
        for spot in spots:
            if spot.pile in COLUMNS:
                begin = now + order[spot.card] * DEAL_STEP / speed()
                self.tweens[spot.card] = Tween(stock, spot.rect, (False, spot.face_up), begin,
                                               slide_seconds(stock, spot.rect, layout.card_h))
        self._ends()

    def cascade(self, layout: TableLayout, now: float) -> None:
        """Every card leaves the foundations, kings first, bouncing off the table's bottom."""
        self.finish()
        step, gravity = CASCADE_STEP / speed(), 9 * layout.card_h * speed() ** 2
        for i, rank in enumerate(range(12, -1, -1)):
            for suit in range(4):
                start = layout.slots[FOUNDATIONS[suit]]
                order = i * 4 + suit
                side = -1 if (order * 7) % 5 < 2 else 1
                vx = side * layout.card_w * (2.2 + (order * 13 % 7) / 4) * speed()
                distance = (start.x + start.w if side < 0 else layout.width - start.x)
                seconds = distance / abs(vx)
                self.tweens[13 * suit + rank] = Fling(start, start, (True, True), now + order * step, seconds,
                                                      velocity=(vx, layout.card_h * (order % 3) * speed()),
                                                      gravity=gravity, floor=layout.status_height)
        self._ends()

    def shake(self, cards: list[int], now: float, amplitude: float) -> None:
        self.finish()
        for card in cards:
            if card in self.drawn:
                rect, face = self.drawn[card]
                self.tweens[card] = Tween(rect, rect, (face, face), now, SHAKE_SECONDS / speed(), amplitude)
        self._ends()

    def _ends(self) -> None:
        self.end_time = max((t.begin + t.seconds for t in self.tweens.values()), default=0.0)

    def frame(self, now: float) -> tuple[list[tuple[int, Rect, bool]], list[tuple[int, Rect, bool, float]]]:
        """The resting cards (leaving ones first) and the moving ones, each in drawing order;
        the motion ends (every card rests) once ``now`` passes the last tween's end."""
        if self.tweens and now >= self.end_time:
            self.finish()
        resting = [(c, r, f) for c, (r, f) in self.leaving.items() if c not in self.tweens]
        resting += [(c, r, f) for c, (r, f) in self.drawn.items() if c not in self.tweens]
        # not yet started: under the others, the next to go on top; started: the latest on top
        waiting = sorted((i for i in self.tweens.items() if i[1].begin > now), key=lambda i: -i[1].begin)
        going = sorted((i for i in self.tweens.items() if i[1].begin <= now), key=lambda i: i[1].begin)
        moving = [(c, *t.at(now)) for c, t in waiting + going]
        return resting, moving
