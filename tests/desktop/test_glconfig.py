"""The window's GL config is the one pyglet chooses by itself, found describing one config only."""

import os
import subprocess
import sys

COMPARE = """
import ctypes
import pyglet
pyglet.options.shadow_window = False
from pyglet.gl import Config, glx, xlib as glx_xlib
from solitaire_klondike.frontends.pyglet.glconfig import TEMPLATE, best_config

screen = pyglet.display.get_display().get_default_screen()
described = []
usual = glx_xlib.XlibDisplayConfig.__init__
glx_xlib.XlibDisplayConfig.__init__ = lambda self, *args: (described.append(1), usual(self, *args))[1]
ours = best_config(screen)
assert len(described) == 1, described
theirs = screen.get_best_config(Config(**TEMPLATE))
assert len(described) > 10   # pyglet's own way describes every config the driver offers


def identity(config):
    value = ctypes.c_int()
    glx.glXGetFBConfigAttrib(screen.display._display, config.fbconfig, glx.GLX_FBCONFIG_ID, ctypes.byref(value))
    return value.value

assert identity(ours) == identity(theirs) and ours.get_gl_attributes() == theirs.get_gl_attributes()
window = pyglet.window.Window(100, 100, visible=False, config=ours)
assert window.config is ours
"""


def test_the_window_gets_the_config_pyglet_would_choose(display):
    subprocess.run([sys.executable, "-c", COMPARE], env={**os.environ, "DISPLAY": display}, check=True)
