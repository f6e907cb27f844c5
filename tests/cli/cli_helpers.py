"""Running the ``klondike`` command as a user does: a real process."""

import subprocess
import sys

KLONDIKE = [sys.executable, "-m", "solitaire_klondike.frontends.cli"]


def klondike(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, input=stdin, env=env)
