"""Issue 9, cases 1-5 and the stored settings of case 14: exports never destroy, a store that cannot
be written is still read and keeps trying, a newer file is left alone, damage is found row by row."""

import contextlib
import csv
import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from easy_deal import play_to_win, winning_move
from store_helpers import KLONDIKE, child_env, easy_game, hard_game, saved_game, start_and_play_once

from solitaire_klondike.player_data import FILE_NAME, open_store, opening


def _history(folder: Path, plugins, games: int = 3) -> None:
    """``games`` won games of Draw 1 Normal, then a game in progress with two actions."""
    store = open_store(folder)
    for deal in range(1, games + 1):
        game = easy_game(plugins, deal=deal)
        store.game_started(game)
        play_to_win(game, lambda: store.action_done(game))
        store.game_left(game)
    game = easy_game(plugins, deal=50)
    store.game_started(game)
    for _ in range(2):
        game.push(winning_move(game))
        store.action_done(game)
    store.close()


def _stats(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([KLONDIKE, "stats", *args], capture_output=True, text=True, env=child_env(folder))


def _sql(folder: Path, *statements: str) -> list:
    conn = sqlite3.connect(folder / FILE_NAME)
    conn.text_factory = bytes
    try:
        found = []
        for statement in statements:
            found = conn.execute(statement).fetchall()
        conn.commit()
        return found
    finally:
        conn.close()


# --- case 1: exports never destroy ---------------------------------------------------


def test_an_export_does_not_replace_a_file_unless_forced_and_then_renames_a_new_one(folder: Path, plugins,
                                                                                    tmp_path: Path) -> None:
    _history(folder, plugins)
    target = tmp_path / "games.csv"
    target.write_text("my own notes\n")
    refused = _stats(folder, "--export", str(target))
    assert refused.returncode == 2
    assert "already exists; add --force to replace it; nothing was written" in refused.stderr
    assert target.read_text() == "my own notes\n"
    os.link(target, tmp_path / "old-name.csv")  # the old file, under a second name
    forced = _stats(folder, "--export", str(target), "--force")
    assert forced.returncode == 0 and "Wrote 4 game records" in forced.stdout  # 3 won, 1 in progress
    assert len(list(csv.DictReader(target.open()))) == 4
    assert (tmp_path / "old-name.csv").read_text() == "my own notes\n"  # a new file renamed in, not rewritten
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["games.csv", "old-name.csv"]


@pytest.mark.parametrize("name", [FILE_NAME, FILE_NAME + "-wal", FILE_NAME + "-shm", "link-to-data", "hard-link"])
def test_an_export_never_targets_the_data_file_or_its_companions(folder: Path, plugins, name: str) -> None:
    _history(folder, plugins)
    (folder / "link-to-data").symlink_to(folder / FILE_NAME)
    os.link(folder / FILE_NAME, folder / "hard-link")
    before = _sql(folder, "SELECT * FROM games")
    result = _stats(folder, "--export", str(folder / name), "--force")
    assert result.returncode == 2 and "the game's own data file, which an export never replaces" in result.stderr
    assert _sql(folder, "SELECT * FROM games") == before
    store = open_store(folder)
    assert store.statistics()["D1N"]["won"] == 3 and store.resume(plugins) is not None
    store.close()


# --- case 2: a store that cannot be written is still read -----------------------------------


def test_klondike_stats_and_export_read_a_store_that_cannot_be_written(folder: Path, plugins, tmp_path: Path) -> None:
    _history(folder, plugins)
    folder.chmod(0o555)
    subprocess.run(["chattr", "+i", str(folder)], check=True)
    try:
        shown = _stats(folder, "--json")
        exported = _stats(folder, "--export", str(tmp_path / "games.csv"))
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)
    assert shown.returncode == 0 and json.loads(shown.stdout)["D1N"]["won"] == 3
    assert "Your progress cannot be saved right now. The data folder may not be written." in shown.stderr
    assert exported.returncode == 0 and len(list(csv.DictReader((tmp_path / "games.csv").open()))) == 4


def test_an_export_from_a_store_that_could_not_be_read_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("in the way")
    target = tmp_path / "games.csv"
    target.write_text("a good export\n")
    result = _stats(tmp_path / "a-file" / "data", "--export", str(target), "--force")
    assert result.returncode == 2 and "could not be read, so there are no records to export" in result.stderr
    assert target.read_text() == "a good export\n"


def test_a_locked_store_is_read_names_the_lock_and_saves_once_the_lock_is_gone(folder: Path, plugins,
                                                                                monkeypatch) -> None:
    _history(folder, plugins)
    monkeypatch.setattr(opening, "OPEN_PATIENCE_S", 0.5)
    monkeypatch.setattr(opening, "BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr(opening, "RETRY_BUSY_TIMEOUT_MS", 10)  # each action tries the locked file again
    other = sqlite3.connect(folder / FILE_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program keeps the file locked
    store = open_store(folder)
    store.retry_seconds = 0
    [notice] = store.notices
    assert notice.kind == "unwritable" and notice.detail == "locked" and "keeps the data file locked" in notice.text
    resumed = store.resume(plugins)
    assert resumed is not None and resumed.move_count == 2 and store.statistics()["D1N"]["won"] == 3
    play_to_win(resumed, lambda: store.action_done(resumed))
    assert not store.saving and store.statistics()["D1N"]["won"] == 4
    other.execute("ROLLBACK")
    other.close()
    store.set_setting("language", "it")
    assert store.saving and store.notices[-1].kind == "saving_again"
    store.close()
    again = open_store(folder)
    assert again.notices == [] and again.statistics()["D1N"]["won"] == 4 and again.get_setting("language") == "it"
    again.close()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 1 MB file system (tmpfs, mounted as root, as the README's test command runs)."""
    mount_point = tmp_path / "small-disk"
    mount_point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount_point)],
                             capture_output=True, text=True)
    if mounted.returncode:
        pytest.fail(f"the full-disk test mounts a small tmpfs and needs root: {mounted.stderr}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=True)


def test_a_full_disk_during_play_is_named_and_every_action_is_saved_once_there_is_room(small_disk: Path,
                                                                                       plugins) -> None:
    folder = small_disk / "data"
    store = open_store(folder)
    store.retry_seconds = 0
    filler = small_disk / "filler"
    with filler.open("wb", buffering=0) as handle, contextlib.suppress(OSError):  # another program fills the disk
        while True:
            handle.write(b"x" * 4096)
    won = 0
    while store.saving:  # play until a save needs room there is not
        game = easy_game(plugins, deal=won + 1)
        store.game_started(game)
        play_to_win(game, lambda: store.action_done(game))
        store.game_left(game)
        won += 1
        assert won < 50
    full = [n for n in store.notices if n.kind == "unwritable"]
    assert [n.detail for n in full] == ["disk_full"] and "the disk is full" in full[0].text
    assert "keeps trying" in full[0].text and "nothing more will be kept" not in full[0].text
    more = start_and_play_once(store, hard_game(plugins))
    assert not store.saving and store.statistics()["D1N"]["won"] == won
    filler.unlink()  # room again: the next save writes everything kept meanwhile
    more.push(more.legal_moves()[0])
    store.action_done(more)
    assert store.saving and store.notices[-1].kind == "saving_again"
    store.close()
    again = open_store(folder)
    assert again.statistics()["D1N"]["won"] == won and again.resume(plugins).snapshot() == more.snapshot()
    again.close()


# --- case 3: a newer file is left alone ----------------------------------------------


def test_a_file_from_a_newer_version_is_read_and_never_changed_or_renamed(folder: Path, plugins) -> None:
    _history(folder, plugins)
    _sql(folder, "PRAGMA user_version = 99", "CREATE TABLE from_the_future (x)")
    data = (folder / FILE_NAME).read_bytes()
    result = _stats(folder, "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["D1N"]["won"] == 3
    assert "comes from a newer version of the game, so this version only reads it and leaves it as it is" in result.stderr
    store = open_store(folder)
    [notice] = store.notices
    assert notice.kind == "newer_schema" and not store.saving
    game = store.resume(plugins)
    assert game is not None and game.move_count == 2
    play_to_win(game, lambda: store.action_done(game))
    store.close()
    assert [p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm"))] == [FILE_NAME]
    assert (folder / FILE_NAME).read_bytes() == data


# --- case 4: damage found row by row ---------------------------------------------------


def test_an_undecodable_byte_in_the_saved_game_keeps_that_row_aside_and_saving_goes_on(folder: Path,
                                                                                       plugins) -> None:
    _history(folder, plugins)
    _sql(folder, "UPDATE saved_games SET snapshot = CAST(X'7B2263FF' AS TEXT) WHERE status = 'current'")
    store = open_store(folder)
    assert store.resume(plugins) is None
    assert [(n.kind, n.detail) for n in store.notices] == [("kept_aside", "saved_game")]
    fresh = start_and_play_once(store, hard_game(plugins))
    assert store.saving and store.statistics()["D1N"]["won"] == 3
    store.close()
    again = open_store(folder)
    assert saved_game(again, plugins).snapshot() == fresh.snapshot() and again.notices == []
    again.close()
    [(source, content)] = _sql(folder, "SELECT source, content FROM kept_aside")
    assert source == b"saved_games" and b"X'7B2263FF'" in content  # the damaged bytes, kept as they were


@pytest.mark.parametrize("damage", [
    "UPDATE games SET code = CAST(X'4B4CFF' AS TEXT) WHERE id = 2",
    "UPDATE games SET moves = 'many' WHERE id = 2",
    "UPDATE games SET ended_at = 'yesterday' WHERE id = 2",
])
def test_a_damaged_game_record_is_kept_aside_and_the_rest_of_the_history_shows(folder: Path, plugins,
                                                                               damage: str) -> None:
    _history(folder, plugins)
    _sql(folder, damage)
    result = _stats(folder, "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["D1N"]["won"] == 2
    assert "A damaged game record was kept aside in the data file; the rest of your statistics are shown." in result.stderr
    store = open_store(folder)
    assert store.notices == [] and len(store.records()) == 2
    game = saved_game(store, plugins)
    play_to_win(game, lambda: store.action_done(game))
    assert store.saving and store.statistics()["D1N"]["won"] == 3
    store.close()
    assert len(_sql(folder, "SELECT * FROM kept_aside")) == 1


def test_damaged_or_unknown_settings_give_the_defaults_with_a_notice(folder: Path) -> None:
    store = open_store(folder)
    for key, value in (("language", ["ca"]), ("double_click_ms", "fast"), ("window_size", {"w": 3}), ("draw", 7),
                       ("scoring", "N"), ("theme", {"any": "thing"})):
        store.set_setting(key, value)
    store.close()
    _sql(folder, "UPDATE settings SET value = CAST(X'22FF22' AS TEXT) WHERE key = 'scoring'")
    store = open_store(folder)
    assert [store.get_setting(k, "default") for k in ("language", "double_click_ms", "window_size", "draw")] == [
        "default"] * 4
    assert store.get_setting("scoring", "N") == "N" and store.get_setting("theme") == {"any": "thing"}
    assert [(n.kind, n.detail) for n in store.notices] == [
        ("setting_default", "language"), ("setting_default", "double_click_ms"), ("setting_default", "window_size"),
        ("setting_default", "draw"), ("kept_aside", "setting")]
    store.set_setting("scoring", "V")
    assert store.get_setting("scoring") == "V"
    store.close()
