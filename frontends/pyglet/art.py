"""Card faces, the card back and the empty-pile marks, drawn by the program once into one texture.

The atlas is rendered off screen at twice the card's pixel size; sprites drawn at half
scale with linear filtering smooth the edges.  It is rebuilt only when the card size changes,
and kept in the cache folder (``player_data.cache_folder``, keyed by its size and this file's
text) so that the next start only loads it.
"""

import math
import mmap
import os
import zlib
from pathlib import Path

import pyglet
from pyglet import gl, shapes
from pyglet.image import Texture
from pyglet.image.buffer import Framebuffer
from pyglet.math import Mat4

from solitaire_klondike.core.cards import IS_RED, RANK, SUIT
from solitaire_klondike.player_data import cache_folder

SUPERSAMPLE = 2                 # atlas pixels per screen pixel (glyphs are rasterized at 1×)
SAVE_DELAY = 0.3                # seconds after a fresh render before it is written to the cache
CACHE_FILES = 3                 # atlases kept (one per recent card size); raw RGBA loads fastest
SUIT_GLYPHS = "♠♥♦♣"
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FONT = "DejaVu Sans"
RED, BLACK = (196, 26, 38, 255), (22, 22, 28, 255)
FOUR_COLOURS = ((22, 22, 28, 255), (196, 26, 38, 255), (18, 84, 200, 255), (20, 122, 44, 255))   # ♠ ♥ ♦ ♣
BACK = 52                       # atlas cells after the 52 faces
EMPTY, RECYCLE, EXHAUSTED = 53, 54, 55
FOUNDATION_MARK = 56            # 56–59: the empty foundation of each suit
CELLS = 60
_COLUMNS = 13
# Pips stay between the corner indices (the top and bottom 22 % of the card), never touching them.
_L, _C, _R = 0.28, 0.5, 0.72
_TOP, _BOTTOM = 0.69, 0.31
_SIDES = [(_L, y) for y in (_TOP, _BOTTOM)] + [(_R, y) for y in (_TOP, _BOTTOM)]
_FOUR_ROWS = [(x, y) for x in (_L, _R) for y in (0.5633, 0.4367)]
PIPS = {
    2: [(_C, _TOP), (_C, _BOTTOM)],
    3: [(_C, _TOP), (_C, 0.5), (_C, _BOTTOM)],
    4: _SIDES,
    5: [*_SIDES, (_C, 0.5)],
    6: [*_SIDES, (_L, 0.5), (_R, 0.5)],
    7: [*_SIDES, (_L, 0.5), (_R, 0.5), (_C, 0.595)],
    8: [*_SIDES, (_L, 0.5), (_R, 0.5), (_C, 0.595), (_C, 0.405)],
    9: _SIDES + _FOUR_ROWS + [(_C, 0.5)],
    10: _SIDES + _FOUR_ROWS + [(_C, 0.627), (_C, 0.373)],
}
CORNER_RADIUS = 0.075   # of the card's width
INDEX = 0.16        # the corner rank's height / card height: rank and suit side by side fit the
CORNER = 0.035      # strip a fanned column leaves visible (layout.SHOWN_STEP)


class CardArt:
    """Texture regions for every card face, the back and the pile marks, at one card size."""

    def __init__(self, window: pyglet.window.Window, card_w: float, card_h: float, pixel_ratio: float,
                 four_colours: bool = False) -> None:
        self.card_w, self.card_h = card_w, card_h
        self.scale = 1 / (SUPERSAMPLE * pixel_ratio)
        self.corner = card_w * CORNER_RADIUS   # the rounded corners' radius, in window units
        self._strips: dict[tuple, pyglet.image.TextureRegion] = {}
        w = max(8, round(card_w * pixel_ratio * SUPERSAMPLE))
        h = max(8, round(card_h * pixel_ratio * SUPERSAMPLE))
        pad = 2 * SUPERSAMPLE
        rows = -(-CELLS // _COLUMNS)
        # no zeroed upload: the atlas is either loaded whole or cleared and drawn
        texture = Texture.create((w + pad) * _COLUMNS, (h + pad) * rows, blank_data=False)
        cached = _cache_file(texture.width, texture.height, four_colours)
        if not _load(texture, cached):
            _render(window, texture, w, h, pad, four_colours)
            pyglet.clock.schedule_once(lambda dt: _save(texture, cached), SAVE_DELAY)
        self.texture = texture
        self.regions = [
            texture.get_region((i % _COLUMNS) * (w + pad), (i // _COLUMNS) * (h + pad), w, h) for i in range(CELLS)
        ]

    def top_strip(self, region, shown: float):
        """The top of a card's cell, ``shown`` window units high, and that height as drawn (whole
        atlas pixels): what a card covered by the next one of its pile needs drawn."""
        pixels = min(region.height, math.ceil(shown / self.scale))
        key = (region.x, region.y, pixels)
        if key not in self._strips:
            self._strips[key] = region.get_region(0, region.height - pixels, region.width, pixels)
        return self._strips[key], pixels * self.scale

    def matches(self, card_w: float, card_h: float) -> bool:
        return abs(card_w - self.card_w) < 0.5 and abs(card_h - self.card_h) < 0.5


def _render(window: pyglet.window.Window, texture: Texture, w: int, h: int, pad: int, four_colours: bool) -> None:
    """Draw every cell into ``texture`` through a framebuffer, then restore the window's view."""
    batch = pyglet.graphics.Batch()
    keep: list = []
    for i in range(CELLS):
        x, y = (i % _COLUMNS) * (w + pad), (i // _COLUMNS) * (h + pad)
        if i < 52:
            _face(batch, keep, i, x, y, w, h, FOUR_COLOURS[SUIT[i]] if four_colours else RED if IS_RED[i] else BLACK)
        elif i == BACK:
            _back(batch, keep, x, y, w, h)
        else:
            _mark(batch, keep, i, x, y, w, h)
    framebuffer = Framebuffer()
    framebuffer.attach_texture(texture)
    projection = window.projection
    framebuffer.bind()
    gl.glViewport(0, 0, texture.width, texture.height)
    gl.glClearColor(0, 0, 0, 0)
    gl.glClear(gl.GL_COLOR_BUFFER_BIT)
    window.projection = Mat4.orthogonal_projection(0, texture.width, 0, texture.height, -255, 255)
    batch.draw()
    # blended glyph edges leave a card partly transparent there: every card is made opaque inside
    # its outline (the alpha channel alone is drawn), so that nothing under a card shows through
    outlines = pyglet.graphics.Batch()
    for i in range(BACK + 1):
        x, y = (i % _COLUMNS) * (w + pad), (i // _COLUMNS) * (h + pad)
        keep.append(shapes.RoundedRectangle(x, y, w, h, w * CORNER_RADIUS, batch=outlines))
    gl.glColorMask(False, False, False, True)
    outlines.draw()
    gl.glColorMask(True, True, True, True)
    framebuffer.unbind()
    framebuffer.delete()
    window.projection = projection
    gl.glViewport(0, 0, *window.get_framebuffer_size())


def _cache_file(width: int, height: int, four_colours: bool) -> Path:
    """Where an atlas of this size and colours, drawn by this version of this file, is kept."""
    version = zlib.crc32(Path(__file__).read_bytes())
    colours = "-4" if four_colours else ""
    return cache_folder() / f"cards-{width}x{height}{colours}-{version:08x}.rgba"


def _load(texture: Texture, path: Path) -> bool:
    """Fill ``texture`` (bound) from the cache; false when there is no usable copy.  The file is
    mapped, not read: GL copies straight from the page cache."""
    try:
        with open(path, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_COPY) as data:
            if len(data) != texture.width * texture.height * 4:
                return False
            pixels = (gl.GLubyte * len(data)).from_buffer(data)
            gl.glTexSubImage2D(texture.target, 0, 0, 0, texture.width, texture.height, gl.GL_RGBA,
                               gl.GL_UNSIGNED_BYTE, pixels)
            del pixels   # the map closes only once nothing points into it
    except (OSError, ValueError):
        return False
    return True


def _save(texture: Texture, path: Path) -> None:
    """Keep a rendered atlas and the newest few others; a cache that cannot be written is
    only slower next time."""
    data = texture.get_image_data().get_data("RGBA", texture.width * 4)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(data)
        temporary.replace(path)
        kept = sorted(path.parent.glob("cards-*.rgba"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[CACHE_FILES:]:
            old.unlink()
    except OSError:
        pass


_fonts: dict[tuple[float, bool], pyglet.font.base.Font] = {}


def _label(batch, keep, text, x, y, size, color, anchor_x="center", anchor_y="center", rotation=0.0,
           bold=False) -> float:
    """Draw ``text`` as glyph sprites (far cheaper than a Label each); ``rotation`` is 0 or 180
    degrees about the anchor point, anchors as for a Label ("top" is the font's ascent).
    Answers where the text ends (its ink's far edge, in the direction it is written)."""
    key = (round(size / SUPERSAMPLE, 1), bold)
    if key not in _fonts:
        _fonts[key] = pyglet.font.load(FONT, key[0] * 72 / 96, weight="bold" if bold else "normal", dpi=96)
    font = _fonts[key]
    glyphs, _offsets = font.get_glyphs(text)
    pen, boxes, k = 0.0, [], SUPERSAMPLE
    for glyph in glyphs:
        x0, y0, x1, y1 = glyph.vertices
        boxes.append((glyph, pen + x0 * k, y0 * k, pen + x1 * k, y1 * k))
        pen += glyph.advance * k
    if anchor_x == "center":
        left = min(b[1] for b in boxes)
        dx = -(left + max(b[3] for b in boxes)) / 2
    else:
        dx = 0.0
    dy: float = -font.ascent * k if anchor_y == "top" else -(min(b[2] for b in boxes) + max(b[4] for b in boxes)) / 2
    for glyph, gx, gy, _x1, _y1 in boxes:
        sprite = pyglet.sprite.Sprite(glyph, batch=batch)
        sprite.scale = k
        sprite.color = color[:3]
        sprite.opacity = color[3]
        if rotation:
            sprite.rotation = 180
            sprite.position = (x - gx - dx, y - gy - dy, 0)
        else:
            sprite.position = (x + gx + dx, y + gy + dy, 0)
        keep.append(sprite)
    end = max(b[3] for b in boxes) + dx
    return x - end if rotation else x + end


def _blank(batch, keep, x, y, w, h, edge, fill) -> None:
    radius = w * CORNER_RADIUS
    line = max(2, w // 60)
    keep.append(shapes.RoundedRectangle(x, y, w, h, radius, color=edge, batch=batch))
    keep.append(shapes.RoundedRectangle(x + line, y + line, w - 2 * line, h - 2 * line, radius - line,
                                        color=fill, batch=batch))


def _face(batch, keep, card: int, x: int, y: int, w: int, h: int, color: tuple) -> None:
    rank, glyph = RANK[card], SUIT_GLYPHS[SUIT[card]]
    _blank(batch, keep, x, y, w, h, (150, 150, 150, 255), (252, 252, 248, 255))
    size, corner = h * INDEX, h * CORNER
    text = RANK_TEXT[rank - 1]
    rank_size = size * (0.86 if rank == 10 else 1)
    for cx, cy, turn in ((x + corner, y + h - corner, 0.0), (x + w - corner, y + corner, 180.0)):
        # the rank, then its suit beside it on the same line: both in the strip a fanned card shows
        right = _label(batch, keep, text, cx, cy, rank_size, color, "left", "top", turn, bold=True)
        _label(batch, keep, glyph, right + size * 0.08 * (-1 if turn else 1), cy - size * 0.04 * (-1 if turn else 1),
               size * 0.92, color, "left", "top", turn)
    if rank == 1:
        _label(batch, keep, glyph, x + w / 2, y + h / 2, h * 0.36, color)
    elif rank <= 10:
        pip = h * (0.13 if rank <= 8 else 0.115)
        for px, py in PIPS[rank]:
            _label(batch, keep, glyph, x + w * px, y + h * py, pip, color, rotation=180.0 if py < 0.5 else 0.0)
    else:
        _court(batch, keep, rank, glyph, text, x, y, w, h, color)


def _court(batch, keep, rank: int, glyph: str, text: str, x: int, y: int, w: int, h: int, color: tuple) -> None:
    """A framed picture between the indices: a crown (king), a tiara (queen) or a cap (jack)
    over a large letter, the suit beneath."""
    left, bottom, width, height = x + w * 0.2, y + h * 0.23, w * 0.6, h * 0.54
    tint = tuple(round(255 - (255 - c) * 0.16) for c in color[:3])
    keep.append(shapes.Rectangle(left, bottom, width, height, color=color[:3], batch=batch))
    line = max(2, w // 45)
    keep.append(shapes.Rectangle(left + line, bottom + line, width - 2 * line, height - 2 * line, color=tint,
                                 batch=batch))
    cx, top = left + width / 2, bottom + height - line * 2
    band_w, band_h, gold = width * 0.56, height * 0.07, (214, 168, 40)
    band_y = top - height * 0.26
    keep.append(shapes.Rectangle(cx - band_w / 2, band_y, band_w, band_h, color=gold, batch=batch))
    if rank == 13:      # three points
        for i in (-1, 0, 1):
            px = cx + i * band_w * 0.36
            keep.append(shapes.Triangle(px - band_w * 0.16, band_y + band_h, px + band_w * 0.16, band_y + band_h,
                                        px, top - (0 if i == 0 else height * 0.05), color=gold, batch=batch))
    elif rank == 12:    # pearls on an arch
        for i in (-2, -1, 0, 1, 2):
            keep.append(shapes.Circle(cx + i * band_w * 0.2, band_y + band_h + height * (0.09 - 0.025 * abs(i)),
                                      band_w * 0.085, color=gold, batch=batch))
    else:               # a cap with a feather
        keep.append(shapes.Triangle(cx - band_w / 2, band_y + band_h, cx + band_w / 2, band_y + band_h,
                                    cx - band_w * 0.1,
                                    top - height * 0.04, color=color[:3], batch=batch))
        keep.append(shapes.Circle(cx + band_w * 0.32, top - height * 0.08, band_w * 0.12, color=gold, batch=batch))
    _label(batch, keep, text, cx, bottom + height * 0.45, height * 0.3, color, bold=True)
    _label(batch, keep, glyph, cx, bottom + height * 0.16, height * 0.2, color)


def _back(batch, keep, x: int, y: int, w: int, h: int) -> None:
    _blank(batch, keep, x, y, w, h, (245, 245, 245, 255), (28, 64, 140, 255))
    border = w * 0.09
    inner_w, inner_h = w - 2 * border, h - 2 * border
    keep.append(shapes.Rectangle(x + border, y + border, inner_w, inner_h, color=(38, 84, 170), batch=batch))
    step = w / 9
    rows, cols = int(inner_h // step), int(inner_w // step)
    off_x, off_y = x + border + (inner_w - (cols - 1) * step) / 2, y + border + (inner_h - (rows - 1) * step) / 2
    for r in range(rows):
        for c in range(cols):
            keep.append(shapes.Circle(off_x + c * step, off_y + r * step, step * 0.22,
                                      color=(92, 140, 214), batch=batch))


def _mark(batch, keep, cell: int, x: int, y: int, w: int, h: int) -> None:
    """An empty pile: a clear outline on a darker felt, with its sign."""
    _blank(batch, keep, x, y, w, h, (235, 245, 235, 170), (0, 44, 14, 120))
    if cell == RECYCLE:
        _label(batch, keep, "↻", x + w / 2, y + h / 2, h * 0.35, (255, 255, 255, 200))
    elif cell == EXHAUSTED:
        _label(batch, keep, "×", x + w / 2, y + h / 2, h * 0.3, (255, 255, 255, 160))
    elif cell >= FOUNDATION_MARK:
        _label(batch, keep, SUIT_GLYPHS[cell - FOUNDATION_MARK], x + w / 2, y + h / 2, h * 0.4, (255, 255, 255, 170))
        _label(batch, keep, "A", x + w * 0.12, y + h * 0.88, h * 0.12, (255, 255, 255, 170), bold=True)
