"""Finding the system libraries pyglet loads, once for all of them, with no subprocess.

On Linux pyglet asks :func:`ctypes.util.find_library` for each library (GL, X11, FreeType...),
which runs ``ldconfig -p`` every time: nine runs, ~30 ms of the game's start.  Here ld.so's
cache file, which ``ldconfig -p`` lists, is read once for every name; a name not found there
goes the usual way (as does a library that then fails to load: pyglet asks again by its file name).
"""

import os
import struct
import sys
from collections.abc import Callable

LD_CACHE = "/etc/ld.so.cache"
_MAGIC = b"glibc-ld.so.cache1.1"   # glibc's format since 2.x; older files carry it after the old one
_HEADER = struct.Struct("=II4x4x12x")   # after the magic: entries, string bytes; flags, extension, unused
_ENTRY = struct.Struct("=iIIIQ")        # flags, name, path (offsets from the magic), OS version, hwcap


def _cache_entries(data: bytes) -> list[tuple[int, str, str]]:
    """(flags, soname, path) of each entry of an ld.so cache, in its order (the preferred first);
    hwcap-specific entries are left out, as ``ldconfig -p`` tells them apart."""
    start = data.find(_MAGIC)
    if start < 0:
        return []
    count, _strings = _HEADER.unpack_from(data, start + len(_MAGIC))
    first = start + len(_MAGIC) + _HEADER.size

    def text(offset: int) -> str:
        return data[start + offset:data.index(b"\0", start + offset)].decode("utf-8", "replace")

    return [(flags, text(name), text(path))
            for flags, name, path, _os, hwcap in _ENTRY.iter_unpack(data[first:first + count * _ENTRY.size])
            if not hwcap]


def cached_libraries(data: bytes, libc: str) -> dict[str, str]:
    """Short name → soname (``GL`` → ``libGL.so.1``) of the libraries in the ld.so cache ``data``
    built for this process's kind of machine (the flags of its C library, at path ``libc``)."""
    entries = _cache_entries(data)
    flags = next((f for f, soname, path in entries if soname == "libc.so.6" and os.path.realpath(path) == libc), None)
    found: dict[str, str] = {}
    for entry_flags, soname, _path in entries:
        if entry_flags == flags and soname.startswith("lib") and ".so" in soname[4:]:
            found.setdefault(soname[3:soname.index(".so", 4)], soname)
    return found


def _own_libc() -> str:
    with open("/proc/self/maps", encoding="utf-8") as maps:
        return next(os.path.realpath(line.split()[-1]) for line in maps if line.rstrip().endswith("/libc.so.6"))


def find_once() -> None:
    """Make pyglet's library loader read ld.so's cache once (Linux; elsewhere nothing changes).
    Call before pyglet loads its first library."""
    if not sys.platform.startswith("linux"):
        return
    import pyglet.lib

    loader = pyglet.lib.loader
    usual: Callable[[str], str | None] = loader.find_library
    try:
        with open(LD_CACHE, "rb") as file:
            known = cached_libraries(file.read(), _own_libc())
    except (OSError, StopIteration, struct.error, ValueError):
        known = {}

    def find_library(name: str) -> str | None:
        return known.get(name) or usual(name)

    loader.find_library = find_library  # type: ignore[method-assign,assignment]
