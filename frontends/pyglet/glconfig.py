"""The GL config of the window: pyglet's own choice, found without describing every other config.

To choose, pyglet asks the driver for the configs that fit its first template, describes each
(~28 queries apiece: ~10 ms for the ~150 configs of Mesa's software renderer) and takes the first,
the driver's best.  Here pyglet's matching runs as usual but describes only that first config.
Elsewhere than on X11, or when that template fits nothing, pyglet chooses as it always does.

The driver's first answer is slow (Mesa loads and starts its renderer: ~25 ms), all of it in C
with Python's lock released, so :class:`EarlyChoice` asks on a thread of its own while the
start goes on importing and reading the player's data.
"""

import sys
import threading

import pyglet
import pyglet.display
import pyglet.gl

TEMPLATE = {"double_buffer": True, "depth_size": 24, "major_version": 3, "minor_version": 3}   # pyglet's first


def best_config(screen: pyglet.display.base.Screen) -> pyglet.gl.Config | None:
    """The config pyglet would give a window on ``screen`` (``None``: let pyglet choose)."""
    if not sys.platform.startswith("linux") or pyglet.options.headless:
        return None
    from pyglet.gl import xlib as glx

    class FirstMatch(glx.XlibConfig):
        def match(self, canvas):
            best: list[glx.XlibDisplayConfig] = []
            describe = glx.XlibDisplayConfig

            class First(describe):   # what pyglet makes of each config the driver answers
                def __new__(cls, *args):
                    if not best:
                        best.append(describe(*args))
                    return best[0]

            glx.XlibDisplayConfig = First
            try:
                super().match(canvas)
            finally:
                glx.XlibDisplayConfig = describe
            return best

    try:
        return screen.get_best_config(FirstMatch(**TEMPLATE))
    except pyglet.window.NoSuchConfigException:
        return None


class EarlyChoice:
    """The default screen and its config, chosen on a thread while the caller goes on.  The
    caller makes no X call until :meth:`wait` answers; pyglet's modules are imported here, first,
    so that the thread imports nothing."""

    def __init__(self) -> None:
        self._answer: tuple[pyglet.display.base.Screen, pyglet.gl.Config | None] | None = None
        self._error: BaseException | None = None
        if sys.platform.startswith("linux") and not pyglet.options.headless:
            from pyglet.gl import xlib  # noqa: F401   (best_config imports it: not on the thread)
        self._thread = threading.Thread(target=self._choose, name="GL config", daemon=True)
        self._thread.start()

    def _choose(self) -> None:
        try:
            screen = pyglet.display.get_display().get_default_screen()
            self._answer = screen, best_config(screen)
        except BaseException as exc:   # told on the caller's thread, by wait()
            self._error = exc

    def wait(self) -> tuple[pyglet.display.base.Screen, pyglet.gl.Config | None]:
        """The screen and config (``None``: let pyglet choose); raises what choosing raised."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._answer is not None
        return self._answer
