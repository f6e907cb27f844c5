"""A third-party plugin speaks the player's language in the real window, from its own catalogs."""

import subprocess
import sys
from pathlib import Path

import pytest

DRAW_TWO = Path(__file__).parents[1] / "plugin_dists" / "draw_two"


@pytest.fixture(scope="module")
def draw_two(tmp_path_factory) -> Path:
    """The draw_two distribution pip-installed (its build compiles its catalogs) into a folder of its own."""
    target = tmp_path_factory.mktemp("draw-two")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                    "--target", str(target), str(DRAW_TWO)], check=True, capture_output=True)
    return target


def test_the_new_game_window_shows_a_third_party_draw_plugin_in_greek(launch, draw_two):
    app = launch("play", "KL1-D2N-AAAAAAG", language="el_GR.UTF-8", env={"PYTHONPATH": str(draw_two)})
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
    assert "Κλήρωση 2" in state["texts"] and "Draw 2" not in state["texts"]
    assert "Κλήρωση 1" in state["texts"] and "Κλήρωση 3" in state["texts"]  # the built-ins, from their catalogs
    x, y, w, h = state["panel"]["draw:D2"]
    state = app.after(lambda: app.click(x + w / 2, y + h / 2),
                      lambda s: "Κάθε πάτημα στη στοίβα τραβήγματος ανοίγει δύο φύλλα" in s["texts"])


def test_a_third_party_plugin_reads_in_english_where_its_catalog_has_no_language(launch, draw_two, tmp_path):
    """Its catalogs are ca, el, es, it: with one taken away, Italian reads the plugin's English."""
    italian = next(draw_two.glob("klondike_draw_two/locales/it/LC_MESSAGES/*.mo"))
    italian.rename(tmp_path / italian.name)
    try:
        app = launch("play", "KL1-D2N-AAAAAAG", language="it_IT.UTF-8", env={"PYTHONPATH": str(draw_two)})
        state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game")
        assert "Draw 2" in state["texts"] and "Pesca 1" in state["texts"]
    finally:
        (tmp_path / italian.name).rename(italian)
