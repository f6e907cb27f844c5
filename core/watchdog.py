"""A plugin that hangs is named, and the program stops: no plugin can freeze the game for ever.

Python cannot stop a thread that is stuck inside a plugin (a module that never finishes importing,
a hook that loops), so nothing here tries to: a watcher thread notices that a plugin has been
busy for longer than :func:`limit_seconds`, says on standard error which plugin and what it was
doing, tells the way out (``--block-plugin NAME``), and ends the program with exit status 3. The
game in progress is saved after every action, so stopping loses nothing.

Time the whole process did not run (stopped with Ctrl-Z, the machine asleep) is no plugin's
doing: the watcher looks at least every second, and when it wakes much later than it planned,
the time since it last looked is left out of every plugin's time (a second too many, at most,
rather than a plugin stopped for a pause that was not its own).
"""

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

LIMIT_VARIABLE = "SOLITAIRE_KLONDIKE_PLUGIN_SECONDS"
DEFAULT_LIMIT_S = 15.0
EXIT_PLUGIN = 3
BLOCK_HINT = "SOLITAIRE_KLONDIKE_BLOCK"

_busy: dict[int, tuple[float, str, str, float]] = {}  # thread -> (deadline, plugin, doing what, seconds)
_wake = threading.Event()
_started = threading.Lock()
_watcher: list[threading.Thread] = []
_next_look = [0.0]  # when the watcher looks next (it sleeps until then unless woken), in running time
_paused = [0.0]     # seconds left out of running time: the process was not running
LOOK_EVERY_S = 1.0
PAUSE_S = 2.0       # a wake-up this much later than planned means the process was not running


def _running() -> float:
    """The monotonic clock, less the pauses seen so far."""
    return time.monotonic() - _paused[0]


def limit_seconds() -> float:
    """How long a plugin may take to import or to answer a hook (``SOLITAIRE_KLONDIKE_PLUGIN_SECONDS``)."""
    try:
        return max(0.1, float(os.environ.get(LIMIT_VARIABLE, DEFAULT_LIMIT_S)))
    except ValueError:
        return DEFAULT_LIMIT_S


@contextmanager
def watching(plugin: str, doing: str, extra_seconds: float = 0.0) -> Iterator[None]:
    """Run the body with ``plugin`` watched: past the limit (plus ``extra_seconds``), say so and stop."""
    outer = begin(plugin, doing, extra_seconds)
    try:
        yield
    finally:
        end(outer)


def begin(plugin: str, doing: str, extra_seconds: float = 0.0) -> tuple[float, str, str, float] | None:
    """Start watching this thread's plugin call; give what :func:`end` needs to stop watching it."""
    seconds = limit_seconds() + extra_seconds
    thread = threading.get_ident()
    outer = _busy.get(thread)
    deadline = _running() + seconds
    _busy[thread] = (deadline, plugin, doing, seconds)
    if not _watcher:
        _start()
    if deadline < _next_look[0]:
        _wake.set()
    return outer


def end(outer: tuple[float, str, str, float] | None) -> None:
    """Stop watching this thread's plugin call (``outer``: what :func:`begin` answered)."""
    thread = threading.get_ident()
    if outer is None:
        _busy.pop(thread, None)
    else:
        _busy[thread] = outer


def _start() -> None:
    if not _watcher:
        with _started:
            if not _watcher:
                watcher = threading.Thread(target=_watch, name="klondike-plugin-watchdog", daemon=True)
                _watcher.append(watcher)
                watcher.start()


def _watch() -> None:
    looked = _running()
    while True:
        _wake.clear()
        now = _running()
        if now - _next_look[0] > PAUSE_S:   # the process was not running since it last looked
            _paused[0] += now - looked
            now = looked
        looked = now
        waits = []
        for deadline, plugin, doing, seconds in list(_busy.values()):
            if now > deadline:
                _stop(plugin, doing, seconds)
            waits.append(deadline - now)
        pause = min([*waits, LOOK_EVERY_S]) + 0.05
        _next_look[0] = now + pause
        _wake.wait(pause)


def _stop(plugin: str, doing: str, seconds: float) -> None:
    sys.stderr.write(
        f"klondike: plugin {plugin!r} has not finished {doing} after {seconds:g} seconds, so the game stops here "
        f"(the game in progress is saved after every action). Leave that plugin out with --block-plugin {plugin} "
        f"(or {BLOCK_HINT}={plugin}).\n")
    sys.stderr.flush()
    os._exit(EXIT_PLUGIN)

