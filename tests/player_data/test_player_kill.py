"""A real player process killed with SIGKILL at random moments, many times over one real file."""

import json
import random
import signal
import sqlite3
import subprocess
import time
from collections import Counter
from pathlib import Path

from store_helpers import HERE, PYTHON, child_env, make_plugins

from solitaire_klondike.player_data import FILE_NAME, open_store

KILLS = 30


def read_log(path: Path) -> list[tuple[str, str]]:
    """The complete lines a child wrote, as (word, rest)."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]  # a line cut by the kill has no newline
    return [(word, rest) for word, _space, rest in (line.partition(" ") for line in lines)]


def test_killed_player_loses_nothing_saved(folder: Path) -> None:
    """After each kill: the file passes integrity_check, every record the player saw committed is
    there, and the game resumes at its last saved action."""
    rng = random.Random(2026)
    committed: Counter = Counter()
    confirmed = "null"  # the state the file must hold, or (if pending) the one about to be saved
    pending: str | None = None
    kills_in_play = 0
    for run in range(KILLS):
        log = folder.parent / f"child-{run}.log"
        with log.open("w") as out:
            child = subprocess.Popen([PYTHON, str(HERE / "player_child.py"), str(folder), str(run)],
                                     stdout=out, stderr=subprocess.PIPE, env=child_env(folder))
        if run % 5:  # most kills while playing, after a number of saves (not of seconds: a busy machine
            _wait_for_saves(log, child, rng.randint(0, 120))  # plays slower); one in five while opening the file
            kills_in_play += 1
        time.sleep(rng.uniform(0, 0.02 if run % 5 else 0.3))
        child.send_signal(signal.SIGKILL)
        _, errors = child.communicate()
        assert child.returncode == -signal.SIGKILL, errors.decode()

        lines = read_log(log)
        if lines:
            word, resumed = lines[0]
            assert word == "RESUMED"
            assert _same(resumed, confirmed) or (pending is not None and _same(resumed, pending))
            confirmed, pending = _follow(lines, resumed, committed)

        if (folder / FILE_NAME).exists():  # a kill before the file is made leaves none
            conn = sqlite3.connect(folder / FILE_NAME)
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            conn.close()
        store = open_store(folder)
        assert store.notices == []
        stored = Counter(json.dumps([r["code"], bool(r["won"]), r["moves"], r["score"]]) for r in store.records())
        store.close()
        assert not committed - stored, "a record the player saw saved is missing"
        assert sum((stored - committed).values()) <= run + 1

    assert kills_in_play >= KILLS * 3 // 4
    assert sum(1 for r in committed if json.loads(r)[1]) > 0, "the player should have won some games"
    assert sum(1 for r in committed if not json.loads(r)[1]) > 0, "and abandoned some"
    store = open_store(folder)
    final = store.resume(make_plugins())
    assert _same(json.dumps(final.snapshot() if final else None), confirmed) or _same(
        json.dumps(final.snapshot() if final else None), pending or "")
    store.close()


def _follow(lines, confirmed: str, committed: Counter) -> tuple[str, str | None]:
    """Replay the child's log: the last confirmed state, the pending one, and the committed records."""
    pending = None
    for word, rest in lines[1:]:
        if word == "BEGIN":
            pending = rest
        elif word == "END":
            assert pending is not None, "an END without its BEGIN"
            confirmed, pending = pending, None
        elif word == "RECORD":
            committed[rest] += 1
    return confirmed, pending


def _same(a: str, b: str) -> bool:
    return json.loads(a) == json.loads(b)


def _wait_for_saves(log: Path, child: subprocess.Popen, saves: int) -> None:
    """Wait until the child has said it is running and finished ``saves`` store calls (at most 20 s)."""
    deadline = time.monotonic() + 20
    assert child.stderr is not None
    while time.monotonic() < deadline:
        text = log.read_text()
        if "\n" in text and text.count("\nEND") >= saves:
            return
        assert child.poll() is None, child.stderr.read().decode()
        time.sleep(0.005)
