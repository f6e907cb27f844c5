"""pyglet's libraries are found from ld.so's cache file read once, as ctypes finds them one by one."""

import ctypes.util
import os
import sys

import pytest

from solitaire_klondike.frontends.pyglet.libraries import LD_CACHE, _own_libc, cached_libraries

PYGLET_LIBRARIES = ("GL", "GLU", "X11", "Xext", "Xi", "Xinerama", "Xrandr", "Xxf86vm", "Xcursor", "fontconfig",
                    "freetype", "harfbuzz", "asound", "pulse", "openal", "c", "m")


@pytest.mark.skipif(not sys.platform.startswith("linux") or not os.path.exists(LD_CACHE), reason="glibc's Linux only")
def test_the_cache_file_names_the_libraries_ctypes_finds():
    with open(LD_CACHE, "rb") as file:
        found = cached_libraries(file.read(), _own_libc())
    assert found["GL"].startswith("libGL.so.")
    for name in PYGLET_LIBRARIES:
        assert found.get(name) == ctypes.util.find_library(name), name


def test_a_file_that_is_no_ld_cache_names_nothing():
    assert cached_libraries(b"ld.so-1.7.0" + bytes(64), "/lib/libc.so.6") == {}
