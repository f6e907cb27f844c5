"""The toolbar and the overlay panels: labels, buttons and their hit areas."""

import pyglet
from pyglet import shapes
from pyglet.graphics import Batch, Group

from .layout import Rect
from .panels import Panel
from .table_ui import TableLabels

FONT = "DejaVu Sans"
TEXT = (245, 245, 240, 255)
DARK_TEXT = (30, 30, 36, 255)
BUTTON = (40, 74, 52)
OPTION_ON = (236, 196, 72)
OPTION_OFF = (226, 230, 226)
PANEL = (250, 250, 246)
FOCUS = (40, 120, 230)


# Glyphs are sampled nearest-neighbour: a label at a fractional pixel drops thin strokes (the
# bar of a small Greek tau), so every label is placed on whole pixels.


def _points(pixels: float) -> float:
    return pixels * 72 / 96


class Toolbar:
    """Buttons on the left; score, moves, the game code and a copy button on the right."""

    def __init__(self, batch: Batch, order: int) -> None:
        self.batch = batch
        self.back_group, self.group = Group(order=order + 1), Group(order=order + 2)
        self.background = shapes.Rectangle(0, 0, 1, 1, color=(16, 52, 30), batch=batch, group=Group(order=order))
        self.items: list[tuple[str, pyglet.text.Label, shapes.Rectangle | None]] = []
        self.hits: list[tuple[str, Rect]] = []
        self.shown: tuple = ()

    def update(self, width: float, height: float, bar: float, buttons: list[tuple[str, str]], info: str,
               shrink: float = 1.0) -> None:
        """Lay out ``buttons`` (id, text) from the left and ``info`` then a copy button on the right;
        smaller text when they would overlap (long words, a narrow window).  Nothing is done when
        nothing changed (a cursor step)."""
        wanted = (width, height, bar, buttons, info, shrink)
        if wanted == self.shown:
            return
        self._lay_out(width, height, bar, buttons, info, shrink)
        info_label = self.items[-1][1]
        left_end = max((r.x + r.w for i, r in self.hits[:-1]), default=0)
        overlap = left_end - (info_label.x - info_label.content_width)
        if overlap > 0 and shrink > 0.5:
            self.update(width, height, bar, buttons, info, shrink * max(0.5, 1 - overlap / width - 0.04))
        self.shown = wanted

    def _lay_out(self, width: float, height: float, bar: float, buttons: list[tuple[str, str]], info: str,
                 shrink: float) -> None:
        for _, label, box in self.items:
            label.delete()
            if box:
                box.delete()
        self.items, self.hits = [], []
        y = height - bar
        self.background.position, self.background.width, self.background.height = (0, y), width, bar
        size, pad = _points(bar * 0.36 * shrink), bar * 0.3 * shrink
        x = pad / 2
        right_items = buttons[-1:]
        for widget_id, text in buttons[:-1]:
            x = self._button(widget_id, text, x, y, bar, size, pad) + pad / 3
        right = width - pad / 2
        for widget_id, text in right_items:
            right = self._button(widget_id, text, right, y, bar, size, pad, from_right=True)
        label = pyglet.text.Label(info, font_name=FONT, font_size=size, color=TEXT, anchor_x="right", anchor_y="center",
                                  x=round(right - pad / 2), y=round(y + bar / 2), batch=self.batch, group=self.group)
        self.items.append(("info", label, None))

    def _button(self, widget_id: str, text: str, x: float, y: float, bar: float, size: float, pad: float,
                from_right: bool = False) -> float:
        """A button starting at ``x`` (ending there when ``from_right``); answers its other edge."""
        label = pyglet.text.Label(text, font_name=FONT, font_size=size, color=TEXT, anchor_y="center",
                                  y=round(y + bar / 2), batch=self.batch, group=self.group)
        w = label.content_width + pad
        x = x - w if from_right else x
        label.x = round(x + pad / 2)
        box = shapes.Rectangle(x, y + bar * 0.12, w, bar * 0.76, color=BUTTON, batch=self.batch, group=self.back_group)
        self.items.append((widget_id, label, box))
        self.hits.append((widget_id, Rect(x, y, w, bar)))
        return x if from_right else x + w

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

    def clear(self) -> None:
        for item in self.drawn:
            item.delete()
        self.drawn, self.hits = [], []

    def show(self, panel: Panel, width: float, height: float, unit: float) -> None:
        """Draw ``panel`` centred; ``unit`` is the text height in window units."""
        self.clear()
        self.drawn.append(shapes.Rectangle(0, 0, width, height, color=(0, 0, 0, 110),
                                           batch=self.batch, group=self.dim_group))
        panel_w = min(width * 0.94, unit * panel.width)
        pad = unit * 0.8
        inner = panel_w - 2 * pad
        made = [[self._widget(w, panel.focus == w.id, unit, inner) for w in row] for row in panel.rows]
        heights = [max(h for _, _, _, h in row) for row in made]
        panel_h = sum(heights) + pad * (len(made) + 1)
        x0, top = (width - panel_w) / 2, (height + panel_h) / 2
        self.drawn.append(shapes.Rectangle(x0, top - panel_h, panel_w, panel_h, color=PANEL,
                                           batch=self.batch, group=self.panel_group))
        y = top - pad
        for row, row_h in zip(made, heights):
            row_w = sum(w for _, _, w, _ in row) + pad * (len(row) - 1)
            x = x0 + (panel_w - row_w) / 2
            for widget, items, w, _h in row:
                self._place(widget, items, x, y - row_h, w, row_h, panel.focus == widget.id)
                x += w + pad
            y -= row_h + pad

    def _widget(self, widget, focused: bool, unit: float, inner: float):
        if widget.kind == "table":
            table = TableLabels(widget.cells, unit, inner, self.batch, self.group)
            return widget, [table], table.width, table.height
        size = _points(unit * (1.5 if widget.kind == "title" else 1.0))
        text = widget.text + ("▏" if widget.kind == "field" and focused else "")
        color = (190, 20, 30, 255) if widget.id == "error" else DARK_TEXT
        if widget.kind == "text":
            label = pyglet.text.Label(text, font_name=FONT, font_size=size, color=color, width=round(inner),
                                      multiline=True, align="center", batch=self.batch, group=self.group)
            return widget, [label], inner, label.content_height
        weight = "bold" if widget.kind == "title" else "normal"
        label = pyglet.text.Label(text, font_name=FONT, font_size=size, color=color, weight=weight,
                                  batch=self.batch, group=self.group)
        w = inner * 0.8 if widget.kind == "field" else label.content_width + (unit * 1.6 if widget.focusable else 0)
        h = unit * 2.2 if widget.focusable else label.content_height
        return widget, [label], w, h

    def _place(self, widget, items, x: float, y: float, w: float, h: float, focused: bool) -> None:
        label = items[0]
        if widget.kind == "table":
            self.drawn += label.place(x, y + h)
            return
        if widget.kind == "text":
            label.x, label.y, label.anchor_y = round(x), round(y + h), "top"
        else:
            label.anchor_x, label.anchor_y = ("left", "center") if widget.kind == "field" else ("center", "center")
            label.x, label.y = round(x + h * 0.3 if widget.kind == "field" else x + w / 2), round(y + h / 2)
        if widget.focusable:
            fill = {"option": OPTION_ON if widget.selected else OPTION_OFF,
                    "button": (214, 226, 216), "field": (255, 255, 255)}
            self.drawn.append(shapes.Rectangle(x, y, w, h, color=fill[widget.kind],
                                               batch=self.batch, group=self.back_group))
            if focused or widget.kind == "field":
                edge = FOCUS if focused else (150, 150, 150)
                self.drawn.append(shapes.Box(x - 2, y - 2, w + 4, h + 4, 3 if focused else 1, color=edge,
                                             batch=self.batch, group=self.group))
            self.hits.append((widget.id, Rect(x, y, w, h)))
        self.drawn.append(label)

    def hit(self, x: float, y: float) -> str | None:
        return next((widget_id for widget_id, rect in self.hits if rect.contains(x, y)), None)
