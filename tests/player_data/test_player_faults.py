"""Damaged, too new and unwritable data files: the game starts, says so once, and plays on."""

import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from easy_deal import play_to_win
from store_helpers import KLONDIKE, child_env, easy_game, hard_game, saved_game, start_and_play_once

from solitaire_klondike.player_data import FILE_NAME, open_store


def _store_with_a_won_game(folder: Path, plugins) -> bytes:
    store = open_store(folder)
    for deal in range(1, 4):
        game = easy_game(plugins, deal=deal)
        store.game_started(game)
        play_to_win(game, lambda: store.action_done(game))
        store.game_left(game)
    store.close()
    return (folder / FILE_NAME).read_bytes()


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(path.stat().st_size))


def _foreign(path: Path) -> None:
    path.unlink()
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (name TEXT)")
        conn.execute("PRAGMA user_version = 1")
    conn.close()


@pytest.mark.parametrize("damage", [_truncate, _garbage, _foreign])
def test_a_bad_file_is_kept_aside_and_a_fresh_store_starts(folder: Path, plugins, damage) -> None:
    _store_with_a_won_game(folder, plugins)
    damage(folder / FILE_NAME)
    bad = (folder / FILE_NAME).read_bytes()
    store = open_store(folder)
    [notice] = store.notices
    [aside] = folder.glob(f"{FILE_NAME}.damaged-*")
    assert notice.kind == "damaged"
    assert aside.name in notice.text and notice.text.endswith("started.")
    assert aside.read_bytes() == bad
    assert store.writable and store.statistics()["total"]["played"] == 0
    game = hard_game(plugins)
    start_and_play_once(store, game)
    store.close()
    again = open_store(folder)
    assert again.notices == []
    assert saved_game(again, plugins).snapshot() == game.snapshot()


def test_klondike_stats_on_a_damaged_file_says_so_and_shows_fresh_statistics(folder: Path, plugins) -> None:
    _store_with_a_won_game(folder, plugins)
    _garbage(folder / FILE_NAME)
    result = subprocess.run([KLONDIKE, "stats"], capture_output=True,
                            text=True, env=child_env(folder))
    assert result.returncode == 0
    assert "Your saved data could not be read, so it was kept aside and a fresh start was made." in result.stderr
    assert list((folder).glob("klondike.sqlite3.damaged-*"))
    assert "All games" in result.stdout and "No games played yet." in result.stdout


@pytest.fixture
def read_only_folder(folder: Path, plugins) -> Iterator[Path]:
    """A data folder holding a saved file, that this process cannot write (root included)."""
    _store_with_a_won_game(folder, plugins)
    folder.chmod(0o555)
    (folder / FILE_NAME).chmod(0o444)
    locked = os.access(folder, os.W_OK) and subprocess.run(["chattr", "+i", str(folder)]).returncode == 0
    try:
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")
        yield folder
    finally:
        if locked:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)


def test_a_read_only_data_folder_is_read_and_plays_and_says_why_it_cannot_save(read_only_folder: Path,
                                                                              plugins) -> None:
    """Issue 9, case 2: the statistics and the saved game of a store that cannot be written are
    still shown, and the notice names the cause."""
    before = (read_only_folder / FILE_NAME).read_bytes()
    store = open_store(read_only_folder)
    [notice] = store.notices
    assert notice.kind == "unwritable" and notice.detail == "permissions"
    assert "was read, but it cannot be saved" in notice.text and "(permissions)" in notice.text
    assert not store.saving and store.read
    assert store.statistics()["D1N"]["won"] == 3
    game = easy_game(plugins, deal=7)
    store.game_started(game)
    play_to_win(game, lambda: store.action_done(game))
    store.set_setting("language", "es")
    assert store.statistics()["D1N"]["won"] == 4  # counted for this session
    assert store.get_setting("language") == "es"
    assert [n.kind for n in store.notices] == ["unwritable"]  # told once, though every save failed
    store.close()
    assert (read_only_folder / FILE_NAME).read_bytes() == before


def test_a_data_folder_that_cannot_be_made_plays_and_says_nothing_could_be_read(tmp_path: Path, plugins) -> None:
    (tmp_path / "a-file").write_text("in the way")
    store = open_store(tmp_path / "a-file" / "data")
    [notice] = store.notices
    assert notice.kind == "unwritable" and "cannot be read or saved" in notice.text
    assert not store.saving and not store.read
    game = easy_game(plugins)
    store.game_started(game)
    play_to_win(game, lambda: store.action_done(game))
    assert store.statistics()["D1N"]["won"] == 1
    store.close()
