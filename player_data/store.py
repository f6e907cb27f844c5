"""The store: saves the game in progress after every action, keeps settings, records finished games.

Every write is a small function of a connection, so that a write the file refuses (a lock, a full
disk, permissions) is applied to a copy in memory, kept, and written to the file as soon as it
takes writes again: the player keeps seeing everything played, and nothing is lost or hidden.
"""

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Collection
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from solitaire_klondike.core import Game, GameCode, InvalidCodeError, PluginError, Plugins

from . import rows
from .statistics import compute_statistics

Work = Callable[[sqlite3.Connection], object]
RETRY_SECONDS = 2.0  # how often, at most, a store that cannot save tries the file again

_SAVED_COLUMNS = ("key", "status", "code", "variant", "scoring", "started_at", "updated_at", "actions", "moves",
                  "undos", "score", "took_back", "snapshot", "played_seconds")
_RECORD_COLUMNS = ("key", "code", "variant", "scoring", "started_at", "ended_at", "moves", "undos", "score", "won",
                   "took_back", "played_seconds")


PLUGINS_OFF = "plugins_off"     # the setting: names of the plugins the player turned off


def plugins_off(value: Any) -> list[str]:
    """The :data:`PLUGINS_OFF` setting as a list of names (empty when it is not one)."""
    return [n for n in value if isinstance(n, str)] if isinstance(value, list) else []


class Notice(NamedTuple):
    """Something the player should be told once.

    ``kind`` is ``"damaged"``, ``"newer_schema"``, ``"unwritable"``, ``"saving_again"``, ``"kept_aside"``,
    ``"setting_default"``, ``"game_unreadable"`` or ``"plugin_missing"``; ``text`` is one English
    sentence; ``detail`` is what a front end needs to say it in its own words: for ``unwritable`` the
    cause (``"locked"``, ``"disk_full"``, ``"permissions"`` or ``"other"``), for ``kept_aside`` what
    was kept aside (``"saved_game"``, ``"record"``, ``"setting"``), for ``setting_default`` the
    setting's name.
    """

    kind: str
    text: str
    detail: str = ""


class Store:
    """The player's data in one SQLite connection; use :func:`open_store` to get one.

    ``saving`` tells whether writes reach the file now; ``read`` whether the file's contents were
    read (an export from a store that was not read is refused).
    """

    def __init__(self, conn: sqlite3.Connection, path: Path | None, *, saving: bool = True, read: bool = True,
                 reconnect: Callable[[], sqlite3.Connection] | None = None) -> None:
        self.conn = _prepared(conn)
        self.path = path
        self.saving = saving
        self.read = read
        self.notices: list[Notice] = []
        self.retry_seconds = RETRY_SECONDS
        self._reconnect = reconnect
        self._pending: list[Work] = []
        self._next_try = 0.0
        self._told: set[tuple[str, str]] = set()
        self._game: Game | None = None
        self._key = ""
        self._started_at = ""
        self._actions = 0
        self._played = 0.0  # seconds the game has been open, counted up to self._seen
        self._seen = datetime.now(UTC)

    @property
    def writable(self) -> bool:
        """The same as :attr:`saving` (the older name)."""
        return self.saving

    # --- settings ----------------------------------------------------------------

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting's value, or ``default`` when it is unset, unreadable or not a value the game
        writes (told once as a notice; a damaged row is kept aside)."""
        found = self._read("SELECT rowid AS row_id, key, value FROM settings WHERE key = ?", (key,))
        if not found:
            return default
        value = rows.setting_value(found[0])
        if value is rows.BAD:
            self._keep_aside("settings", found[0]["row_id"], "setting")
            return default
        if not rows.known_setting(key, value):
            self._tell(Notice("setting_default", f"The setting {key!r} held a value the game does not use, so "
                                                 "its default is used.", key))
            return default
        return value

    def set_setting(self, key: str, value: Any) -> None:
        """Keep a JSON-ready value under ``key``."""
        text = json.dumps(value)
        self._write(lambda conn: conn.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, text)))

    # --- the game in progress --------------------------------------------------------

    def resume(self, plugins: Plugins, now: datetime | None = None) -> Game | None:
        """The saved game in progress, or ``None``.

        A saved game that needs a missing plugin, or that does not replay, is kept aside in the
        file with a notice. A game kept for a missing plugin comes back once the plugin is
        installed, when no other game in progress has an action; one that did not replay is tried
        again whenever the installed plugins change.
        """
        self._retry_after_plugin_change(plugins)
        current = self._current_row()
        game = self._replay(current, plugins) if current else None
        if game is not None and current is not None and current["actions"] > 0:
            return self._adopt(game, current, now)
        for row in self._saved_rows("waiting_plugin"):
            waiting = _replayed(row, plugins)
            if isinstance(waiting, Game):
                def swap(conn: sqlite3.Connection, key: str = row["key"]) -> None:
                    conn.execute("DELETE FROM saved_games WHERE status = 'current'")
                    conn.execute("UPDATE saved_games SET status = 'current' WHERE key = ?", (key,))
                self._write(swap)
                return self._adopt(waiting, row, now)
        return self._adopt(game, current, now) if game is not None and current is not None else None

    def game_started(self, game: Game, now: datetime | None = None) -> None:
        """A new deal (or a restart) is on the table; the game it replaces is abandoned if it had an action."""
        if game is self._game:
            return
        stamp = _stamp(now)
        self._game, self._key, self._started_at, self._actions = game, os.urandom(16).hex(), stamp, 0
        self._played, self._seen = 0.0, _moment(now)
        row = self._row(stamp)
        self._write(lambda conn: _put_current(conn, row))

    def action_done(self, game: Game, now: datetime | None = None) -> None:
        """Call after every push, undo and redo: saves the game, and records a win the first time."""
        if game is not self._game:
            self.game_started(game, now)
        self._actions += 1
        self._count_time(now)
        row, won = self._row(_stamp(now)), game.is_won()

        def save(conn: sqlite3.Connection) -> None:
            _put_current(conn, row)
            if won:
                _record(conn, row, won=True)
        self._write(save)

    def game_left(self, game: Game, now: datetime | None = None) -> None:
        """The player leaves the game (new game, restart): recorded as abandoned if it had an action."""
        if game is not self._game:
            return
        self._count_time(now)
        row, won = self._row(_stamp(now)), game.is_won()

        def leave(conn: sqlite3.Connection) -> None:
            _put_current(conn, row)
            if row["actions"]:
                _record(conn, row, won=won)
            conn.execute("DELETE FROM saved_games WHERE key = ?", (row["key"],))
        self._write(leave)
        self._game = None

    def game_set_aside(self, game: Game) -> None:
        """The game cannot go on (a plugin of it failed): keep it, like a game whose plugin is missing,
        for when its plugins work again (one with no action yet is simply dropped)."""
        if game is not self._game:
            return
        key, had_action = self._key, self._actions > 0

        def set_aside(conn: sqlite3.Connection) -> None:
            if had_action:
                conn.execute("UPDATE saved_games SET status = 'waiting_plugin' WHERE key = ?", (key,))
            else:
                conn.execute("DELETE FROM saved_games WHERE key = ?", (key,))
        self._write(set_aside)
        self._game = None

    def game_replaced(self, old: Game, new: Game) -> None:
        """``new`` is ``old`` replayed (with a plugin left out): it goes on under the same saved row."""
        if old is self._game:
            self._game = new

    def deals_met(self, draw: str, scoring: str) -> set[int]:
        """The deal numbers of the variant the player has played: games recorded, or saved and not over."""
        variant = draw + scoring
        found = self._read("SELECT code FROM games WHERE variant = ? "
                           "UNION SELECT code FROM saved_games WHERE variant = ?",
                           (variant, variant))
        deals = set()
        for row in found:
            with contextlib.suppress(InvalidCodeError, TypeError, AttributeError):
                deals.add(GameCode.parse(row["code"], [draw], [scoring]).deal)
        return deals

    # --- statistics ------------------------------------------------------------------

    def statistics(self, carrying: Collection[str] = ()) -> dict[str, dict[str, Any]]:
        """The statistics per variant key (``"D1N"``…) and ``"total"``, with a running balance for the
        scoring tokens in ``carrying`` (``Plugins.carrying_scorings()``); see :func:`compute_statistics`."""
        playing = self._read(
            "SELECT variant, scoring FROM saved_games s WHERE status = 'current' AND actions > 0"
            " AND NOT EXISTS (SELECT 1 FROM games g WHERE g.key = s.key)")
        playing = [p for p in playing if isinstance(p["variant"], str) and isinstance(p["scoring"], str)]
        return compute_statistics([r for r in self.records() if not r["reset_at"]], playing, carrying)

    def balance(self, scoring: str) -> int:
        """The running balance of a scoring plugin that carries its score from game to game: the
        final scores of its finished games since the last reset, the game in progress left out
        (the caller adds that game's score as it stands)."""
        rows = self._read("SELECT COALESCE(SUM(score), 0) FROM games WHERE scoring = ? AND reset_at IS NULL"
                          " AND key != ?", (scoring, self._key))
        return int(rows[0][0]) if rows else 0

    def reset_statistics(self, variant: str | None = None, now: datetime | None = None) -> None:
        """Start one variant's statistics (or all) from zero; the records stay in the file, marked."""
        where, args = ("AND variant = ?", (variant,)) if variant else ("", ())
        stamp = _stamp(now)
        self._write(lambda conn: conn.execute(
            f"UPDATE games SET reset_at = ? WHERE reset_at IS NULL {where}", (stamp, *args)))

    def records(self) -> list[dict[str, Any]]:
        """Every readable game record, oldest first, including those a reset took out of the
        statistics; a damaged one is kept aside with a notice."""
        good = []
        columns = ", ".join(_RECORD_COLUMNS)
        for row in self._read(f"SELECT rowid AS row_id, {columns}, reset_at FROM games ORDER BY ended_at, id"):
            if rows.is_record(row):
                good.append({c: row[c] for c in (*_RECORD_COLUMNS, "reset_at")})
            else:
                self._keep_aside("games", row["row_id"], "record")
        return good

    def game_in_progress(self) -> dict[str, Any] | None:
        """The game in progress as a record (``ended_at`` empty), when the statistics count it: it has an action
        and is not recorded yet."""
        current = self._current_row()
        if current is None or not current["actions"] or self._read("SELECT 1 FROM games WHERE key = ?",
                                                                   (current["key"],)):
            return None
        names = current.keys()
        return {**{c: current[c] for c in _RECORD_COLUMNS if c in names}, "ended_at": "", "won": 0, "reset_at": None}

    def close(self) -> None:
        """Close the store, trying the file one last time when writes are still kept for it."""
        if self._pending:
            self._next_try = 0.0
            self._try_file()
        self.conn.close()

    # --- inside ----------------------------------------------------------------------

    def _tell(self, notice: Notice) -> None:
        """Add a notice, once per kind and detail in a session."""
        if (notice.kind, notice.detail) not in self._told:
            self._told.add((notice.kind, notice.detail))
            self.notices.append(notice)

    def _adopt(self, game: Game, row: sqlite3.Row, now: datetime | None) -> Game:
        self._game, self._key = game, row["key"]
        self._started_at, self._actions = row["started_at"], row["actions"]
        self._played, self._seen = row["played_seconds"], _moment(now)
        return game

    def _count_time(self, now: datetime | None) -> None:
        """Add the time since the game was last seen, in this run of the program, to its play time."""
        moment = _moment(now)
        self._played += max(0.0, (moment - self._seen).total_seconds())
        self._seen = moment

    def _row(self, stamp: str) -> dict[str, Any]:
        """The game in progress as its saved row, worked out now (the write may come later)."""
        game = self._game
        assert game is not None
        return {
            "key": self._key, "status": "current", "code": str(game.code), "variant": game.code.variant,
            "scoring": game.code.scoring, "started_at": self._started_at, "updated_at": stamp,
            "actions": self._actions, "moves": game.move_count, "undos": game.undo_count, "score": game.score,
            "took_back": int(game.took_back_from_foundation()), "snapshot": json.dumps(game.snapshot()),
            "played_seconds": round(game.play_seconds or self._played, 3),  # the front end's clock when it keeps one
        }

    def _saved_rows(self, status: str) -> list[sqlite3.Row]:
        """The saved games of one status, newest first; a damaged row is kept aside with a notice."""
        good = []
        found = self._read("SELECT rowid AS row_id, * FROM saved_games WHERE status = ? ORDER BY updated_at DESC",
                           (status,))
        for row in found:
            if rows.is_saved_game(row):
                good.append(row)
            else:
                self._keep_aside("saved_games", row["row_id"], "saved_game")
        return good

    def _current_row(self) -> sqlite3.Row | None:
        current = self._saved_rows("current")
        return current[0] if current else None

    def _retry_after_plugin_change(self, plugins: Plugins) -> None:
        """Saved games that did not replay are tried again when the installed plugins are not those
        they failed with."""
        seen = ",".join(sorted(f"{i.name}={i.version}" for i in plugins.infos if i.loaded))
        known = self._read("SELECT value FROM store_info WHERE key = 'plugins_seen'")
        if known and known[0]["value"] == seen:
            return

        def remember(conn: sqlite3.Connection) -> None:
            conn.execute("UPDATE saved_games SET status = 'waiting_plugin' WHERE status = 'unreadable'")
            conn.execute("INSERT OR REPLACE INTO store_info VALUES ('plugins_seen', ?)", (seen,))
        self._write(remember)

    def _replay(self, row: sqlite3.Row, plugins: Plugins) -> Game | None:
        """Replay a saved game; on failure keep it aside with a notice."""
        result = _replayed(row, plugins)
        if isinstance(result, Game):
            return result
        status, notice = result
        self.notices.append(notice)
        self._write(lambda conn: conn.execute("UPDATE saved_games SET status = ? WHERE key = ?", (status, row["key"])))
        return None

    def _keep_aside(self, table: str, rowid: int, what: str) -> None:
        """Move a damaged row, byte for byte, to the ``kept_aside`` table, and say so once."""
        names = {"saved_game": "saved game", "record": "game record", "setting": "setting"}
        self._tell(Notice("kept_aside", f"A {names[what]} in your data file was damaged, so it was kept aside in the "
                                        "file (table kept_aside); everything else works as usual.", what))
        self._write(lambda conn: rows.keep_aside(conn, table, rowid, _stamp(None)))

    def _read(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error:
            return []

    def _write(self, work: Work) -> None:
        """Run ``work`` in one short write transaction on the file; when the file refuses it, on the
        copy in memory, keeping it for the file (never raises; a failure is told as a notice)."""
        if self.saving:
            try:
                _transaction(self.conn, work)
                return
            except sqlite3.Error as exc:
                self._lose_file(exc)
        try:
            _transaction(self.conn, work)
        except sqlite3.Error:
            return  # the copy in memory lacks a table an older file never had: nothing to keep
        if self._reconnect is not None:
            self._pending.append(work)
            self._try_file()

    def _lose_file(self, exc: sqlite3.Error) -> None:
        """The file refused a write: go on with a copy of it in memory, and say why."""
        memory = sqlite3.connect(":memory:", isolation_level=None)
        with contextlib.suppress(sqlite3.Error):  # then the copy starts empty: still better than no game
            self.conn.backup(memory)
        self.conn.close()
        self.conn, self.saving = _prepared(memory), False
        self.notices.append(cannot_save_notice(exc, read=True))

    def _try_file(self) -> None:
        """Write everything kept to the file, when it takes writes again (at most every few seconds)."""
        if time.monotonic() < self._next_try or self._reconnect is None:
            return
        self._next_try = time.monotonic() + self.retry_seconds
        try:
            conn = _prepared(self._reconnect())
        except Exception:
            return
        try:
            _transaction(conn, lambda c: [work(c) for work in self._pending])
        except sqlite3.Error:
            conn.close()
            return
        self._pending.clear()
        self.conn.close()
        self.conn, self.saving, self.read = _prepared(conn), True, True
        self.notices.append(Notice("saving_again", "Saving works again: everything played meanwhile is saved."))


def cannot_save_notice(exc: BaseException, read: bool) -> Notice:
    """Why the file takes no writes, as a notice that names the cause."""
    cause = rows.cause_of(exc)
    words = {"locked": "another program keeps the data file locked", "disk_full": "the disk is full",
             "permissions": "the data folder or file may not be written (permissions)"}.get(cause, str(exc))
    first = "Your data was read, but it cannot be saved" if read else "Your data cannot be read or saved"
    return Notice("unwritable", f"{first} right now: {words}. The game keeps trying, and says when saving works "
                                "again.", cause)


def _prepared(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.row_factory = sqlite3.Row
    conn.text_factory = rows.text
    return conn


def _transaction(conn: sqlite3.Connection, work: Work) -> None:
    with _begun(conn):
        work(conn)


@contextmanager
def _begun(conn: sqlite3.Connection):
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _put_current(conn: sqlite3.Connection, row: dict[str, Any]) -> None:
    """Write the game in progress over the slot; a different game found there is abandoned first."""
    others = conn.execute("SELECT rowid AS row_id, * FROM saved_games WHERE status = 'current' AND key != ?",
                          (row["key"],))
    for old in others:
        if not rows.is_saved_game(old):
            rows.keep_aside(conn, "saved_games", old["row_id"], row["updated_at"])
        elif old["actions"]:
            _record(conn, old, won=False)
    conn.execute("DELETE FROM saved_games WHERE status = 'current' AND key != ?", (row["key"],))
    conn.execute(f"INSERT OR REPLACE INTO saved_games ({', '.join(_SAVED_COLUMNS)}) "
                 f"VALUES ({', '.join('?' * len(_SAVED_COLUMNS))})", [row[c] for c in _SAVED_COLUMNS])


def _record(conn: sqlite3.Connection, row: Any, won: bool) -> None:
    """Record a finished game; a win is final, a later state replaces an earlier non-win."""
    values = {c: row[c] for c in _RECORD_COLUMNS if c not in ("ended_at", "won")}
    values.update(ended_at=row["updated_at"], won=int(won))
    names = list(values)
    updates = ", ".join(f"{c} = excluded.{c}" for c in names if c != "key")
    conn.execute(
        f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
        f"ON CONFLICT (key) DO UPDATE SET {updates} WHERE games.won = 0",
        [values[c] for c in names])


def _replayed(row: sqlite3.Row, plugins: Plugins) -> Game | tuple[str, Notice]:
    """The game a saved row replays to, or the status to keep it under and the notice to give."""
    scoring = row["scoring"]
    draw = row["variant"][: len(row["variant"]) - len(scoring)]
    for kind, token in (("draw", draw), ("scoring", scoring)):
        if token not in plugins.variants(kind):
            return "waiting_plugin", Notice("plugin_missing", (
                f"Your saved game {row['code']} needs the {kind} plugin with token {token!r}, which is not installed, "
                "so a new deal starts and the saved game is kept for when the plugin returns."))
    try:
        return Game.from_snapshot(json.loads(row["snapshot"]), plugins)
    except PluginError as exc:
        return "waiting_plugin", Notice("plugin_missing", (
            f"Your saved game {row['code']} could not be resumed because a plugin failed ({exc}), so a new deal "
            "starts and the saved game is kept for when the plugin works again."))
    except (ValueError, TypeError, KeyError, AttributeError):
        return "unreadable", Notice("game_unreadable", (
            f"Your saved game {row['code']} could not be read back, so a new deal starts and the saved game is "
            "kept in the data file; it is tried again when the installed plugins change."))


def _moment(now: datetime | None) -> datetime:
    return (now or datetime.now(UTC)).astimezone(UTC)


def _stamp(now: datetime | None) -> str:
    """A UTC time as sortable ISO text."""
    return _moment(now).isoformat(timespec="milliseconds")
