"""A table of texts in a panel (the statistics): headers that wrap, numbers aligned right."""

from typing import Literal

import pyglet
from pyglet.graphics import Batch, Group

from .plates import Plate

FONT = "DejaVu Sans"
TEXT = (30, 30, 36, 255)
RULE = (170, 170, 160)
SMALLEST = 0.55             # of the text height, before the table gives up shrinking (never under ``smallest`` pixels)


class TableLabels:
    """Labels for ``cells`` (rows of texts, the first the headers, the last a total), sized to fit
    ``inner`` window units; :attr:`width` and :attr:`height` say how much room it takes."""

    def __init__(self, cells: tuple[tuple[str, ...], ...], unit: float, inner: float,
                 batch: Batch, group: Group, smallest: float = 0.0) -> None:
        self.batch, self.group = batch, group
        self.drawn: list = []
        scale, least = 0.9, min(0.9, max(SMALLEST, smallest / unit))
        while True:
            widths, gap = self._measure(cells, unit * scale)
            width = sum(widths) + gap * (len(widths) - 1)
            if width <= inner or scale <= least:
                break
            scale = max(least, scale * inner / width - 0.01)
        if width > inner:   # still too wide at the smallest text: the first column's names wrap
            size = unit * scale * 72 / 96
            longest = max(_width(w, size, True) for row in cells for w in (row[0].split() or [""]))
            widths[0] = max(longest, widths[0] - (width - inner))
            width = sum(widths) + gap * (len(widths) - 1)
        self.size, self.widths, self.gap, self.width = unit * scale * 72 / 96, widths, gap, width
        self.cells = cells
        self.height = 0.0
        self._labels: list[tuple[pyglet.text.Label, float, float]] = []
        self._make()

    def _measure(self, cells, text: float) -> tuple[list[float], float]:
        """Each column's width: its widest cell, and the longest word of its header."""
        size = text * 72 / 96
        widths = []
        for column in zip(*cells):
            words = list(column[0].split()) or [""]
            longest = max(_width(w, size, True) for w in words)
            widths.append(max([longest] + [_width(c, size, i == len(column) - 1) for i, c in enumerate(column[1:], 1)]))
        return widths, text * 0.9

    def _make(self) -> None:
        line = self.size * 96 / 72 * 1.5
        header_h = 0.0
        x = 0.0
        for column, width in zip(zip(*self.cells), self.widths):
            align: Literal["left", "right"] = "left" if x == 0 else "right"
            header = pyglet.text.Label(column[0], font_name=FONT, font_size=self.size, weight="bold", color=TEXT,
                                       width=round(width) + 1, multiline=True, align=align, anchor_y="top",
                                       batch=self.batch, group=self.group)
            header_h = max(header_h, header.content_height)
            self._labels.append((header, x, 0.0))
            for row, text in enumerate(column[1:], 1):
                label = pyglet.text.Label(text, font_name=FONT, font_size=self.size, color=TEXT,
                                          weight="bold" if row == len(column) - 1 else "normal",
                                          width=round(width) + 1 if x == 0 else None, multiline=x == 0,  # names wrap
                                          anchor_x=align, anchor_y="top", batch=self.batch, group=self.group)
                self._labels.append((label, x if align == "left" else x + width, row))
            x += width + self.gap
        headers = self._labels[::len(self.cells)]
        self._labels = [(lb, dx, header_h - lb.content_height if lb in headers else row)
                        for lb, dx, row in self._labels]   # headers end on one line
        self.header_h, self.line = header_h + line * 0.3, line
        names = [lb for lb, _x, _r in self._labels[1:len(self.cells)]]
        one_line = min((lb.content_height for lb in names), default=0)
        self.row_h = [line + lb.content_height - one_line for lb in names]   # a wrapped name makes its row taller
        self.height = self.row_top(len(self.cells) - 1) + self.row_h[-1] if names else self.header_h

    def row_top(self, row: int | float) -> float:
        """How far below the table's top a row starts (the total a little lower); a header's
        float is its own drop, so that every header ends on the same line."""
        if isinstance(row, float):
            return row
        return self.header_h + sum(self.row_h[:row - 1]) + (self.line * 0.3 if row == len(self.cells) - 1 else 0)

    def delete(self) -> None:
        """Take the table's labels out of the batch (a table scrolled out of a panel)."""
        for label, _x, _r in self._labels:
            label.delete()

    def place(self, x: float, top: float) -> list:
        """Put the table's top-left corner at (``x``, ``top``); answer what was drawn."""
        for label, dx, row in self._labels:
            label.x, label.y = round(x + dx), round(top - self.row_top(row))
        rule_y = (top - self.header_h + self.line * 0.15, top - self.row_top(len(self.cells) - 1) + self.line * 0.15)
        rules = [Plate(x, round(y), self.width, 1, color=RULE, batch=self.batch, group=self.group)
                 for y in rule_y]
        return [label for label, _x, _r in self._labels] + rules


def _width(text: str, size: float, bold: bool) -> float:
    """The width of ``text`` on one line (a label that is never drawn)."""
    return pyglet.text.Label(text, font_name=FONT, font_size=size, weight="bold" if bold else "normal").content_width
