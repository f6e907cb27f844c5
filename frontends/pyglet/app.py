"""``klondike`` / ``klondike play [CODE]``: open the desktop game.

Loading pyglet and choosing the window's GL config mostly waits on ld.so, the GL driver and the
X server; :func:`prepare` starts it in a thread as soon as the command line knows the window
will open, so that the command line's own work (options, plugins, the saved game) is done
meanwhile.  The window itself is made on the main thread, once both are ready.
"""

import sys
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # the engine loads on the main thread while pyglet loads (see prepare)
    from solitaire_klondike.core import Plugins


class _Preparation(threading.Thread):
    """pyglet loaded and the GL config chosen, off the main thread; :meth:`config` waits for it."""

    def __init__(self) -> None:
        super().__init__(name="klondike-window", daemon=True)
        self._config: Any = None
        self._error: BaseException | None = None

    def run(self) -> None:
        try:
            self._config = _load_pyglet()
        except BaseException as exc:  # told on the main thread, as if it had happened there
            self._error = exc

    def config(self) -> Any:
        self.join()
        if self._error is not None:
            raise self._error
        return self._config


_preparation: _Preparation | None = None


def prepare() -> None:
    """Start loading pyglet for the window (once; :func:`run` does it if this was not called)."""
    global _preparation
    if _preparation is None:
        _preparation = _Preparation()
        _preparation.start()


def _load_pyglet() -> Any:
    """Import what the window draws with, load the game's font files and answer the GL config
    the window would choose itself (the screen's best: double-buffered, with a depth buffer)."""
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
    import pyglet.shapes
    import pyglet.sprite
    import pyglet.text
    import pyglet.window

    from .fonts import load_files

    load_files()
    return pyglet.display.get_display().get_default_screen().get_best_config()


def run(plugins: "Plugins", code: str | None) -> int:
    """Open the window on ``code``, or on the saved game, or on a new one; return the exit status."""
    from solitaire_klondike.core import InvalidCodeError, PluginError

    prepare()
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
    from solitaire_klondike.frontends.i18n import set_language
    from solitaire_klondike.player_data import open_store

    from .session import Session

    store = open_store()
    set_language(store.get_setting("language"))
    try:
        session = Session.open(plugins, store, game_code)
    except PluginError as exc:  # not one variant works, even with the failing plugins left out
        print(f"klondike: no game can be dealt: {exc}", file=sys.stderr)
        store.close()
        return 3
    assert _preparation is not None
    try:
        config = _preparation.config()
    except BaseException:
        store.close()
        raise
    import pyglet

    from .window import KlondikeWindow

    KlondikeWindow(session, config)
    pyglet.app.run(interval=None)
    return 0
