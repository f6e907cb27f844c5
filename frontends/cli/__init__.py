"""The ``klondike`` command.

Nothing is imported here before :func:`main` knows the command: when it opens the game window,
pyglet starts loading in a thread first (:func:`solitaire_klondike.frontends.pyglet.app.prepare`),
while the engine, the options and the plugins load here.
"""

import sys
from collections.abc import Sequence

from .start import opens_window


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` (default: the process's arguments); answer the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if opens_window(args):
        from solitaire_klondike.frontends.pyglet.app import prepare

        prepare()
    from .commands import main as run_command

    return run_command(args)
