"""Card faces, the card back and the empty-pile marks, drawn by the program once into one texture.

The atlas is rendered off screen at twice the card's pixel size; sprites drawn at half
scale with linear filtering smooth the edges.  It is rebuilt only when the card size changes,
and kept in the user's cache folder (keyed by its size and this file's text) so that the
next start only loads it.
"""

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

SUPERSAMPLE = 2                 # atlas pixels per screen pixel (glyphs are rasterized at 1×)
SAVE_DELAY = 0.3                # seconds after a fresh render before it is written to the cache
CACHE_FILES = 3                 # atlases kept (one per recent card size); raw RGBA loads fastest
SUIT_GLYPHS = "♠♥♦♣"
RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FONT = "DejaVu Sans"
RED, BLACK = (196, 26, 38, 255), (22, 22, 28, 255)
BACK = 52                       # atlas cells after the 52 faces
EMPTY, RECYCLE, EXHAUSTED = 53, 54, 55
FOUNDATION_MARK = 56            # 56–59: the empty foundation of each suit
CELLS = 60
_COLUMNS = 13
_L, _C, _R = 0.29, 0.5, 0.71
_SIDES = [(_L, y) for y in (0.8, 0.2)] + [(_R, y) for y in (0.8, 0.2)]
PIPS = {
    2: [(_C, 0.8), (_C, 0.2)],
    3: [(_C, 0.8), (_C, 0.5), (_C, 0.2)],
    4: _SIDES,
    5: [*_SIDES, (_C, 0.5)],
    6: [*_SIDES, (_L, 0.5), (_R, 0.5)],
    7: [*_SIDES, (_L, 0.5), (_R, 0.5), (_C, 0.65)],
    8: [*_SIDES, (_L, 0.5), (_R, 0.5), (_C, 0.65), (_C, 0.35)],
    9: _SIDES + [(x, y) for x in (_L, _R) for y in (0.6, 0.4)] + [(_C, 0.5)],
    10: _SIDES + [(x, y) for x in (_L, _R) for y in (0.6, 0.4)] + [(_C, 0.7), (_C, 0.3)],
}


class CardArt:
    """Texture regions for every card face, the back and the pile marks, at one card size."""

    def __init__(self, window: pyglet.window.Window, card_w: float, card_h: float, pixel_ratio: float) -> None:
        self.card_w, self.card_h = card_w, card_h
        self.scale = 1 / (SUPERSAMPLE * pixel_ratio)
        w = max(8, round(card_w * pixel_ratio * SUPERSAMPLE))
        h = max(8, round(card_h * pixel_ratio * SUPERSAMPLE))
        pad = 2 * SUPERSAMPLE
        rows = -(-CELLS // _COLUMNS)
        # no zeroed upload: the atlas is either loaded whole or cleared and drawn
        texture = Texture.create((w + pad) * _COLUMNS, (h + pad) * rows, blank_data=False)
        cached = _cache_file(texture.width, texture.height)
        if not _load(texture, cached):
            _render(window, texture, w, h, pad)
            pyglet.clock.schedule_once(lambda dt: _save(texture, cached), SAVE_DELAY)
        self.texture = texture
        self.regions = [
            texture.get_region((i % _COLUMNS) * (w + pad), (i // _COLUMNS) * (h + pad), w, h) for i in range(CELLS)
        ]

    def matches(self, card_w: float, card_h: float) -> bool:
        return abs(card_w - self.card_w) < 0.5 and abs(card_h - self.card_h) < 0.5


def _render(window: pyglet.window.Window, texture: Texture, w: int, h: int, pad: int) -> None:
    """Draw every cell into ``texture`` through a framebuffer, then restore the window's view."""
    batch = pyglet.graphics.Batch()
    keep: list = []
    for i in range(CELLS):
        x, y = (i % _COLUMNS) * (w + pad), (i // _COLUMNS) * (h + pad)
        if i < 52:
            _face(batch, keep, i, x, y, w, h)
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
    framebuffer.unbind()
    framebuffer.delete()
    window.projection = projection
    gl.glViewport(0, 0, *window.get_framebuffer_size())


def _cache_file(width: int, height: int) -> Path:
    """Where an atlas of this size, drawn by this version of this file, is kept."""
    from platformdirs import user_cache_dir

    version = zlib.crc32(Path(__file__).read_bytes())
    return Path(user_cache_dir("solitaire-klondike")) / f"cards-{width}x{height}-{version:08x}.rgba"


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


def _label(batch, keep, text, x, y, size, color, anchor_x="center", anchor_y="center", rotation=0.0, bold=False):
    """Draw ``text`` as glyph sprites (far cheaper than a Label each); ``rotation`` is 0 or 180
    degrees about the anchor point, anchors as for a Label ("top" is the font's ascent)."""
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
    dy = -font.ascent * k if anchor_y == "top" else -(min(b[2] for b in boxes) + max(b[4] for b in boxes)) / 2
    for glyph, x0, y0, _x1, _y1 in boxes:
        sprite = pyglet.sprite.Sprite(glyph, batch=batch)
        sprite.scale = k
        sprite.color = color[:3]
        sprite.opacity = color[3]
        if rotation:
            sprite.rotation = 180
            sprite.position = (x - x0 - dx, y - y0 - dy, 0)
        else:
            sprite.position = (x + x0 + dx, y + y0 + dy, 0)
        keep.append(sprite)


def _blank(batch, keep, x, y, w, h, edge, fill) -> None:
    radius = w * 0.075
    line = max(2, w // 60)
    keep.append(shapes.RoundedRectangle(x, y, w, h, radius, color=edge, batch=batch))
    keep.append(shapes.RoundedRectangle(x + line, y + line, w - 2 * line, h - 2 * line, radius - line,
                                        color=fill, batch=batch))


def _face(batch, keep, card: int, x: int, y: int, w: int, h: int) -> None:
    color = RED if IS_RED[card] else BLACK
    rank, glyph = RANK[card], SUIT_GLYPHS[SUIT[card]]
    _blank(batch, keep, x, y, w, h, (150, 150, 150, 255), (252, 252, 248, 255))
    index_size, corner = h * 0.15, w * 0.05
    text = RANK_TEXT[rank - 1]
    for cx, cy, turn in ((x + corner, y + h - corner, 0.0), (x + w - corner, y + corner, 180.0)):
        # rank then a small suit, in the top-left corner and upside down in the bottom-right
        size = index_size * (0.85 if rank == 10 else 1)
        _label(batch, keep, text, cx, cy, size, color, "left", "top", turn, bold=True)
        dx, dy = (0, -index_size * 1.05) if turn == 0 else (0, index_size * 1.05)
        _label(batch, keep, glyph, cx + dx, cy + dy, index_size * 0.9, color, "left", "top", turn)
    if rank == 1:
        _label(batch, keep, glyph, x + w / 2, y + h / 2, h * 0.42, color)
    elif rank <= 10:
        for px, py in PIPS[rank]:
            _label(batch, keep, glyph, x + w * px, y + h * py, h * 0.16, color, rotation=180.0 if py < 0.5 else 0.0)
    else:
        inset_x, inset_y = w * 0.2, h * 0.16
        tint = (250, 228, 226, 255) if IS_RED[card] else (226, 230, 244, 255)
        keep.append(shapes.Rectangle(x + inset_x, y + inset_y, w - 2 * inset_x, h - 2 * inset_y,
                                     color=color[:3], batch=batch))
        line = max(2, w // 50)
        keep.append(shapes.Rectangle(x + inset_x + line, y + inset_y + line, w - 2 * inset_x - 2 * line,
                                     h - 2 * inset_y - 2 * line, color=tint[:3], batch=batch))
        _label(batch, keep, text, x + w / 2, y + h * 0.58, h * 0.3, color, bold=True)
        _label(batch, keep, glyph, x + w / 2, y + h * 0.33, h * 0.2, color)


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
    _blank(batch, keep, x, y, w, h, (255, 255, 255, 70), (0, 60, 20, 60))
    if cell == RECYCLE:
        _label(batch, keep, "↻", x + w / 2, y + h / 2, h * 0.35, (255, 255, 255, 150))
    elif cell == EXHAUSTED:
        _label(batch, keep, "×", x + w / 2, y + h / 2, h * 0.3, (255, 255, 255, 110))
    elif cell >= FOUNDATION_MARK:
        _label(batch, keep, SUIT_GLYPHS[cell - FOUNDATION_MARK], x + w / 2, y + h / 2, h * 0.4, (255, 255, 255, 120))
