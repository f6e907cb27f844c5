"""The GL config of the window: pyglet's own choice, found without describing every other config.

To choose, pyglet asks the driver for the configs that fit its first template, describes each
(~28 queries apiece: ~10 ms for the ~150 configs of Mesa's software renderer) and takes the first,
the driver's best.  Here pyglet's matching runs as usual but describes only that first config.
Elsewhere than on X11, or when that template fits nothing, pyglet chooses as it always does.
"""

import sys

import pyglet

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
