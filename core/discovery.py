"""The plugins' entry points, as :mod:`importlib.metadata` finds them, remembered in a file.

Finding them costs a start ~13 ms: importing :mod:`importlib.metadata` (which brings the
:mod:`email` package) and reading every installed distribution's entry points.  The answer is
kept with a stamp of all it was read from: the import path, the modification time of each of its
folders and of each distribution's entry points and metadata there.  While the stamp is the same
the file answers; an install, upgrade, removal or edit changes it, and :mod:`importlib.metadata`
is asked again.
"""

import json
import os
import sys
from importlib.machinery import PathFinder
from pathlib import Path
from typing import Any, NamedTuple

_METADATA = (".dist-info", ".egg-info")                  # a distribution's folder (or an old egg-info file)
_READ = ("entry_points.txt", "METADATA", "PKG-INFO")       # what is read in it


class Found(NamedTuple):
    """One entry point: its name, its ``module:attribute`` value, and its distribution's name and version."""

    name: str
    value: str
    distribution: str | None
    version: str


def find_entry_points(group: str, remembered: Path | None = None) -> list[Found]:
    """The entry points of ``group``, read from the file ``remembered`` while its stamp holds
    (the file is written again when it does not)."""
    stamp = _stamp() if remembered else None
    if remembered is None or stamp is None:
        return _read(group)
    try:
        kept = json.loads(remembered.read_text(encoding="utf-8"))
        if kept["group"] == group and kept["stamp"] == stamp:
            return [Found(*found) for found in kept["found"]]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    found = _read(group)
    try:
        remembered.parent.mkdir(parents=True, exist_ok=True)
        temporary = remembered.with_name(f"{remembered.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"group": group, "stamp": stamp, "found": found}), encoding="utf-8")
        temporary.replace(remembered)
    except OSError:   # a cache that cannot be written is only slower next time
        pass
    return found


def _read(group: str) -> list[Found]:
    from importlib.metadata import entry_points

    found, about = [], {}
    for point in entry_points(group=group):
        dist = point.dist
        if dist and dist not in about:   # each distribution's metadata read once: the built-ins share one
            metadata = dist.metadata
            about[dist] = (metadata["Name"], metadata["Version"])
        name, version = about[dist] if dist else (None, "?")
        found.append(Found(point.name, point.value, name, version))
    return found


def _stamp() -> list[Any] | None:
    """What the entry points are read from, with modification times and sizes; ``None`` when that
    cannot be told (a finder of its own on ``sys.meta_path``, an archive or an egg on the path)."""
    if any(hasattr(finder, "find_distributions") and finder is not PathFinder for finder in sys.meta_path):
        return None
    stamp: list[Any] = []
    for entry in sys.path:
        folder = os.path.abspath(entry)
        try:
            about, names = os.stat(folder), os.listdir(folder)
        except FileNotFoundError:   # nothing there (yet)
            stamp.append([folder])
            continue
        except OSError:   # an archive, or a folder that cannot be read
            return None
        if folder.endswith(".egg"):
            return None
        stamp.append([folder, about.st_mtime_ns])
        for name in sorted(names):
            if name.lower().endswith(_METADATA):
                place = os.path.join(folder, name)
                for path in (place, *(os.path.join(place, file) for file in _READ)):
                    try:
                        about = os.stat(path)
                    except OSError:
                        continue
                    stamp.append([path, about.st_mtime_ns, about.st_size])
    return stamp
