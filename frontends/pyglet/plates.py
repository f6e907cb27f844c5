"""Filled rectangles and outlines, drawn as sprites of one white pixel.

The cards are sprites already.  Drawing the bars, boxes and frames the same way leaves the
first frame one GL program fewer to build (Mesa's software renderer takes ~4 ms for each
program at its first draw).  ``Plate`` and ``Frame`` stand in for ``pyglet.shapes.Rectangle``
and ``pyglet.shapes.Box`` with the parts of them the game uses.
"""

import pyglet
from pyglet.graphics import Batch, Group

Color = tuple[int, int, int] | tuple[int, int, int, int]
_pixels: dict[int, pyglet.image.Texture] = {}   # one white pixel per GL object space


def _white_pixel() -> pyglet.image.Texture:
    context = pyglet.gl.current_context
    assert context is not None, "a window must exist first"
    space = id(context.object_space)
    if space not in _pixels:
        _pixels[space] = pyglet.image.ImageData(1, 1, "RGBA", b"\xff\xff\xff\xff").get_texture()
    return _pixels[space]


class Plate:
    """A rectangle filled with ``color`` (RGB, or RGBA for a see-through one)."""

    def __init__(self, x: float, y: float, width: float, height: float, color: Color,
                 batch: Batch | None = None, group: Group | None = None) -> None:
        self._sprite = pyglet.sprite.Sprite(_white_pixel(), x, y, batch=batch, group=group, subpixel=True)
        self._sprite.update(scale_x=width, scale_y=height)
        self._sprite.color = color

    @property
    def position(self) -> tuple[float, float]:
        return self._sprite.x, self._sprite.y

    @position.setter
    def position(self, xy: tuple[float, float]) -> None:
        self._sprite.position = (xy[0], xy[1], 0)

    @property
    def width(self) -> float:
        return self._sprite.scale_x

    @width.setter
    def width(self, width: float) -> None:
        self._sprite.scale_x = width

    @property
    def height(self) -> float:
        return self._sprite.scale_y

    @height.setter
    def height(self, height: float) -> None:
        self._sprite.scale_y = height

    @property
    def color(self) -> tuple[int, int, int, int]:
        return self._sprite.color

    @color.setter
    def color(self, color: Color) -> None:
        self._sprite.color = color

    @property
    def visible(self) -> bool:
        return self._sprite.visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        self._sprite.visible = visible

    def delete(self) -> None:
        self._sprite.delete()


class Frame:
    """The outline of a rectangle, ``thickness`` wide inside its edge."""

    def __init__(self, x: float, y: float, width: float, height: float, thickness: float, color: Color,
                 batch: Batch | None = None, group: Group | None = None) -> None:
        self._sides = [Plate(0, 0, 0, 0, color, batch, group) for _ in range(4)]
        self._rect, self._thickness, self._visible = (x, y, width, height), thickness, True
        self._place()

    def _place(self) -> None:
        x, y, w, h = self._rect
        t = min(self._thickness, w / 2, h / 2)
        bottom, top, left, right = self._sides
        for plate, px, py, pw, ph in ((bottom, x, y, w, t), (top, x, y + h - t, w, t),
                                      (left, x, y + t, t, h - 2 * t), (right, x + w - t, y + t, t, h - 2 * t)):
            plate.position, plate.width, plate.height = (px, py), pw, ph

    @property
    def x(self) -> float:
        return self._rect[0]

    @property
    def y(self) -> float:
        return self._rect[1]

    @property
    def position(self) -> tuple[float, float]:
        return self._rect[0], self._rect[1]

    @position.setter
    def position(self, xy: tuple[float, float]) -> None:
        self._rect = (xy[0], xy[1], *self._rect[2:])
        self._place()

    @property
    def width(self) -> float:
        return self._rect[2]

    @width.setter
    def width(self, width: float) -> None:
        x, y, _w, h = self._rect
        self._rect = (x, y, width, h)
        self._place()

    @property
    def height(self) -> float:
        return self._rect[3]

    @height.setter
    def height(self, height: float) -> None:
        x, y, w, _h = self._rect
        self._rect = (x, y, w, height)
        self._place()

    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, visible: bool) -> None:
        self._visible = visible
        for plate in self._sides:
            plate.visible = visible

    def delete(self) -> None:
        for plate in self._sides:
            plate.delete()
