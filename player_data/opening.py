"""Finding the data file and opening it whatever state it is in: damaged, too new, or unwritable."""

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import platformdirs

from .schema import ForeignFileError, NewerSchemaError, check_version, migrate
from .store import Notice, Store

FOLDER_VARIABLE = "SOLITAIRE_KLONDIKE_DATA"
FILE_NAME = "klondike.sqlite3"
BUSY_TIMEOUT_MS = 5000
OPEN_PATIENCE_S = 30  # how long to wait, at start, for another copy of the game to let go of the file
_DAMAGE = {"SQLITE_NOTADB", "SQLITE_CORRUPT"}
_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}


def data_folder() -> Path:
    """The folder named by ``SOLITAIRE_KLONDIKE_DATA``, else the user's data folder."""
    named = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(named) if named else Path(platformdirs.user_data_dir("solitaire-klondike", appauthor=False))


def open_store(folder: Path | None = None) -> Store:
    """Open the player's data; never raises for a damaged, too new or unwritable file.

    Whatever went wrong is told in :attr:`Store.notices`, one sentence each.
    """
    folder = Path(folder) if folder is not None else data_folder()
    path = folder / FILE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return Store(_connect_waiting(path), path)
    except NewerSchemaError:
        kind, why = "newer_schema", "was written by a newer version of Solitaire Klondike"
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "") not in _DAMAGE and not isinstance(exc, ForeignFileError):
            return _memory_store(folder)
        kind, why = "damaged", "could not be read"
    except OSError:
        return _memory_store(folder)
    try:
        aside = _move_aside(path, "newer" if kind == "newer_schema" else "damaged")
        store = Store(_connect(path), path)
    except (OSError, sqlite3.Error, NewerSchemaError):
        return _memory_store(folder)
    store.notices.append(Notice(kind, f"Your saved data {why}, so it was kept aside as {aside.name} "
                                      "and a fresh store was started."))
    return store


def read_setting(key: str, default: Any = None, folder: Path | None = None) -> Any:
    """One remembered setting, read without creating, changing or waiting for the data file
    (``default`` when there is no file, no such setting, or the file cannot be read now)."""
    path = (Path(folder) if folder is not None else data_folder()) / FILE_NAME
    if not path.is_file():
        return default
    try:
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0.5)
        try:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        finally:
            conn.close()
        return json.loads(row[0]) if row else default
    except (sqlite3.Error, ValueError, TypeError):
        return default


def _connect_waiting(path: Path) -> sqlite3.Connection:
    """:func:`_connect`, waiting while another copy of the game holds the file: some steps, like
    switching the journal mode, answer "busy" at once instead of waiting for the busy timeout,
    and a copy saving after every action can keep the file busy for longer than that timeout."""
    deadline = time.monotonic() + OPEN_PATIENCE_S
    while True:
        try:
            return _connect(path)
        except sqlite3.OperationalError as exc:
            busy = getattr(exc, "sqlite_errorname", "") in _BUSY or "locked" in str(exc)
            if not busy or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _connect(path: Path | None) -> sqlite3.Connection:
    """Open, check and migrate the file (``None``: in memory); raise ``sqlite3.Error`` or ``NewerSchemaError``."""
    conn = sqlite3.connect(path or ":memory:", timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise ForeignFileError("; ".join(problems[:3]))
        check_version(conn)  # before anything writes to a file that may not be ours
        if path and conn.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
            raise sqlite3.OperationalError("the data file cannot use write-ahead logging")
        conn.execute("PRAGMA synchronous = FULL")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _move_aside(path: Path, label: str) -> Path:
    """Rename the file and its ``-wal``/``-shm`` companions to ``NAME.label-YYYYmmdd-HHMMSS``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{label}-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.{label}-{stamp}-{number}")
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(aside.with_name(aside.name + suffix))
    path.rename(aside)
    return aside


def _memory_store(folder: Path) -> Store:
    store = Store(_connect(None), None)
    store.notices.append(Notice("unwritable", f"The data folder {folder} cannot be written, so nothing you play "
                                              "will be saved."))
    return store
