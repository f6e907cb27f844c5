"""A third-party plugin speaks the player's language in the real window, from its own catalogs."""

import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import polib
import pytest
from catalog_words import read_catalog

from solitaire_klondike.core import load_plugins
from solitaire_klondike.frontends.pyglet.session import MIN_WINDOW

DRAW_TWO = Path(__file__).parents[1] / "plugin_dists" / "draw_two"
DRAW_TWO_TEXT = "Each tap on the stock turns two cards"


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


def _box(text_box: list) -> tuple[float, float, float, float]:
    """A label's left, bottom, right, top from the probe's ``text_boxes`` entry."""
    x, y, w, h, anchor_x, anchor_y = text_box[:6]
    left = {"left": x, "center": x - w / 2, "right": x - w}[anchor_x]
    bottom = {"top": y - h, "center": y - h / 2}.get(anchor_y, y)
    return left, bottom, left + w, bottom + h


def _descriptions(language: str) -> dict[str, str]:
    """Each plugin's name and description as the player reads them, from the catalogs."""
    words: dict[str, str] = {}
    if language != "en":
        words = read_catalog(language)
        [draw_two] = DRAW_TWO.glob(f"klondike_draw_two/locales/{language}/LC_MESSAGES/*.po")
        words |= {e.msgid: e.msgstr for e in polib.pofile(str(draw_two)) if e.msgstr}
    variants = load_plugins().variants("draw") | load_plugins().variants("scoring")
    return {words.get(i.variant.name, i.variant.name): words.get(i.variant.description, i.variant.description)
            for i in variants.values() if i.variant} | {
        words.get("Draw 2", "Draw 2"): words.get(DRAW_TWO_TEXT, DRAW_TWO_TEXT)}


def test_new_game_lists_every_plugin_with_its_description_at_the_smallest_window_in_greek(launch, draw_two):
    """Greek has the longest words; at the smallest window the list scrolls, and every line shows
    inside the panel, in the window, without overlapping another."""
    app = launch("play", "KL1-D1N-AAAAAAG", language="el_GR.UTF-8", env={"PYTHONPATH": str(draw_two)})
    app.resize(*MIN_WINDOW)
    app.wait(lambda s: s["window"] == list(MIN_WINDOW))
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game", timeout=20)
    wanted = _descriptions("el")
    seen: set[str] = set()
    for _ in range(16):
        left, bottom, width, height = state["panel_box"]
        assert left >= 0 and bottom >= 0 and left + width <= MIN_WINDOW[0] and bottom + height <= MIN_WINDOW[1]
        for text, box in list(zip(state["texts"], state["text_boxes"]))[len(state["toolbar"]) + 1:]:
            x0, y0, x1, y1 = _box(box)
            assert left - 1 <= x0 and x1 <= left + width + 1 and bottom - 1 <= y0 and y1 <= bottom + height + 1, text
            seen.add(text)
        lines = sorted(rect for key, rect in state["panel"].items() if key.startswith(("draw:", "scoring:")))
        assert all(a[1] + a[3] <= b[1] for a, b in pairwise(lines)), lines   # one below the other
        state = app.after(lambda: app.key("Tab"), timeout=15)
    assert set(wanted) <= seen and set(wanted.values()) <= seen, (set(wanted) | set(wanted.values())) - seen


def test_new_game_shows_every_plugin_at_once_in_a_large_window(launch, draw_two):
    app = launch("play", "KL1-D1N-AAAAAAG", env={"PYTHONPATH": str(draw_two)})
    state = app.after(lambda: app.key("ctrl+n"), lambda s: s["overlay"] == "new_game", timeout=20)
    assert state["panel_more"] == [False, False]
    assert {f"draw:{t}" for t in ("D1", "D2", "D3")} | {f"scoring:{t}" for t in ("N", "V", "V3", "VC", "TS", "NS")} \
        <= set(state["panel"])
    assert set(_descriptions("en").values()) <= set(state["texts"])
    x, y, w, h = state["panel"]["scoring:VC"]
    state = app.after(lambda: app.click(x + w - 4, y + h / 2), lambda s: "scoring:VC" in s["selected"])  # the line
    state = app.after(lambda: app.key("Left"), lambda s: "scoring:V3" in s["selected"])              # arrows walk it
