"""The layout of the data file, its version and the migrations that bring older files up to date."""

import sqlite3

APPLICATION_ID = 0x4B4C4431  # "KLD1": marks the file as ours (PRAGMA application_id)

# MIGRATIONS[n] turns a file of schema version n into version n + 1; version 0 is an empty file.
MIGRATIONS = [
    """
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL                  -- JSON
    );
    CREATE TABLE store_info (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    -- Games not finished yet: the one in progress ('current'), and saved games that could not be
    -- resumed ('waiting_plugin': a plugin is missing; 'unreadable': the snapshot did not replay).
    CREATE TABLE saved_games (
        key TEXT PRIMARY KEY,                -- one per game dealt; a restart is a new key
        status TEXT NOT NULL CHECK (status IN ('current', 'waiting_plugin', 'unreadable')),
        code TEXT NOT NULL,
        variant TEXT NOT NULL,
        scoring TEXT NOT NULL,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        actions INTEGER NOT NULL,            -- pushes, undos and redos so far
        moves INTEGER NOT NULL,
        undos INTEGER NOT NULL,
        score INTEGER NOT NULL,
        took_back INTEGER NOT NULL,
        snapshot TEXT NOT NULL               -- Game.snapshot() as JSON
    );
    CREATE UNIQUE INDEX one_current_game ON saved_games (status) WHERE status = 'current';
    -- One record per finished (won) or abandoned game.
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        code TEXT NOT NULL,
        variant TEXT NOT NULL,
        scoring TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT NOT NULL,
        moves INTEGER NOT NULL,
        undos INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        took_back INTEGER NOT NULL,
        reset_at TEXT                        -- set when the player resets the statistics
    );
    CREATE INDEX games_by_end ON games (ended_at, id);
    """,
    """
    -- Seconds the game was open on the table (time the game was closed is not play time);
    -- NULL in records written before it was measured.
    ALTER TABLE saved_games ADD COLUMN played_seconds REAL NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN played_seconds REAL;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class NewerSchemaError(Exception):
    """The file was written by a newer version of the game."""


class ForeignFileError(sqlite3.DatabaseError):
    """An SQLite file that is not ours."""


def migrate(conn: sqlite3.Connection) -> None:
    """Check the file and bring it to :data:`SCHEMA_VERSION`, in one write transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = check_version(conn)
        for step in range(version, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[step]):
                conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        # A real write, so that a read-only file is found out now rather than mid-game.
        conn.execute("INSERT OR REPLACE INTO store_info VALUES ('opened_by_schema', ?)", (str(SCHEMA_VERSION),))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def check_version(conn: sqlite3.Connection) -> int:
    """The file's schema version; raise unless the file is ours and not newer than this code."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id not in (0, APPLICATION_ID) or (app_id == 0 and version):
        raise ForeignFileError("not a Solitaire Klondike data file")
    if version > SCHEMA_VERSION:
        raise NewerSchemaError(f"schema version {version}, this game knows up to {SCHEMA_VERSION}")
    return version


def _statements(script: str) -> list[str]:
    """Split a migration script; ``executescript`` would commit the open transaction."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
