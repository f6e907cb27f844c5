"""The words argparse itself prints (usage, option headings, its error messages), in the user's language.

argparse looks up every message through its module's ``_`` and ``ngettext`` when it prints; pointing
them at the game's catalog translates them.  The marks below put those messages into the catalog.
"""

import argparse
from collections.abc import Callable


def N_(message: str) -> str:
    return message


ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def translate_argparse(gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> None:
    """Make argparse print its own words with ``gettext`` and ``ngettext``."""
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
