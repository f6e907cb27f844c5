"""The real window: refusals said in words, the window size kept, 2× screens, the statistics panel."""

import json
import subprocess
import sys
from pathlib import Path

from catalog_words import read_catalog
from test_window import DEAL_G, spot, visible_point

from solitaire_klondike.core import Game, load_plugins
from solitaire_klondike.player_data import open_store


def red_ink(pixel: tuple[int, int, int]) -> bool:
    return pixel[0] > 150 and pixel[1] < 90 and pixel[2] < 90


def centre(rect: list) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def test_a_refused_put_down_or_drop_says_why_until_the_next_action(launch):
    app = launch("play", DEAL_G, language="es_ES.UTF-8")
    words = read_catalog("es")
    app.key("Tab", *["Right"] * 9, "Return")   # T4: pick up the 10 of clubs
    state = app.after(lambda: app.key("Left", "Return"), lambda s: s["status"])   # put it on T3
    does_not_fit = words["{card} does not fit on {onto}: it needs the other colour and one rank lower."]
    assert state["status"] == does_not_fit.format(card="10♣", onto="K♦")
    assert state["moves"] == 0
    state = app.after(lambda: app.key("space"), lambda s: s["moves"] == 1)
    assert state["status"] == ""
    state = app.after(lambda: app.drag(visible_point(spot(state, 3)), visible_point(spot(state, 1))),
                      lambda s: s["status"] and not s["sliding"])
    assert state["status"] == does_not_fit.format(card="10♣", onto="J♣")


def test_vegas_says_the_stock_cannot_be_turned_again(launch):
    app = launch("play", "KL1-D1V-AAAAAAG")
    app.key(*["space"] * 24)
    app.wait(lambda s: not s["stock"])
    state = app.after(lambda: app.key("space"), lambda s: s["status"])
    assert state["status"] == "The stock cannot be turned again with this scoring." and len(state["waste"]) == 24


def test_the_window_size_is_kept_and_fits_the_screen(launch, tmp_path):
    app = launch("play", DEAL_G)
    app.after(lambda: app.resize(900, 640), lambda s: s["window"] == [900, 640])
    assert app.quit() == 0
    again = launch()
    assert again.state["window"] == [900, 640]
    assert again.quit() == 0
    store = open_store(tmp_path)
    store.set_setting("window_size", [4000, 3000])
    store.close()
    big = launch()
    width, height = big.state["window"]
    assert width <= 1280 and height <= 800 and abs(width / height - 4 / 3) < 0.02


def test_a_2x_screen_doubles_the_table_and_draws_it_sharp(launch, hidpi_display, tmp_path):
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        store = open_store(tmp_path / folder)
        store.set_setting("window_size", [900, 640])
        store.close()
    normal = launch("play", DEAL_G, data=tmp_path / "one")
    double = launch("play", DEAL_G, data=tmp_path / "two", screen=hidpi_display)
    assert double.state["scale"] == 2 and double.state["window"] == [1800, 1280]
    assert abs(double.state["card_w"] / normal.state["card_w"] - 2) < 0.01
    for name in ("new", "undo"):
        assert abs(double.state["toolbar"][name][3] / normal.state["toolbar"][name][3] - 2) < 0.05
    ink, edge = [], []
    for app in (normal, double):
        # the ace of diamonds on T1: its top-left corner index, red ink and the anti-aliased rim
        x, y, w, h = spot(app.state, 0)[2:6]
        shot = app.pixels()
        pixels = [app.pixel(x + i, y + h - 1 - j, shot) for i in range(int(w * 0.25)) for j in range(int(h * 0.28))]
        ink.append(sum(red_ink(p) for p in pixels))
        edge.append(sum(not red_ink(p) and min(p) < 235 and p[0] > p[1] + 20 for p in pixels))
    assert 3.2 < ink[1] / ink[0] < 4.8, ink   # four times the pixels: rendered at 2×, not stretched
    assert edge[1] / ink[1] < 0.75 * edge[0] / ink[0], (ink, edge)   # a thinner rim than an upscaled image


def _stats_json(data) -> dict:
    out = subprocess.run([sys.executable, "-c", "import sys; from solitaire_klondike.frontends.cli import main; "
                          "sys.exit(main())", "stats", "--json"], env={"SOLITAIRE_KLONDIKE_DATA": str(data), "PATH": ""},
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def test_the_statistics_panel_shows_the_stats_command_numbers_and_resets_after_asking(launch, tmp_path):
    plugins = load_plugins()
    store = open_store(tmp_path)
    won_games = (Path(__file__).parents[1] / "data" / "won_games.txt").read_text().splitlines()
    line = next(text for text in won_games if text.startswith("KL1-D1N"))
    code, moves = line.strip().split(":")
    won = Game.from_text(code, plugins)
    store.game_started(won)
    for move in moves.split():
        won.push_text(move)
        store.action_done(won)
    store.game_left(won)
    for code in ("KL1-D3V-AAAAAAB", "KL1-D1VC-AAAAAAB"):   # Vegas scores one game; Cumulative Vegas carries
        left = Game.from_text(code, plugins)
        store.game_started(left)
        left.push_text("S")
        store.action_done(left)
        store.game_left(left)
    store.close()
    app = launch("play", DEAL_G, language="el_GR.UTF-8")
    app.after(lambda: app.resize(800, 600), lambda s: s["window"] == [800, 600])
    numbers = _stats_json(tmp_path)
    words = read_catalog("el")
    state = app.after(lambda: app.key("F2"), lambda s: s["overlay"] == "stats")
    rows = table_rows(state)
    names = [f"{words['Draw 1']} · Normal", f"{words['Draw 1']} · {words['Cumulative Vegas']}",
             f"{words['Draw 3']} · Vegas", words["All games"]]
    assert [row[0] for row in rows] == names
    for row, variant in zip(rows, ("D1N", "D1VC", "D3V", "total")):
        expected = numbers[variant]
        played, won, rate, streak, longest = row[1:6]
        assert (played, won, streak, longest) == tuple(str(expected[k]) for k in
                                                       ("played", "won", "current_streak", "longest_streak"))
        assert rate == f"{round(expected['win_rate'] * 100)}%"
    minutes, seconds = divmod(int(numbers["D1N"]["fastest_win_seconds"] + 0.5), 60)   # to the nearest second
    assert rows[0][6:] == ["595", f"{minutes}:{seconds:02d}", "119", "–"]
    assert rows[1][6:] == ["-$52", "–", "–", "-$52"] and rows[3][-1] == "-$52"   # the balance: Cumulative Vegas's
    assert rows[2][6:] == ["-$52", "–", "–", "–"]                                # Vegas: one game, no balance
    assert all(0 <= x <= 800 and 0 <= y <= 600 for x, y in state["text_at"]), [(t, xy) for t, xy in zip(state["texts"], state["text_at"]) if not (0 <= xy[0] <= 800 and 0 <= xy[1] <= 600)]
    assert words["Balance"] in state["texts"]
    state = app.after(lambda: app.click(*centre(state["panel"]["reset"])), lambda s: "reset_yes" in s["panel"])
    assert words["Reset all statistics? This cannot be undone."] in state["texts"]
    state = app.after(lambda: app.click(*centre(state["panel"]["reset_no"])), lambda s: "reset" in s["panel"])
    assert _stats_json(tmp_path) == numbers and len(table_rows(state)) == 4
    state = app.after(lambda: app.click(*centre(state["panel"]["reset"])), lambda s: "reset_yes" in s["panel"])
    state = app.after(lambda: app.click(*centre(state["panel"]["reset_yes"])), lambda s: "reset" in s["panel"])
    assert words["No games played yet."] in state["texts"]
    assert _stats_json(tmp_path)["total"]["played"] == 0


def table_rows(state: dict, language: str = "el") -> list[list[str]]:
    """The statistics table as the player reads it: texts on one line, left to right, for the
    lines that begin with a variant's name or the total (the headers wrap, so they are left out)."""
    lines: dict[float, list] = {}
    for text, (x, y) in zip(state["texts"], state["text_at"]):
        lines.setdefault(y, []).append((x, text))
    rows = [[text for _x, text in sorted(line)] for _y, line in sorted(lines.items(), reverse=True)]
    total = "All games" if language == "en" else read_catalog(language)["All games"]
    return [row for row in rows if (len(row) >= 9 and " · " in row[0]) or row[0] == total]
