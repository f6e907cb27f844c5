"""Finding the system libraries pyglet loads, once for all of them.

On Linux pyglet asks :func:`ctypes.util.find_library` for each library (GL, X11, FreeType...),
which runs ``ldconfig -p`` every time: nine runs, ~30 ms of the game's start.  Here ld.so's
cache is listed once and read for every name; a name not found there goes the usual way (as
does a library that then fails to load: pyglet asks again by its file name).
"""

import os
import re
import subprocess
import sys
from collections.abc import Callable

_ENTRY = re.compile(r"^\s*(lib(\S+?)\.so\S*) \(([^)]*)\) => (\S+)$")


def _cached_libraries() -> dict[str, str]:
    """Short name → soname (``GL`` → ``libGL.so.1``) of the libraries in ld.so's cache built
    for this process's kind of machine (the flags of the C library it runs on)."""
    try:
        listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True,
                                 env={**os.environ, "LC_ALL": "C", "PATH": "/sbin:/usr/sbin:/bin:/usr/bin"}).stdout
        with open("/proc/self/maps", encoding="utf-8") as maps:
            libc = next(os.path.realpath(line.split()[-1]) for line in maps if line.rstrip().endswith("/libc.so.6"))
    except (OSError, subprocess.CalledProcessError, StopIteration):
        return {}
    entries = [match.groups() for match in map(_ENTRY.match, listing.splitlines()) if match]
    flags = next((f for soname, _name, f, path in entries if soname == "libc.so.6" and os.path.realpath(path) == libc),
                 None)
    found: dict[str, str] = {}
    for soname, name, entry_flags, _path in entries:
        if entry_flags == flags:
            found.setdefault(name, soname)   # ld.so's cache lists the preferred one first
    return found


def find_once() -> None:
    """Make pyglet's library loader read ld.so's cache once (Linux; elsewhere nothing changes).
    Call before pyglet loads its first library."""
    if not sys.platform.startswith("linux"):
        return
    import pyglet.lib

    loader = pyglet.lib.loader
    usual: Callable[[str], str | None] = loader.find_library
    known = _cached_libraries()

    def find_library(name: str) -> str | None:
        return known.get(name) or usual(name)

    loader.find_library = find_library  # type: ignore[method-assign,assignment]
