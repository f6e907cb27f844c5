"""``klondike`` / ``klondike play [CODE]``: open the desktop game."""

import gc
import sys

from solitaire_klondike.core import InvalidCodeError, PluginError, Plugins


def run(plugins: Plugins, code: str | None) -> int:
    """Open the window on ``code``, or on the saved game, or on a new one; return the exit status."""
    # the start allocates much and frees little: Python's collector, which would sweep all of it
    # again and again (~10 ms), waits until the first frame is on screen
    gc.disable()
    try:
        return _run(plugins, code)
    finally:
        gc.enable()


def _collect_from_now() -> None:
    gc.freeze()   # what the start made lives as long as the game: no collection sweeps it again
    gc.enable()


def _run(plugins: Plugins, code: str | None) -> int:
    game_code = None
    if code:
        try:
            game_code = plugins.parse_code(code)
        except InvalidCodeError as exc:
            print(f"klondike: bad game code: {exc}", file=sys.stderr)
            return 2
    if not plugins.choices("draw") or not plugins.choices("scoring"):
        print("klondike: no draw or no scoring plugin is installed", file=sys.stderr)
        return 3
    # pyglet.image loads its image file codecs (GdkPixbuf ~11 ms, DDS, PIL, PNG, BMP ~7 ms) to read
    # and write image files, which the game never does; a module set to None fails to import, and
    # pyglet goes on without it
    for codec in ("gdkpixbuf2", "dds", "pil", "png", "bmp"):
        sys.modules.setdefault(f"pyglet.image.codecs.{codec}", None)  # type: ignore[arg-type]
    from .libraries import find_once

    find_once()
    import pyglet

    pyglet.options.dpi_scaling = "scaled"
    pyglet.options.shadow_window = False  # one window: no hidden GL context to share textures with
    # the driver loads large C libraries (LLVM) under the loader's lock: what this thread still
    # loads in C (FreeType, HarfBuzz, unicodedata for the fonts; mmap for the card atlas) comes first
    import mmap  # noqa: F401

    import pyglet.font

    from .glconfig import EarlyChoice

    chosen = EarlyChoice()   # the driver starts on a thread while the rest is imported and read
    from solitaire_klondike.frontends.i18n import set_language
    from solitaire_klondike.player_data import open_store

    from .fonts import load_files, quicker_glyphs
    from .session import Session
    from .window import KlondikeWindow

    load_files()
    quicker_glyphs()
    store = open_store()
    set_language(store.get_setting("language"))
    try:
        session = Session.open(plugins, store, game_code)
    except PluginError as exc:  # not one variant works, even with the failing plugins left out
        print(f"klondike: no game can be dealt: {exc}", file=sys.stderr)
        store.close()
        return 3
    window = KlondikeWindow(session, chosen)
    window.first_frame_jobs.append(_collect_from_now)
    pyglet.app.run(interval=None)
    return 0
