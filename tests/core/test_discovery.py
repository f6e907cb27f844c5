"""The entry points found are remembered in a file, and found again once anything they come from changes.

Each look is a fresh interpreter, as each start of the game is (a test process may have imported
the importlib_metadata backport, which takes discovery over from the standard library)."""

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points, version

from solitaire_klondike.core import ENTRY_POINT_GROUP
from solitaire_klondike.core.discovery import find_entry_points

LOOK = """
import json, sys
from pathlib import Path
from solitaire_klondike.core import load_plugins
from solitaire_klondike.core.discovery import find_entry_points
found = find_entry_points(sys.argv[1], Path(sys.argv[2]))
asked = "importlib.metadata" in sys.modules
core = load_plugins(remembered=Path(sys.argv[2])).info("core")
print(json.dumps({"found": found, "asked": asked, "version": core.version if core else None}))
"""


def _look(tmp_path) -> dict:
    """What a new interpreter finds, with ``tmp_path / "site"`` on its path (and an empty folder,
    its working one: ``-c`` puts that on the path too)."""
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    (tmp_path / "here").mkdir(exist_ok=True)
    out = subprocess.run([sys.executable, "-c", LOOK, ENTRY_POINT_GROUP, str(tmp_path / "plugins.json")],
                         cwd=tmp_path / "here", env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def _install(folder, name: str, points: str) -> None:
    """A distribution with the entry points ``points`` (``name = module`` lines) in ``folder``."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{points}\n")


def test_the_file_answers_as_importlib_metadata_does_until_an_install_or_an_edit(tmp_path):
    (tmp_path / "site").mkdir()
    first = _look(tmp_path)
    assert first["asked"] and (tmp_path / "plugins.json").is_file()
    assert sorted(f[0] for f in first["found"]) == sorted(p.name for p in entry_points(group=ENTRY_POINT_GROUP))
    own = version("solitaire-klondike")
    assert {tuple(f[2:]) for f in first["found"] if f[0] == "draw1"} == {("solitaire-klondike", own)}
    again = _look(tmp_path)
    assert not again["asked"] and again["found"] == first["found"] and again["version"] == own
    _install(tmp_path / "site", "extra_plugin", "extra = extra_module")
    installed = _look(tmp_path)
    assert installed["asked"] and ["extra", "extra_module", "extra_plugin", "1.0"] in installed["found"]
    points = tmp_path / "site" / "extra_plugin-1.0.dist-info" / "entry_points.txt"
    points.write_text(f"[{ENTRY_POINT_GROUP}]\nrenamed = extra_module\n")
    os.utime(points, ns=(1, 1))   # a new modification time, however coarse the file system's clock
    names = {f[0] for f in _look(tmp_path)["found"]}
    assert "renamed" in names and "extra" not in names


def test_a_finder_of_its_own_is_asked_every_time(tmp_path, monkeypatch):
    class Finder:
        @staticmethod
        def find_distributions(context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder])
    find_entry_points(ENTRY_POINT_GROUP, tmp_path / "plugins.json")
    assert not (tmp_path / "plugins.json").exists()
