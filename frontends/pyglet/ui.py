"""The toolbar and the overlay panels: labels, buttons and their hit areas."""

from typing import TYPE_CHECKING

import pyglet
from pyglet.graphics import Batch, Group

from .layout import Rect
from .plates import Frame, Plate
from .sprite_text import SpriteText
from .table_ui import TableLabels

if TYPE_CHECKING:
    from .panels import Panel

FONT = "DejaVu Sans"
TEXT = (245, 245, 240, 255)
DARK_TEXT = (30, 30, 36, 255)
DIMMED_TEXT = (140, 160, 146, 255)
BUTTON = (40, 74, 52)
HOVER_BUTTON = (66, 112, 82)
DIMMED_BUTTON = (28, 58, 38)
SMALLEST_TEXT = 12.0        # pixels (96-dpi units): no text is drawn smaller
OPTION_ON = (236, 196, 72)
OPTION_OFF = (226, 230, 226)
PANEL = (250, 250, 246)
FOCUS = (40, 120, 230)


# Glyphs are sampled nearest-neighbour: a label at a fractional pixel drops thin strokes (the
# bar of a small Greek tau), so every label is placed on whole pixels.


def _points(pixels: float) -> float:
    return pixels * 72 / 96


class Toolbar:
    """Buttons on the left; the game code and a copy button on the right.  Buttons that cannot
    act now look dimmed."""

    def __init__(self, batch: Batch, order: int) -> None:
        self.batch = batch
        self.back_group, self.group = Group(order=order + 1), Group(order=order + 2)
        self.background = Plate(0, 0, 1, 1, color=(16, 52, 30), batch=batch, group=Group(order=order))
        self.items: list[tuple[str, SpriteText, Plate | None]] = []
        self.hits: list[tuple[str, Rect]] = []
        self.smallest = SMALLEST_TEXT   # in pixels: the window sets it for its scale
        self.fits = True
        self.shown: tuple = ()

    def update(self, width: float, height: float, bar: float, buttons: list[tuple[str, str]], info: str,
               dimmed: frozenset = frozenset(), hover: str | None = None, rows: int = 1, shrink: float = 1.0) -> None:
        """Lay out ``buttons`` (id, text) from the left and ``info`` then the last button on the right;
        smaller text when they would overlap (long words, a narrow window), never under
        ``smallest``; then the info gives way; :attr:`fits` says whether the buttons fit in
        ``rows`` rows (in two, they flow and the info is left out).  Nothing is done when nothing changed."""
        wanted = (width, height, bar, tuple(buttons), info, dimmed, hover, rows, shrink)
        if wanted == self.shown:
            return
        row_h = bar / rows
        self._lay_out(width, height, row_h, buttons, info if rows == 1 else "", dimmed, hover, shrink, rows)
        info_label = self.items[-1][1]
        left_end = max((r.x + r.w for i, r in self.hits[:-1]), default=0)
        overlap = left_end - (info_label.x - info_label.content_width) if rows == 1 else 0
        if overlap > 0 and info_label.visible and row_h * 0.36 * shrink > self.smallest:
            smaller = max(self.smallest / (row_h * 0.36), shrink * max(0.5, 1 - overlap / width - 0.04))
            return self.update(width, height, bar, buttons, info, dimmed, hover, rows, smaller)
        if overlap > 0:
            info_label.visible = False
        copy = self.hits[-1][1]
        self.fits = (left_end <= copy.x if rows == 1 else min(r.y for _i, r in self.hits) >= height - bar - 0.5)
        self.shown = wanted

    def _lay_out(self, width: float, height: float, bar: float, buttons: list[tuple[str, str]], info: str,
                 dimmed: frozenset, hover: str | None, shrink: float, rows: int) -> None:
        """``bar`` is one row's height; with two rows every button flows from the left."""
        for _, label, box in self.items:
            label.delete()
            if box:
                box.delete()
        self.items, self.hits = [], []
        y = height - bar
        background = self.background
        background.position, background.width, background.height = (0, height - bar * rows), width, bar * rows
        size, pad = _points(max(self.smallest, bar * 0.36 * shrink)), bar * 0.3 * shrink
        x = pad / 2
        for widget_id, text in buttons if rows > 1 else buttons[:-1]:
            end = self._button(widget_id, text, x, y, bar, size, pad, widget_id in dimmed, widget_id == hover)
            if rows > 1 and end > width - pad / 2 and x > pad:
                _id, label, box = self.items.pop()
                label.delete()
                box.delete()  # type: ignore[union-attr]
                self.hits.pop()
                x, y = pad / 2, y - bar
                end = self._button(widget_id, text, x, y, bar, size, pad, widget_id in dimmed, widget_id == hover)
            x = end + pad / 3
        right = width - pad / 2
        if rows == 1:
            widget_id, text = buttons[-1]
            right = self._button(widget_id, text, right, y, bar, size, pad, False, widget_id == hover, True)
        label = SpriteText(info, font_name=FONT, font_size=size, color=TEXT, anchor_x="right", anchor_y="center",
                                  x=round(right - pad / 2), y=round(y + bar / 2), batch=self.batch, group=self.group)
        self.items.append(("info", label, None))

    def _button(self, widget_id: str, text: str, x: float, y: float, bar: float, size: float, pad: float,
                dimmed: bool, hover: bool, from_right: bool = False) -> float:
        """A button starting at ``x`` (ending there when ``from_right``); answers its other edge."""
        label = SpriteText(text, font_name=FONT, font_size=size, color=DIMMED_TEXT if dimmed else TEXT,
                                  anchor_y="center", y=round(y + bar / 2), batch=self.batch, group=self.group)
        w = label.content_width + pad
        x = x - w if from_right else x
        label.x = round(x + pad / 2)
        fill = DIMMED_BUTTON if dimmed else HOVER_BUTTON if hover else BUTTON
        box = Plate(x, y + bar * 0.12, w, bar * 0.76, color=fill, batch=self.batch, group=self.back_group)
        self.items.append((widget_id, label, box))
        self.hits.append((widget_id, Rect(x, y, w, bar)))
        return x if from_right else x + w

    def hit(self, x: float, y: float) -> str | None:
        return next((widget_id for widget_id, rect in self.hits if rect.contains(x, y)), None)


class Tooltip:
    """A button's name and shortcut in a dark box under it (over it when there is no room below),
    over everything else."""

    def __init__(self, batch: Batch, order: int) -> None:
        self.batch = batch
        self.back_group, self.group = Group(order=order), Group(order=order + 1)
        self.items: list = []
        self.text = ""
        self.box = Rect(0, 0, 0, 0)
        self.smallest = SMALLEST_TEXT
        self.shown: tuple = ()

    def show(self, text: str, near: Rect | None, width: float, pixels: float) -> None:
        """``text`` beside ``near`` (``''``: no tooltip), ``pixels`` high, never under :attr:`smallest`."""
        wanted = (text, near, width, pixels)
        if wanted == self.shown:
            return
        self.shown = wanted
        for item in self.items:
            item.delete()
        self.items, self.text = [], text
        if not text or near is None:
            return
        pixels = max(self.smallest, pixels)
        label = SpriteText(text, font_name=FONT, font_size=_points(pixels), color=TEXT, anchor_y="top",
                                  batch=self.batch, group=self.group)
        w, h, pad, gap = label.content_width + pixels, label.content_height + pixels * 0.5, pixels / 2, pixels * 0.4
        x = min(max(0.0, near.x), width - w)
        y = near.y - gap - h if near.y - gap - h >= 0 else near.y + near.h + gap
        label.x, label.y = round(x + pad), round(y + h - pad / 2)
        box = Plate(x, y, w, h, color=(20, 20, 24, 235), batch=self.batch, group=self.back_group)
        self.items, self.box = [box, label], Rect(x, y, w, h)


class StatusBar:
    """The band under the table: a message on the left (a Finish button when offered), the
    game's figures on the right."""

    def __init__(self, batch: Batch, order: int) -> None:
        self.batch = batch
        self.group, self.back_group = Group(order=order + 2), Group(order=order + 1)
        self.background = Plate(0, 0, 1, 1, color=(16, 52, 30), batch=batch, group=Group(order=order))
        self.message = SpriteText("", font_name=FONT, color=TEXT, anchor_y="center", batch=batch,
                                         group=self.group)
        self.figures = SpriteText("", font_name=FONT, color=TEXT, anchor_x="right", anchor_y="center",
                                         batch=batch, group=self.group)
        self.button = SpriteText("", font_name=FONT, color=DARK_TEXT, anchor_x="center", anchor_y="center",
                                        weight="bold", batch=batch, group=self.group)
        self.button_box = Plate(0, 0, 1, 1, color=OPTION_ON, batch=batch, group=self.back_group)
        self.hits: list[tuple[str, Rect]] = []
        self.smallest = SMALLEST_TEXT
        self.shown: tuple = ()
        self._message_shown: tuple = ()

    def update(self, width: float, bar: float, message: str, figures: str, button: str, hover: bool) -> None:
        """``button`` (its text, or ``''`` for none) sits right of the message."""
        wanted = (width, bar, message, figures, button, hover)
        if wanted == self.shown:
            return
        self.shown = wanted
        self.background.width, self.background.height = width, bar
        pixels = max(self.smallest, bar * 0.42)
        pad, y = bar * 0.35, round(bar / 2)
        self.figures.font_size = _points(pixels)
        self.figures.text, self.figures.x, self.figures.y = figures, round(width - pad), y
        self.hits = []
        right = width - pad * 2 - self.figures.content_width
        self.button.visible = self.button_box.visible = bool(button)
        if button:
            self.button.font_size = _points(pixels)
            self.button.text = button
            w = self.button.content_width + pad * 2
            x = right - w
            self.button.x, self.button.y = round(x + w / 2), y
            self.button_box.position, self.button_box.width, self.button_box.height = (x, bar * 0.1), w, bar * 0.8
            self.button_box.color = (250, 214, 100) if hover else OPTION_ON
            self.hits.append(("finish", Rect(x, 0, w, bar)))
            right = x - pad
        # the message shrinks to fit beside the figures, down to the smallest readable size
        if (message, right, pixels, y) == self._message_shown:
            return
        self._message_shown = (message, right, pixels, y)
        size = pixels
        self.message.font_size = _points(size)   # the size first: the text's glyphs are made once
        self.message.text = message
        while self.message.content_width > right - pad and size > self.smallest:
            size = max(self.smallest, size * 0.9)
            self.message.font_size = _points(size)
        self.message.x, self.message.y = round(pad), y

    def set_figures(self, figures: str) -> Rect:
        """Only the figures changed (the clock): answer the area that must be drawn again, just
        the figures' own when they keep their width (the digits all have one width)."""
        label = self.figures
        width, bar, message, _figures, button, hover = self.shown
        old_left, old_width = label.x - label.content_width, label.content_width
        label.text = figures
        if label.content_width != old_width:   # what sits left of them moves too: the whole bar
            self.update(width, bar, message, figures, button, hover)
            return Rect(0, 0, width, bar)
        self.shown = (width, bar, message, figures, button, hover)
        return Rect(old_left - 2, 0, width - old_left + 2, bar)

    def hit(self, x: float, y: float) -> str | None:
        return next((widget_id for widget_id, rect in self.hits if rect.contains(x, y)), None)


class PanelView:
    """An overlay panel drawn over the table; remembers where each widget is."""

    def __init__(self, batch: Batch, order: int) -> None:
        self.batch = batch
        self.dim_group, self.panel_group = Group(order=order), Group(order=order + 1)
        self.back_group, self.group = Group(order=order + 2), Group(order=order + 3)
        self.drawn: list = []
        self.hits: list[tuple[str, Rect]] = []
        self.key_width = self.choice_width = 0.0
        self.smallest = SMALLEST_TEXT
        self.box = Rect(0, 0, 0, 0)
        self.control_h = 0.0
        self.first_line = 0          # a panel taller than the window scrolls: its first line shown
        self.follow_focus = True     # scrolled by keys (the focus stays in view), not by the wheel
        self.more = (False, False)   # lines hidden above, below
        self._shown = ("", "")       # the panel and focus last shown
        self._fitted: dict[tuple, tuple[float, float, bool]] = {}   # text size, spacing, scrolling: as a panel fitted

    def clear(self) -> None:
        for item in self.drawn:
            item.delete()
        self.drawn, self.hits = [], []

    def show(self, panel: "Panel", width: float, height: float, unit: float, hover: str | None = None) -> None:
        """Draw ``panel`` centred; ``unit`` is the text height in window units.  Rows too wide
        wrap; a panel too tall for the window is drawn with smaller text, never under ``smallest``,
        and when even that is too tall it scrolls (the wheel, or the focus moving out of view)."""
        if panel.name != self._shown[0]:
            self.first_line, self.follow_focus = 0, True
        elif panel.focus != self._shown[1]:
            self.follow_focus = True
        self._shown = (panel.name, panel.focus)
        fitted = (panel.name, len(panel.rows), width, height, unit)
        unit, spacing, scrolls = self._fitted.get(fitted, (unit, 0.8, False))   # as it last fitted: no search again
        while True:
            self.clear()
            self.more = (False, False)
            panel_h = self._lay_out(panel, width, height, unit, hover, spacing, room=height * 0.96 if scrolls else None)
            if scrolls or panel_h <= height * 0.96:
                self.first_line = self.first_line if scrolls else 0
                break
            if unit > self.smallest and panel_h * self.smallest / unit > height * 0.96 * 1.2:   # far too tall:
                unit, spacing = self.smallest, 0.35   # go to the smallest text at once: it will scroll
            elif spacing > 0.45:
                spacing -= 0.15
            elif unit * 0.92 >= self.smallest:
                unit *= 0.92
            else:
                self.clear()
                self._lay_out(panel, width, height, unit, hover, spacing, room=height * 0.96)
                scrolls = True
                break
        self._fitted[fitted] = (unit, spacing, scrolls)

    def scroll(self, lines: int) -> None:
        """Move a scrolling panel by ``lines`` (down when positive); the next :meth:`show` draws it."""
        self.first_line = max(0, self.first_line + lines)
        self.follow_focus = False

    def _visible(self, panel: "Panel", lines: list, heights: list[float], pad: float, room: float) -> tuple[list, list]:
        """The lines of a scrolling panel that fit in ``room`` from :attr:`first_line` (moved so that
        the focused widget shows, unless the wheel scrolled); the others are taken out of the batch."""
        count, mark = len(lines), self._mark_height()

        def end(first: int) -> int:
            used, last = pad + 2 * mark, first
            while last < count and used + heights[last] + pad <= room:
                used, last = used + heights[last] + pad, last + 1
            return max(last, first + 1)

        focused = next((i for i, line in enumerate(lines) if any(item[0].id == panel.focus for item in line)), None)
        first = min(self.first_line, count - 1)
        while first > 0 and end(first - 1) >= count:   # no empty room left below the last line
            first -= 1
        if self.follow_focus and focused is not None:
            first = min(first, focused)
            while focused >= end(first):
                first += 1
        last = end(first)
        self.first_line, self.more = first, (first > 0, last < count)
        for line in lines[:first] + lines[last:]:
            for _widget, items, _w, _h in line:
                for item in items:
                    item.delete()
        return lines[first:last], heights[first:last]

    def _lay_out(self, panel: "Panel", width: float, height: float, unit: float, hover: str | None,
                 spacing: float, room: float | None = None) -> float:
        """Lay the panel out with text ``unit`` high and ``spacing`` units between lines, only the
        lines that fit in ``room`` when given; answer its height."""
        self.drawn.append(Plate(0, 0, width, height, color=(0, 0, 0, 110), batch=self.batch,
                                           group=self.dim_group))
        panel_w = min(width * 0.96, unit * panel.width)
        pad = unit * spacing
        self.control_h = unit * (1.6 + 0.75 * spacing)
        inner = panel_w - 2 * pad
        self.key_width = self._key_width(panel, unit, inner)
        self.choice_width = self._choice_width(panel, unit, inner)
        made = [[self._widget(w, panel.focus == w.id, unit, inner) for w in row] for row in panel.rows]
        lines = [line for row in made for line in _wrap(row, inner, pad)]
        heights = [max(h for _, _, _, h in line) for line in lines]
        marks = 0.0
        if room is not None:
            lines, heights = self._visible(panel, lines, heights, pad, room)
            marks = self._mark_height()
        panel_h = sum(heights) + pad * (len(lines) + 1) + 2 * marks
        x0, top = (width - panel_w) / 2, min(height, (height + panel_h) / 2)
        self.box = Rect(x0, top - panel_h, panel_w, panel_h)
        self.drawn.append(Plate(x0, top - panel_h, panel_w, panel_h, color=PANEL, batch=self.batch,
                                           group=self.panel_group))
        y = top - pad - marks
        if marks:
            self._marks(x0 + panel_w / 2, top, top - panel_h, marks, unit)
        for line, line_h in zip(lines, heights):
            line_w = sum(w for _, _, w, _ in line) + pad * (len(line) - 1)
            x = x0 + (panel_w - line_w) / 2
            for widget, items, w, _h in line:
                self._place(widget, items, x, y - line_h, w, line_h, panel.focus == widget.id, hover == widget.id)
                x += w + pad
            y -= line_h + pad
        return panel_h

    def _mark_height(self) -> float:
        """The room a scrolling panel keeps above and below its lines for ▲ and ▼."""
        return max(self.control_h * 0.6, self.smallest * 1.5)

    def _marks(self, x: float, top: float, bottom: float, mark: float, unit: float) -> None:
        """▲ and ▼ where a scrolling panel hides lines above or below."""
        size = _points(max(self.smallest, unit * 0.8))
        for shown, text, y in ((self.more[0], "▲", top - mark / 2), (self.more[1], "▼", bottom + mark / 2)):
            if shown:
                self.drawn.append(pyglet.text.Label(text, font_name=FONT, font_size=size,
                                                    color=DARK_TEXT, anchor_x="center", anchor_y="center",
                                                    x=round(x), y=round(y), batch=self.batch, group=self.group))

    def _key_width(self, panel: "Panel", unit: float, inner: float) -> float:
        """The width of the bold first column of a panel's pairs (at most 40 % of the panel)."""
        keys = [w.text for row in panel.rows for w in row if w.kind == "pair"]
        widest = max((_text_width(k, _points(unit), True) for k in keys), default=0.0)
        return min(widest, inner * 0.4)

    def _choice_width(self, panel: "Panel", unit: float, inner: float) -> float:
        """The width of the options of a list (the widest name; at most 40 % of the panel)."""
        names = [w.text for row in panel.rows for w in row if w.kind == "option" and w.detail]
        widest = max((_text_width(n, _points(unit), False) for n in names), default=0.0)
        return min(widest + unit * 1.6, inner * 0.4)

    def _choice(self, widget, size: float, unit: float, inner: float):
        """An option of a list: its name in a box (wrapped when longer than the box), its description
        beside it; the whole line answers a click."""
        box_w, gap = self.choice_width, unit * 0.6
        name = pyglet.text.Label(widget.text, font_name=FONT, font_size=size, color=DARK_TEXT, multiline=True,
                                 width=round(box_w - unit), align="center", batch=self.batch, group=self.group)
        detail = pyglet.text.Label(widget.detail, font_name=FONT, font_size=size, color=DARK_TEXT, multiline=True,
                                   width=round(inner - box_w - gap), batch=self.batch, group=self.group)
        h = max(self.control_h, name.content_height + unit * 0.6, detail.content_height)
        return widget, [name, detail], inner, h

    def _widget(self, widget, focused: bool, unit: float, inner: float):
        if widget.kind == "option" and widget.detail:
            return self._choice(widget, _points(unit), unit, inner)
        if widget.kind == "table":
            table = TableLabels(widget.cells, unit, inner, self.batch, self.group, self.smallest)
            return widget, [table], table.width, table.height
        size = _points(unit * (1.5 if widget.kind == "title" else 1.0))
        if widget.kind == "pair":
            gap = unit
            key = pyglet.text.Label(widget.text, font_name=FONT, font_size=size, color=DARK_TEXT, weight="bold",
                                    width=round(self.key_width) + 1, multiline=True, batch=self.batch, group=self.group)
            detail = pyglet.text.Label(widget.detail, font_name=FONT, font_size=size, color=DARK_TEXT, multiline=True,
                                       width=round(inner - self.key_width - gap), batch=self.batch, group=self.group)
            return widget, [key, detail], inner, max(key.content_height, detail.content_height)
        text = widget.text + ("▏" if widget.kind == "field" and focused else "")
        color = (190, 20, 30, 255) if widget.id == "error" else DARK_TEXT
        if widget.kind == "text":
            label = pyglet.text.Label(text, font_name=FONT, font_size=size, color=color, width=round(inner),
                                      multiline=True,
                                      align="center", batch=self.batch, group=self.group)
            return widget, [label], inner, label.content_height
        weight = "bold" if widget.kind == "title" else "normal"
        label = pyglet.text.Label(text, font_name=FONT, font_size=size, color=color, weight=weight,
                                  batch=self.batch, group=self.group)
        padding = unit * 1.6 if widget.focusable else 0
        w = inner * 0.8 if widget.kind == "field" else min(inner, label.content_width + padding)
        h = self.control_h if widget.focusable else label.content_height
        return widget, [label], w, h

    def _place(self, widget, items, x: float, y: float, w: float, h: float, focused: bool, hover: bool = False) -> None:
        label = items[0]
        if widget.kind == "table":
            self.drawn += label.place(x, y + h)
            return
        if widget.kind == "pair":
            key, detail = items
            key.x, key.y, key.anchor_y = round(x), round(y + h), "top"
            detail.x, detail.y, detail.anchor_y = round(x + w - detail.width), round(y + h), "top"
            self.drawn += items
            return
        if widget.kind == "option" and widget.detail:
            name, detail = items
            name.x, name.y = round(x + (self.choice_width - name.width) / 2), round(y + h / 2)
            name.anchor_y = "center"
            detail.x, detail.y, detail.anchor_y = round(x + w - detail.width), round(y + h / 2), "center"
            self.drawn.append(detail)
        elif widget.kind == "text":
            label.x, label.y, label.anchor_y = round(x), round(y + h), "top"
        else:
            label.anchor_x, label.anchor_y = ("left", "center") if widget.kind == "field" else ("center", "center")
            label.x, label.y = round(x + h * 0.3 if widget.kind == "field" else x + w / 2), round(y + h / 2)
        if widget.focusable:
            fill = {"option": OPTION_ON if widget.selected else OPTION_OFF, "button": (214, 226, 216),
                    "field": (255, 255, 255)}
            color = fill[widget.kind]
            if hover:
                r, g, b = (min(255, c + 18) if widget.selected else max(0, c - 22) for c in color)
                color = (r, g, b)
            box_w = self.choice_width if widget.kind == "option" and widget.detail else w
            self.drawn.append(Plate(x, y, box_w, h, color=color, batch=self.batch, group=self.back_group))
            if focused or widget.kind == "field":
                edge = FOCUS if focused else (150, 150, 150)
                self.drawn.append(Frame(x - 2, y - 2, w + 4, h + 4, 3 if focused else 1, color=edge,
                                             batch=self.batch, group=self.group))
            self.hits.append((widget.id, Rect(x, y, w, h)))
        self.drawn.append(label)

    def hit(self, x: float, y: float) -> str | None:
        return next((widget_id for widget_id, rect in self.hits if rect.contains(x, y)), None)


def _wrap(row: list, inner: float, pad: float) -> list[list]:
    """A row of made widgets, split into lines no wider than ``inner``."""
    lines: list[list] = [[]]
    used = 0.0
    for item in row:
        w = item[2]
        if lines[-1] and used + pad + w > inner:
            lines.append([])
            used = 0.0
        used += (pad if lines[-1] else 0) + w
        lines[-1].append(item)
    return lines


def _text_width(text: str, size: float, bold: bool) -> float:
    return pyglet.text.Label(text, font_name=FONT, font_size=size, weight="bold" if bold else "normal").content_width
