"""Checking the rows read from the data file one by one, and keeping a damaged one aside.

A file can pass SQLite's integrity check and still hold a row the game cannot use: a byte that
is not UTF-8, a number where text belongs, a snapshot that is not JSON, a setting the game never
writes. Such a row is moved, byte for byte, to the ``kept_aside`` table, so the rest of the file
keeps working and nothing is thrown away.
"""

import errno
import json
import re
import sqlite3
from datetime import datetime
from typing import Any

BAD = object()  # a setting whose stored text is not JSON
KEPT_ASIDE_TABLE = """CREATE TABLE IF NOT EXISTS kept_aside (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,         -- the table the row came from
    found_at TEXT NOT NULL,
    content TEXT NOT NULL         -- the row's values as SQL literals, text as X'...' bytes
)"""
_TOKENS = re.compile(r"[A-Z][A-Z0-9]{0,15}")
_SAVED_TEXT = ("key", "status", "code", "variant", "scoring", "started_at", "updated_at", "snapshot")
_SAVED_INTS = ("actions", "moves", "undos", "score", "took_back")
_SECONDS = ("played_seconds",)
_RECORD_TEXT = ("key", "code", "variant", "scoring", "started_at", "ended_at")
_RECORD_INTS = ("moves", "undos", "score", "won", "took_back")


class Undecodable(bytes):
    """Text from the file that is not UTF-8 (what :func:`text` gives instead of raising)."""


def text(raw: bytes) -> str | Undecodable:
    """The connection's text factory: a damaged byte makes one value unusable, not the whole query."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw)


def is_saved_game(row: sqlite3.Row) -> bool:
    """Whether a ``saved_games`` row holds what the game writes there."""
    if not _typed(row, _SAVED_TEXT, _SAVED_INTS) or not _times(row, "started_at", "updated_at") or not _seconds(
            row, allow_none=False):
        return False
    try:
        return isinstance(json.loads(row["snapshot"]), dict)
    except ValueError:
        return False


def is_record(row: sqlite3.Row) -> bool:
    """Whether a ``games`` row holds what the game writes there."""
    reset_ok = row["reset_at"] is None or isinstance(row["reset_at"], str)
    return (reset_ok and _typed(row, _RECORD_TEXT, _RECORD_INTS) and _times(row, "started_at", "ended_at")
            and _seconds(row, allow_none=True))


def setting_value(row: sqlite3.Row) -> Any:
    """A settings row's value, or :data:`BAD` when it cannot be read."""
    if not isinstance(row["key"], str) or not isinstance(row["value"], str):
        return BAD
    try:
        return json.loads(row["value"])
    except ValueError:
        return BAD


def known_setting(key: str, value: Any) -> bool:
    """Whether ``value`` is one the game writes under ``key`` (a key the game does not check: yes)."""
    check = _SETTINGS.get(key)
    return value is None or check is None or check(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_SETTINGS = {
    "language": lambda v: isinstance(v, str) and len(v) <= 16,
    "draw": lambda v: isinstance(v, str) and _TOKENS.fullmatch(v) is not None,
    "scoring": lambda v: isinstance(v, str) and _TOKENS.fullmatch(v) is not None,
    "double_click_ms": lambda v: _whole(v) and 50 <= v <= 2000,
    "window_size": lambda v: isinstance(v, list) and len(v) == 2 and all(_whole(n) and 0 < n < 100_000 for n in v),
}


def keep_aside(conn: sqlite3.Connection, table: str, rowid: int, stamp: str) -> None:
    """Move one row of ``table`` to ``kept_aside`` in ``conn``'s open transaction."""
    conn.execute(KEPT_ASIDE_TABLE)
    columns = [info[1] for info in conn.execute(f"PRAGMA table_info({table})")]
    literals = " || ', ' || ".join(
        f"quote(CASE typeof({c}) WHEN 'text' THEN CAST({c} AS BLOB) ELSE {c} END)" for c in columns)
    conn.execute(f"INSERT INTO kept_aside (source, found_at, content) SELECT ?, ?, {literals} FROM {table} "
                 "WHERE rowid = ?", (table, stamp, rowid))
    conn.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))


def cause_of(exc: BaseException) -> str:
    """Why a file takes no writes: ``"locked"``, ``"disk_full"``, ``"permissions"`` or ``"other"``."""
    name = getattr(exc, "sqlite_errorname", "")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(exc):
        return "locked"
    if name.startswith("SQLITE_FULL") or getattr(exc, "errno", None) == errno.ENOSPC:
        return "disk_full"
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")) or isinstance(
            exc, PermissionError) or getattr(exc, "errno", None) in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "permissions"
    return "other"


def _typed(row: sqlite3.Row, texts: tuple[str, ...], ints: tuple[str, ...]) -> bool:
    return (all(type(row[c]) is str for c in texts)
            and all(isinstance(row[c], int) and not isinstance(row[c], bool) for c in ints))


def _seconds(row: sqlite3.Row, allow_none: bool) -> bool:
    """A play time: a number of seconds (``NULL`` in records older than the measure)."""
    value = row["played_seconds"] if "played_seconds" in row.keys() else 0  # noqa: SIM118
    return (value is None and allow_none) or (isinstance(value, (int, float)) and value >= 0)


def _times(row: sqlite3.Row, *names: str) -> bool:
    try:
        return all(datetime.fromisoformat(row[name]).tzinfo is not None for name in names)
    except ValueError:
        return False
