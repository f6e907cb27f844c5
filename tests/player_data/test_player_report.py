"""`klondike stats`: the same numbers as the store gives the Statistics window, as a table, JSON and CSV."""

import csv
import importlib.util
import json
import re
import subprocess
from pathlib import Path

from easy_deal import play_to_win, winning_move
from store_helpers import KLONDIKE, Clock, child_env, easy_game

from solitaire_klondike.player_data import open_store
from solitaire_klondike.player_data.report import stats_table


def _history(folder: Path, plugins) -> dict:
    """Three games won, one second an action, and a Cumulative Vegas game left after one card to its foundation."""
    store, clock = open_store(folder), Clock()
    for variant in ("D1N", "D1VC", "D3V"):
        game = easy_game(plugins, variant)
        store.game_started(game, clock())
        play_to_win(game, lambda: store.action_done(game, clock()))
        store.game_left(game, clock())
    game = easy_game(plugins, "D1VC", deal=2)
    store.game_started(game, clock())
    game.push(winning_move(game))
    store.action_done(game, clock())
    store.game_left(game, clock())
    stats = store.statistics(plugins.carrying_scorings())
    store.close()
    return stats


def _klondike(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([KLONDIKE, "stats", *args], capture_output=True, text=True, env=child_env(folder))


def test_stats_json_is_what_the_statistics_window_shows(folder: Path, plugins) -> None:
    stats = _history(folder, plugins)
    result = _klondike(folder, "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert json.loads(result.stdout) == stats
    assert stats["D1VC"]["balance"] == stats["total"]["balance"] == 208 - 47   # only Cumulative Vegas carries
    assert "balance" not in stats["D3V"]


def test_stats_table_has_a_line_per_variant_and_a_total_with_scores_as_the_plugins_show_them(
        folder: Path, plugins) -> None:
    _history(folder, plugins)
    lines = _klondike(folder).stdout.splitlines()
    rows = {cells[0]: cells[1:] for cells in (re.split(r"\s{2,}", line.strip()) for line in lines)}
    assert rows["Variant"] == ["Played", "Won", "Won %", "Streak", "Best streak", "Best score", "Fastest win",
                               "Fewest moves", "Balance"]
    assert rows["Draw 1 · Normal (D1N)"] == ["1", "1", "100%", "1", "1", "625", "1:16", "76", "-"]
    assert rows["Draw 1 · Cumulative Vegas (D1VC)"] == ["2", "1", "50%", "0", "1", "+$208", "1:16", "76", "+$161"]
    assert rows["Draw 3 · Vegas (D3V)"] == ["1", "1", "100%", "1", "1", "+$208", "1:00", "60", "-"]   # no balance
    assert rows["All games"] == ["4", "3", "75%", "0", "3", "-", "1:00", "60", "+$161"]
    assert len(rows) == 5


def test_stats_export_writes_every_game_record(folder: Path, plugins, tmp_path: Path) -> None:
    _history(folder, plugins)
    target = tmp_path / "games.csv"
    result = _klondike(folder, "--export", str(target))
    assert result.returncode == 0 and "Wrote 4 game records" in result.stdout
    with target.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["code"], r["won"], r["score"]) for r in rows] == [
        ("KL1-D1N-AAAAAAB", "yes", "625"), ("KL1-D1VC-AAAAAAB", "yes", "208"),
        ("KL1-D3V-AAAAAAB", "yes", "208"), ("KL1-D1VC-AAAAAAC", "no", "-47"),
    ]
    assert rows[0]["moves"] == "76" and rows[0]["took_back_from_foundation"] == "no"


def test_stats_export_to_a_folder_that_does_not_exist_says_why(folder: Path, tmp_path: Path) -> None:
    result = _klondike(folder, "--export", str(tmp_path / "missing" / "games.csv"))
    assert result.returncode == 2
    assert "cannot write" in result.stderr and "No such file or directory" in result.stderr


def test_stats_export_writes_the_game_in_progress_that_the_table_counts(folder: Path, plugins, tmp_path: Path) -> None:
    _history(folder, plugins)
    store, clock = open_store(folder), Clock()
    game = easy_game(plugins, "D3N", deal=3)
    store.game_started(game, clock())
    game.push(winning_move(game))
    store.action_done(game, clock(7))
    store.close()
    table = {re.split(r"\s{2,}", line.strip())[0]: line for line in _klondike(folder).stdout.splitlines()}
    assert re.split(r"\s{2,}", table["All games"].strip())[1] == "5"
    target = tmp_path / "games.csv"
    assert "Wrote 5 game records" in _klondike(folder, "--export", str(target)).stdout
    with target.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    playing = rows[-1]
    assert (playing["code"], playing["ended_at"], playing["won"], playing["in_progress"]) == (
        "KL1-D3N-AAAAAAD", "", "no", "yes")
    assert playing["seconds"] == "7.0" and playing["moves"] == "1"
    assert {row["in_progress"] for row in rows[:-1]} == {"no"}


def test_seconds_count_the_time_the_game_was_open_not_the_time_it_was_closed(folder: Path, plugins) -> None:
    solved = easy_game(plugins, "D1N")
    play_to_win(solved)
    moves, half = list(solved.history), len(solved.history) // 2
    store, clock = open_store(folder), Clock()
    replay = easy_game(plugins, "D1N")
    store.game_started(replay, clock())
    for move in moves[:half]:
        replay.push(move)
        store.action_done(replay, clock(2))
    store.close()
    clock(86_400)  # the game stays closed for a day
    store = open_store(folder)
    resumed = store.resume(plugins, clock())
    assert resumed is not None
    for move in moves[half:]:
        resumed.push(move)
        store.action_done(resumed, clock(2))
    [record] = store.records()
    assert record["won"] == 1 and record["played_seconds"] == 2 * len(moves)
    assert store.statistics()["D1N"]["fastest_win_seconds"] == 2 * len(moves)


def test_a_third_party_scoring_that_carries_its_score_shows_its_balance(folder: Path, plugins) -> None:
    """The site's two-pass Cumulative Vegas example declares ``carries_score``: its games add up to a balance,
    written as the plugin writes a score, and no one outside the plugin knows its token."""
    example = Path(__file__).parents[1] / "site" / "plugin_example" / "klondike_two_pass_vegas.py"
    spec = importlib.util.spec_from_file_location("klondike_two_pass_vegas", example)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert plugins.add(module, "two-pass-vegas").loaded
    assert plugins.carrying_scorings() == {"VC", "V2"}
    store, clock = open_store(folder), Clock()
    won = easy_game(plugins, "D1V2")
    store.game_started(won, clock())
    play_to_win(won, lambda: store.action_done(won, clock()))
    store.game_left(won, clock())
    left = easy_game(plugins, "D1V2", deal=2)
    store.game_started(left, clock())
    left.push(winning_move(left))
    store.action_done(left, clock())
    store.game_left(left, clock())
    stats = store.statistics(plugins.carrying_scorings())
    store.close()
    assert stats["D1V2"]["balance"] == stats["total"]["balance"] == 208 - 47
    rows = {cells[0]: cells[1:] for cells in (re.split(r"\s{2,}", line.strip())
                                              for line in stats_table(stats, plugins).splitlines())}
    assert rows["Draw 1 · Cumulative Vegas, two passes (D1V2)"][-1] == "161 dollars"
    assert rows["All games"][-1] == "161 dollars"
