"""Glyph bitmaps widened to RGBA in one go are the bytes pyglet's own loop makes."""

import os
import subprocess
import sys

COMPARE = """
import ctypes, random
import pyglet
pyglet.options.shadow_window = False
from pyglet.font.freetype import FreeTypeGlyphRenderer
from solitaire_klondike.frontends.pyglet.fonts import quicker_glyphs

renderer = FreeTypeGlyphRenderer.__new__(FreeTypeGlyphRenderer)
bitmaps = [(ctypes.c_ubyte * n)(*random.Random(n).randbytes(n)) for n in (0, 1, 7, 143, 4096)]
usual = [renderer._expand_to_rgba(b, "R", "BGRA") for b in bitmaps]
quicker_glyphs()
assert [renderer._expand_to_rgba(b, "R", "BGRA") for b in bitmaps] == usual
"""


def test_glyph_bitmaps_are_widened_as_pyglet_widens_them(display):
    subprocess.run([sys.executable, "-c", COMPARE], env={**os.environ, "DISPLAY": display}, check=True)
