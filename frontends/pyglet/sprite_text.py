"""One line of text drawn with the sprites' GL program: the toolbar's and the status bar's words.

A ``pyglet.text.Label`` draws with a program of its own, which Mesa's software renderer takes
~5 ms to build at its first draw, and lays out through a document and a layout (~0.3 ms a
label).  The bars' words need neither: a line, one font, no wrapping.  ``SpriteText`` takes the
glyphs pyglet shapes and places their quads exactly where a Label puts them (same rounding,
same anchors), in one vertex list per glyph texture, drawn by the program the cards use.  The
panels, which wrap and style their text, keep pyglet's labels.
"""

from typing import Any

import pyglet
from pyglet.gl import GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_TRIANGLES
from pyglet.graphics import Batch, Group
from pyglet.sprite import SpriteGroup, get_default_shader

Color = tuple[int, int, int, int]


class SpriteText:
    """Like a one-line ``pyglet.text.Label`` of ``font_name``: ``x``, ``y``, ``text``, ``font_size``
    (points at 96 dpi), ``color``, ``visible``, ``content_width`` and ``content_height`` work the same."""

    def __init__(self, text: str = "", font_name: str = "", font_size: float = 12, weight: str = "normal",
                 color: Color = (255, 255, 255, 255), x: float = 0, y: float = 0, anchor_x: str = "left",
                 anchor_y: str = "baseline", *, batch: Batch, group: Group | None = None) -> None:
        self.font_name, self.weight, self.anchor_x, self.anchor_y = font_name, weight, anchor_x, anchor_y
        self._text, self._size, self._color = text, font_size, color
        self._x, self._y, self._visible = x, y, True
        self._batch, self._group = batch, group
        self._lists: list[Any] = []
        self.content_width = self.content_height = 0
        self._lay_out()

    def _lay_out(self) -> None:
        """Make the glyphs' quads afresh (a Label's single-line flow: rounded advances, the
        anchors of ``TextLayout``)."""
        for vertex_list in self._lists:
            vertex_list.delete()
        self._lists = []
        font = pyglet.font.load(self.font_name, self._size, weight=self.weight, dpi=96)
        glyphs, offsets = font.get_glyphs(self._text) if self._text else ([], [])
        quads: dict[Any, tuple[list[float], list[float]]] = {}
        pen = 0
        for glyph, offset in zip(glyphs, offsets):
            v0, v1, v2, v3 = glyph.vertices
            gx, gy = pen + round(offset.x_offset), round(offset.y_offset)
            vertices, tex_coords = quads.setdefault(glyph.owner, ([], []))
            vertices += (v0 + gx, v1 + gy, 0, v2 + gx, v1 + gy, 0, v2 + gx, v3 + gy, 0, v0 + gx, v3 + gy, 0)
            tex_coords += glyph.tex_coords
            pen += round(glyph.advance + offset.x_advance)
        self.content_width = pen if glyphs else 0
        self.content_height = font.ascent - font.descent if glyphs else 0
        left = {"left": 0, "center": -(pen // 2), "right": -pen}[self.anchor_x]
        top = {"top": 0, "baseline": font.ascent, "center": font.ascent // 2 - font.descent // 4}[self.anchor_y]
        dx, dy = left, top - font.ascent   # the line's baseline sits an ascent under its top
        if not self._visible:
            return
        program = get_default_shader()
        for owner, (vertices, tex_coords) in quads.items():
            count = len(vertices) // 12
            placed = [v + (dx if i % 3 == 0 else dy if i % 3 == 1 else 0) for i, v in enumerate(vertices)]
            indices = [corner + 4 * n for n in range(count) for corner in (0, 1, 2, 0, 2, 3)]
            group = SpriteGroup(owner, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, program, self._group)
            self._lists.append(program.vertex_list_indexed(
                count * 4, GL_TRIANGLES, indices, self._batch, group,
                position=("f", placed), colors=("Bn", self._color * (count * 4)),
                translate=("f", (self._x, self._y, 0) * (count * 4)), scale=("f", (1.0, 1.0) * (count * 4)),
                rotation=("f", (0.0,) * (count * 4)), tex_coords=("f", tex_coords)))

    def _move(self) -> None:
        for vertex_list in self._lists:
            vertex_list.translate[:] = (self._x, self._y, 0) * (len(vertex_list.translate) // 3)

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self._lay_out()

    @property
    def font_size(self) -> float:
        return self._size

    @font_size.setter
    def font_size(self, size: float) -> None:
        if size != self._size:
            self._size = size
            self._lay_out()

    @property
    def color(self) -> Color:
        return self._color

    @color.setter
    def color(self, color: Color) -> None:
        if color != self._color:
            self._color = color
            for vertex_list in self._lists:
                vertex_list.colors[:] = color * (len(vertex_list.colors) // 4)

    @property
    def x(self) -> float:
        return self._x

    @x.setter
    def x(self, x: float) -> None:
        self._x = x
        self._move()

    @property
    def y(self) -> float:
        return self._y

    @y.setter
    def y(self, y: float) -> None:
        self._y = y
        self._move()

    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        if visible != self._visible:
            self._visible = visible
            self._lay_out()

    def delete(self) -> None:
        for vertex_list in self._lists:
            vertex_list.delete()
        self._lists = []
