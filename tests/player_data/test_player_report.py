"""`klondike stats`: the same numbers as the store gives the Statistics window, as a table, JSON and CSV."""

import csv
import json
import re
import subprocess
from pathlib import Path

from easy_deal import play_to_win, winning_move
from store_helpers import KLONDIKE, Clock, child_env, easy_game

from solitaire_klondike.player_data import open_store


def _history(folder: Path, plugins) -> dict:
    """Three games won, one second an action, and a Vegas game left after one card to its foundation."""
    store, clock = open_store(folder), Clock()
    for variant in ("D1N", "D1V", "D3V"):
        game = easy_game(plugins, variant)
        store.game_started(game, clock())
        play_to_win(game, lambda: store.action_done(game, clock()))
        store.game_left(game, clock())
    game = easy_game(plugins, "D1V", deal=2)
    store.game_started(game, clock())
    game.push(winning_move(game))
    store.action_done(game, clock())
    store.game_left(game, clock())
    stats = store.statistics()
    store.close()
    return stats


def _klondike(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([KLONDIKE, "stats", *args], capture_output=True, text=True, env=child_env(folder))


def test_stats_json_is_what_the_statistics_window_shows(folder: Path, plugins) -> None:
    stats = _history(folder, plugins)
    result = _klondike(folder, "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == stats
    assert stats["D1V"]["vegas_balance"] == 208 - 47
    assert stats["total"]["vegas_balance"] == 208 - 47 + 208


def test_stats_table_has_a_line_per_variant_and_a_total_with_scores_as_the_plugins_show_them(
        folder: Path, plugins) -> None:
    _history(folder, plugins)
    lines = _klondike(folder).stdout.splitlines()
    rows = {cells[0]: cells[1:] for cells in (re.split(r"\s{2,}", line.strip()) for line in lines)}
    assert rows["Variant"] == ["Played", "Won", "Win rate", "Streak", "Longest", "Best score", "Fastest win",
                               "Fewest moves", "Vegas balance"]
    assert rows["Draw 1, Normal (D1N)"] == ["1", "1", "100%", "1", "1", "625", "1:16", "76", "-"]
    assert rows["Draw 1, Vegas (D1V)"] == ["2", "1", "50%", "0", "1", "+$208", "1:16", "76", "+$161"]
    assert rows["Draw 3, Vegas (D3V)"] == ["1", "1", "100%", "1", "1", "+$208", "1:00", "60", "+$208"]
    assert rows["Total"] == ["4", "3", "75%", "0", "3", "-", "1:00", "60", "+$369"]
    assert len(rows) == 5


def test_stats_export_writes_every_game_record(folder: Path, plugins, tmp_path: Path) -> None:
    _history(folder, plugins)
    target = tmp_path / "games.csv"
    result = _klondike(folder, "--export", str(target))
    assert result.returncode == 0 and "Wrote 4 game records" in result.stdout
    with target.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["code"], r["won"], r["score"]) for r in rows] == [
        ("KL1-D1N-AAAAAAB", "yes", "625"), ("KL1-D1V-AAAAAAB", "yes", "208"),
        ("KL1-D3V-AAAAAAB", "yes", "208"), ("KL1-D1V-AAAAAAC", "no", "-47"),
    ]
    assert rows[0]["moves"] == "76" and rows[0]["took_back_from_foundation"] == "no"


def test_stats_export_to_a_folder_that_does_not_exist_says_why(folder: Path, tmp_path: Path) -> None:
    result = _klondike(folder, "--export", str(tmp_path / "missing" / "games.csv"))
    assert result.returncode == 2
    assert "cannot write" in result.stderr and "No such file or directory" in result.stderr
