"""The store: saves the game in progress after every action, keeps settings, records finished games."""

import json
import sqlite3
import uuid
from collections.abc import Callable, Collection
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from solitaire_klondike.core import Game, PluginError, Plugins

from .statistics import compute_statistics

_SAVED_COLUMNS = ("key", "status", "code", "variant", "scoring", "started_at", "updated_at", "actions", "moves",
                  "undos", "score", "took_back", "snapshot", "played_seconds")
_RECORD_COLUMNS = ("key", "code", "variant", "scoring", "started_at", "ended_at", "moves", "undos", "score", "won",
                   "took_back", "played_seconds")


PLUGINS_OFF = "plugins_off"     # the setting: names of the plugins the player turned off


def plugins_off(value: Any) -> list[str]:
    """The :data:`PLUGINS_OFF` setting as a list of names (empty when it is not one)."""
    return [n for n in value if isinstance(n, str)] if isinstance(value, list) else []


@dataclass(frozen=True)
class Notice:
    """Something the player should be told once: ``kind`` is one of ``"damaged"``, ``"newer_schema"``,
    ``"unwritable"``, ``"plugin_missing"``; ``text`` is one English sentence."""

    kind: str
    text: str


class Store:
    """The player's data in one SQLite connection; use :func:`open_store` to get one."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        conn.row_factory = sqlite3.Row
        self.conn = conn
        self.path = path
        self.writable = path is not None
        self.notices: list[Notice] = []
        self._game: Game | None = None
        self._key = ""
        self._started_at = ""
        self._actions = 0
        self._played = 0.0  # seconds the game has been open, counted up to self._seen
        self._seen = datetime.now(UTC)

    # --- settings ----------------------------------------------------------------

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A setting's value, or ``default`` when it is unset or unreadable."""
        row = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        try:
            return json.loads(row[0]["value"]) if row else default
        except ValueError:
            return default

    def set_setting(self, key: str, value: Any) -> None:
        """Keep a JSON-ready value under ``key``."""
        text = json.dumps(value)
        self._write(lambda: self.conn.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, text)))

    # --- the game in progress --------------------------------------------------------

    def resume(self, plugins: Plugins, now: datetime | None = None) -> Game | None:
        """The saved game in progress, or ``None``.

        A saved game that needs a missing plugin, or that does not replay, is kept aside in the
        file with a notice. A game kept for a missing plugin comes back once the plugin is
        installed, when no other game in progress has an action.
        """
        current = self._current_row()
        game = self._replay(current, plugins) if current else None
        if game is not None and current is not None and current["actions"] > 0:
            return self._adopt(game, current, now)
        for row in self._read("SELECT * FROM saved_games WHERE status = 'waiting_plugin' ORDER BY updated_at DESC"):
            waiting = _replayed(row, plugins)
            if isinstance(waiting, Game):
                def swap(key: str = row["key"]) -> None:
                    self.conn.execute("DELETE FROM saved_games WHERE status = 'current'")
                    self.conn.execute("UPDATE saved_games SET status = 'current' WHERE key = ?", (key,))
                self._write(swap)
                return self._adopt(waiting, row, now)
        return self._adopt(game, current, now) if game is not None and current is not None else None

    def game_started(self, game: Game, now: datetime | None = None) -> None:
        """A new deal (or a restart) is on the table; the game it replaces is abandoned if it had an action."""
        if game is self._game:
            return
        stamp = _stamp(now)
        self._game, self._key, self._started_at, self._actions = game, uuid.uuid4().hex, stamp, 0
        self._played, self._seen = 0.0, _moment(now)
        self._write(lambda: self._save(stamp))

    def action_done(self, game: Game, now: datetime | None = None) -> None:
        """Call after every push, undo and redo: saves the game, and records a win the first time."""
        if game is not self._game:
            self.game_started(game, now)
        stamp = _stamp(now)
        self._actions += 1
        self._count_time(now)

        def save() -> None:
            row = self._save(stamp)
            if game.is_won():
                self._record(row, won=True)
        self._write(save)

    def game_left(self, game: Game, now: datetime | None = None) -> None:
        """The player leaves the game (new game, restart): recorded as abandoned if it had an action."""
        if game is not self._game:
            return
        stamp = _stamp(now)
        self._count_time(now)

        def leave() -> None:
            row = self._save(stamp)
            if row["actions"]:
                self._record(row, won=game.is_won())
            self.conn.execute("DELETE FROM saved_games WHERE key = ?", (self._key,))
        self._write(leave)
        self._game = None

    # --- statistics ------------------------------------------------------------------

    def statistics(self, carrying: Collection[str] = ()) -> dict[str, dict[str, Any]]:
        """The statistics per variant key (``"D1N"``…) and ``"total"``, with a running balance for the
        scoring tokens in ``carrying`` (``Plugins.carrying_scorings()``); see :func:`compute_statistics`."""
        playing = self._read(
            "SELECT variant, scoring FROM saved_games s WHERE status = 'current' AND actions > 0"
            " AND NOT EXISTS (SELECT 1 FROM games g WHERE g.key = s.key)")
        return compute_statistics(self._read(
            "SELECT * FROM games WHERE reset_at IS NULL ORDER BY ended_at, id"), playing, carrying)

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
        self._write(lambda: self.conn.execute(
            f"UPDATE games SET reset_at = ? WHERE reset_at IS NULL {where}", (stamp, *args)))

    def records(self) -> list[dict[str, Any]]:
        """Every game record, oldest first, including those a reset took out of the statistics."""
        rows = self._read(f"SELECT {', '.join(_RECORD_COLUMNS)}, reset_at FROM games ORDER BY ended_at, id")
        return [dict(row) for row in rows]

    def game_in_progress(self) -> dict[str, Any] | None:
        """The game in progress as a record (``ended_at`` empty), when the statistics count it: it has an action
        and is not recorded yet."""
        rows = self._read(
            "SELECT key, code, variant, scoring, started_at, '' AS ended_at, moves, undos, score, 0 AS won, took_back,"
            " played_seconds, NULL AS reset_at FROM saved_games s WHERE status = 'current' AND actions > 0"
            " AND NOT EXISTS (SELECT 1 FROM games g WHERE g.key = s.key)")
        return dict(rows[0]) if rows else None

    def close(self) -> None:
        self.conn.close()

    # --- inside ----------------------------------------------------------------------

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

    def _current_row(self) -> sqlite3.Row | None:
        rows = self._read("SELECT * FROM saved_games WHERE status = 'current'")
        return rows[0] if rows else None

    def _replay(self, row: sqlite3.Row, plugins: Plugins) -> Game | None:
        """Replay a saved game; on failure keep it aside with a notice."""
        result = _replayed(row, plugins)
        if isinstance(result, Game):
            return result
        status, notice = result
        self.notices.append(notice)
        self._write(lambda: self.conn.execute("UPDATE saved_games SET status = ? WHERE key = ?", (status, row["key"])))
        return None

    def _save(self, stamp: str) -> dict[str, Any]:
        """Write the game in progress over the slot; a different game found there is abandoned first."""
        game = self._game
        assert game is not None
        for old in self.conn.execute("SELECT * FROM saved_games WHERE status = 'current' AND key != ?", (self._key,)):
            if old["actions"]:
                self._record(old, won=False)
        self.conn.execute("DELETE FROM saved_games WHERE status = 'current' AND key != ?", (self._key,))
        row = {
            "key": self._key, "status": "current", "code": str(game.code), "variant": game.code.variant,
            "scoring": game.code.scoring, "started_at": self._started_at, "updated_at": stamp,
            "actions": self._actions, "moves": game.move_count, "undos": game.undo_count, "score": game.score,
            "took_back": int(game.took_back_from_foundation()), "snapshot": json.dumps(game.snapshot()),
            "played_seconds": round(game.play_seconds or self._played, 3),  # the front end's clock when it keeps one
        }
        self.conn.execute(f"INSERT OR REPLACE INTO saved_games ({', '.join(_SAVED_COLUMNS)}) "
                          f"VALUES ({', '.join('?' * len(row))})",
                          [row[c] for c in _SAVED_COLUMNS])
        return row

    def _record(self, row: Any, won: bool) -> None:
        """Record a finished game; a win is final, a later state replaces an earlier non-win."""
        values = {c: row[c] for c in _RECORD_COLUMNS if c not in ("ended_at", "won")}
        values.update(ended_at=row["updated_at"], won=int(won))
        names = list(values)
        updates = ", ".join(f"{c} = excluded.{c}" for c in names if c != "key")
        self.conn.execute(
            f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))}) "
            f"ON CONFLICT (key) DO UPDATE SET {updates} WHERE games.won = 0",
            [values[c] for c in names])

    def _read(self, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error:
            return []

    def _write(self, work: Callable[[], object]) -> None:
        """Run ``work`` in one short write transaction; a failure is told once, never raised."""
        try:
            with self._transaction():
                work()
        except sqlite3.Error as exc:
            if self.writable:
                self.writable = False
                self.notices.append(Notice("unwritable", f"Your progress can no longer be saved ({exc}), so "
                                                         "nothing more will be kept."))

    @contextmanager
    def _transaction(self):
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")


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
        return "unreadable", Notice("damaged", (
            f"Your saved game {row['code']} could not be read back, so a new deal starts and the saved game is "
            "kept in the data file."))


def _moment(now: datetime | None) -> datetime:
    return (now or datetime.now(UTC)).astimezone(UTC)


def _stamp(now: datetime | None) -> str:
    """A UTC time as sortable ISO text."""
    return _moment(now).isoformat(timespec="milliseconds")
