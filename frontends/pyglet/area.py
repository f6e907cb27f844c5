"""Showing part of a frame: the clock's once-a-second change costs a strip, not the window.

Where GLX offers ``GLX_MESA_copy_sub_buffer`` (Mesa: software renderers and most open drivers),
an area is drawn again into the back buffer (scissored, so only its pixels are touched) and
copied to the screen alone; the rest of the screen keeps the last whole frame.  Elsewhere the
window draws whole frames.
"""

from collections.abc import Callable

import pyglet
from pyglet import gl

AreaCopy = Callable[[int, int, int, int], None]


def area_copier(window: pyglet.window.Window) -> AreaCopy | None:
    """A function that shows one area (framebuffer pixels, from the bottom left) of the back
    buffer on screen, or ``None`` where the platform has none."""
    context = window.context
    config = getattr(context, "config", None)
    info = getattr(config, "glx_info", None)
    if info is None or not info.have_extension("GLX_MESA_copy_sub_buffer"):
        return None
    from pyglet.gl import glxext_arb

    def copy(x: int, y: int, w: int, h: int) -> None:
        glxext_arb.glXCopySubBufferMESA(context.x_display, context.glx_window, x, y, w, h)

    return copy


def draw_area(window: pyglet.window.Window, copy: AreaCopy, x: float, y: float, w: float, h: float) -> None:
    """Draw the window again inside one area (window units) and show only that area."""
    ratio = window.get_framebuffer_size()[0] / max(1, window.width)
    left, bottom = max(0, int(x * ratio)), max(0, int(y * ratio))
    width, height = int((x + w) * ratio + 1) - left, int((y + h) * ratio + 1) - bottom
    window.switch_to()
    gl.glEnable(gl.GL_SCISSOR_TEST)
    gl.glScissor(left, bottom, width, height)
    try:
        window.on_draw()
    finally:
        gl.glDisable(gl.GL_SCISSOR_TEST)
    copy(left, bottom, width, height)
