"""The game's one font family, read straight from its files, and its glyphs made quicker.

pyglet finds fonts through fontconfig, whose first use scans every installed font (about a
tenth of a second at start).  When DejaVu Sans and DejaVu Sans Bold are where Debian and most
Linux systems keep them, they are loaded as files and fontconfig starts only if something
else is ever asked of it.  Every label then uses these two files, whatever the script.

pyglet's FreeType renderer widens each glyph's coverage bitmap to RGBA one byte at a time in
Python: ~1.4 ms for the first frame's glyphs, ~17 ms for the card atlas's large ones.
:func:`quicker_glyphs` does it in one slice assignment.
"""

import sys
from pathlib import Path

import pyglet

FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FOLDERS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
           "/usr/local/share/fonts/dejavu")


class _Deferred:
    """Stands for fontconfig until something other than a face's style is asked of it."""

    def style_from_face(self, face) -> tuple[str, bool, str]:
        return "normal", False, "normal"   # the regular DejaVu Sans face: FreeType knows bold itself

    def __getattr__(self, name: str):
        from pyglet.font import fontconfig

        real = fontconfig.FontConfig()
        fontconfig._fontconfig_instance = real  # type: ignore[assignment]
        return getattr(real, name)


def quicker_glyphs() -> None:
    """Widen FreeType's glyph bitmaps to RGBA at once (where pyglet renders with FreeType)."""
    if not sys.platform.startswith("linux"):
        return
    from pyglet.font.freetype import FreeTypeGlyphRenderer

    usual = FreeTypeGlyphRenderer._expand_to_rgba

    def widen(self: FreeTypeGlyphRenderer, data, src_format: str, dst_format: str) -> bytes:
        if (src_format, dst_format) != ("R", "BGRA"):
            return usual(self, data, src_format, dst_format)
        rgba = bytearray(b"\xff") * (len(data) * 4)   # white, with the coverage as alpha
        rgba[3::4] = data
        return bytes(rgba)

    FreeTypeGlyphRenderer._expand_to_rgba = widen  # type: ignore[method-assign]


def load_files() -> bool:
    """Load the two faces from their files if found (else pyglet asks fontconfig as usual)."""
    if not sys.platform.startswith("linux"):
        return False
    from pyglet.font import fontconfig

    folder = next((Path(f) for f in FOLDERS if all((Path(f) / name).is_file() for name in FILES)), None)
    if folder is None or fontconfig._fontconfig_instance is not None:
        return False
    fontconfig._fontconfig_instance = _Deferred()  # type: ignore[assignment]
    for name in FILES:
        pyglet.font.add_file(str(folder / name))
    return True
