"""The drawn cards (about 16 MB) are kept in the folder ``cache`` of the data folder that
SOLITAIRE_KLONDIKE_DATA names, and read back from there: a real game, a real folder."""

import os
import subprocess
import sys
import time
from pathlib import Path

from test_window import spot, visible_point

MAGENTA = (255, 0, 255, 255)


def atlases(folder: Path) -> list[Path]:
    return sorted(folder.glob("cards-*.rgba"))


def wait_for_atlas(folder: Path) -> Path:
    """The atlas the game writes once it has drawn its cards (it waits a moment first)."""
    for _ in range(300):
        if atlases(folder):
            return atlases(folder)[0]
        time.sleep(0.1)
    raise AssertionError(f"no card atlas in {folder}")


def test_the_card_cache_lives_in_the_data_folder_the_variable_names(launch, tmp_path):
    data, other_cache = tmp_path / "my data", tmp_path / "xdg cache"
    data.mkdir()
    env = {"XDG_CACHE_HOME": str(other_cache)}  # the GL driver keeps its shaders there
    app = launch("play", "KL1-D1N-AAAAAAG", data=data, shared_cache=False, env=env)
    atlas = wait_for_atlas(data / "cache")
    assert app.quit() == 0
    assert atlas.stat().st_size > 4_000_000 and (data / "klondike.sqlite3").exists()
    assert atlases(data / "cache") == [atlas] and not (other_cache / "solitaire-klondike").exists()

    # read back from there: an atlas painted magenta shows magenta cards
    atlas.write_bytes(bytes(MAGENTA) * (atlas.stat().st_size // 4))
    app = launch("play", "KL1-D1N-AAAAAAG", data=data, shared_cache=False, env=env)
    red, green, blue = app.pixel(*visible_point(spot(app.state, 0)))
    assert red > 200 and green < 60 and blue > 200, (red, green, blue)
    assert app.quit() == 0 and not (other_cache / "solitaire-klondike").exists()

    help_text = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "--help"],
                               env={**os.environ, "SOLITAIRE_KLONDIKE_DATA": str(data), **env},
                               capture_output=True, text=True).stdout
    assert f"(about 16 MB) in {data / 'cache'};" in " ".join(help_text.split())
