"""What the command line knows before it imports anything: the command named, and whether
there is a screen for the game window."""

import os
import sys
from collections.abc import Sequence

DEFAULT_COMMAND = "play"
VALUE_OPTIONS = {"--block-plugin", "--lang", "--file", "--export", "--grade", "--deals", "--variant", "--budget",
                 "--workers", "--scheduler", "--out",
                 "--seconds", "--enable", "--disable"}


def split_command(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The command named in ``argv`` (``None`` when there is none) and the other arguments."""
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "--":
            break
        if token in VALUE_OPTIONS:
            index += 2
            continue
        if not token.startswith("-") or token == "-":
            return token, [*argv[:index], *argv[index + 1:]]
        index += 1
    return None, list(argv)


def has_screen() -> bool:
    """Whether a window can be opened (on Linux: an X or Wayland display is named)."""
    return not sys.platform.startswith("linux") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def opens_window(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for the game window (``play``, the default) with a screen to open it on."""
    name, _rest = split_command(argv)
    return (name or DEFAULT_COMMAND) == "play" and not {"-h", "--help", "--version"} & set(argv) and has_screen()
