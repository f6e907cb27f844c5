"""Finding the data file and opening it whatever state it is in: damaged, too new, or unwritable.

A damaged file is renamed (kept aside) and a fresh one started; a file that cannot be written, or
that a newer version wrote, is read into memory and never renamed."""

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import platformdirs

from .schema import ForeignFileError, NewerSchemaError, check_version, migrate
from .store import Notice, Store, cannot_save_notice

FOLDER_VARIABLE = "SOLITAIRE_KLONDIKE_DATA"
FILE_NAME = "klondike.sqlite3"
CACHE_FOLDER = "cache"  # in the folder named by SOLITAIRE_KLONDIKE_DATA
BUSY_TIMEOUT_MS = 5000
RETRY_BUSY_TIMEOUT_MS = 250  # a store that cannot save tries the file again without keeping the player waiting
OPEN_PATIENCE_S = 30  # how long to wait, at start, for another copy of the game to let go of the file
_DAMAGE = {"SQLITE_NOTADB", "SQLITE_CORRUPT"}
_BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}


def data_folder() -> Path:
    """The folder named by ``SOLITAIRE_KLONDIKE_DATA``, else the user's data folder."""
    named = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(named) if named else Path(platformdirs.user_data_dir("solitaire-klondike", appauthor=False))


def cache_folder() -> Path:
    """Where the desktop game keeps what it can make again (its drawn cards): the folder ``cache``
    in the folder named by ``SOLITAIRE_KLONDIKE_DATA``, else the user's cache folder."""
    named = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(named) / CACHE_FOLDER if named else Path(platformdirs.user_cache_dir("solitaire-klondike"))


def open_store(folder: Path | None = None) -> Store:
    """Open the player's data; never raises for a damaged, too new or unwritable file.

    A file that cannot be written is still read; one written by a newer version is only read and
    never changed; a damaged one is kept aside. Whatever went wrong is told in
    :attr:`Store.notices`, one sentence each.
    """
    folder = Path(folder) if folder is not None else data_folder()
    path = folder / FILE_NAME

    def reconnect() -> sqlite3.Connection:
        folder.mkdir(parents=True, exist_ok=True)
        return _connect(path, RETRY_BUSY_TIMEOUT_MS)

    try:
        folder.mkdir(parents=True, exist_ok=True)
        return Store(_connect_waiting(path), path, reconnect=reconnect)
    except NewerSchemaError:
        return _read_only(path, None, None)
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorname", "") not in _DAMAGE and not isinstance(exc, ForeignFileError):
            return _read_only(path, exc, reconnect)
    except OSError as exc:
        return _read_only(path, exc, reconnect)
    try:
        aside = _move_aside(path, "damaged")
        store = Store(_connect(path), path, reconnect=reconnect)
    except (OSError, sqlite3.Error, NewerSchemaError) as exc:
        store = Store(_connect(None), path, saving=False, read=False)
        store.notices.append(Notice("damaged", f"Your saved data could not be read, and it could not be kept aside "
                                               f"either ({exc}), so nothing you play now is saved.", "not_kept"))
        return store
    store.notices.append(Notice("damaged", f"Your saved data could not be read, so it was kept aside as {aside.name} "
                                           "and a fresh store was started."))
    return store


def _read_only(path: Path, exc: BaseException | None, reconnect) -> Store:
    """A store on a copy in memory of the file (when it can be read at all): for a file that takes no
    writes (``exc`` says why; ``reconnect`` tries again later) or, with ``exc`` ``None``, one
    written by a newer version, which is never written."""
    memory, read = _connect(None), False
    try:
        source = _open_for_reading(path)
        try:
            source.backup(memory)
        finally:
            source.close()
        read = True
        migrate(memory)
    except NewerSchemaError:
        pass
    except (sqlite3.Error, OSError):
        memory.close()
        memory, read = _connect(None), False
    if exc is None:
        store = Store(memory, path, saving=False, read=read)
        store.notices.append(Notice("newer_schema", "Your data file was written by a newer version of Solitaire "
                                                    "Klondike, so this version only reads it and leaves it as it is: "
                                                    "nothing you play now is saved."))
        return store
    store = Store(memory, path, saving=False, read=read, reconnect=reconnect)
    store.notices.append(cannot_save_notice(exc, read))
    return store


def _open_for_reading(path: Path) -> sqlite3.Connection:
    """The file opened read-only (without its shared-memory file when that cannot be made)."""
    last: sqlite3.Error | None = None
    for options in ("mode=ro", "mode=ro&immutable=1"):
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?{options}", uri=True, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            check_version(conn)
            return conn
        except NewerSchemaError:
            return conn
        except sqlite3.Error as exc:
            conn.close()
            last = exc
    assert last is not None
    raise last


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


def _connect(path: Path | None, busy_ms: int | None = None) -> sqlite3.Connection:
    """Open, check and migrate the file (``None``: in memory); raise ``sqlite3.Error`` or ``NewerSchemaError``."""
    busy_ms = BUSY_TIMEOUT_MS if busy_ms is None else busy_ms
    conn = sqlite3.connect(path or ":memory:", timeout=busy_ms / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {busy_ms}")
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
