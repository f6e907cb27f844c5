"""A replay's moves, read from the arguments, standard input and files in the order they were given."""

import sys
from collections.abc import Iterable

from solitaire_klondike.frontends.i18n import _


class MovesInputError(ValueError):
    """Moves that cannot be read: a missing file, or text that is not UTF-8."""


def read_moves(sources: Iterable[tuple[str, str]]) -> list[str]:
    """The move texts of ``sources`` (see :func:`arguments.move_sources`), in order."""
    texts: list[str] = []
    for kind, value in sources:
        if kind == "move":
            texts.append(value)
        elif kind == "stdin":
            texts += words(_decoded(sys.stdin.buffer.read(), _("standard input")))
        else:
            try:
                with open(value, "rb") as handle:
                    data = handle.read()
            except OSError as exc:
                raise MovesInputError(_("cannot read moves from {file}: {why}").format(
                    file=value, why=exc.strerror)) from exc
            texts += words(_decoded(data, value))
    return texts


def _decoded(data: bytes, where: str) -> str:
    """UTF-8 text, without the byte-order mark Windows editors put first."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MovesInputError(_("the moves in {where} are not UTF-8 text (byte {byte} at offset {offset}); save "
                                "them as UTF-8").format(where=where, byte=f"0x{data[exc.start]:02x}",
                                                        offset=exc.start)) from exc


def words(text: str) -> list[str]:
    """The moves of a text: separated by spaces or lines; ``#`` starts a comment."""
    return [word for line in text.splitlines() for word in line.split("#", 1)[0].split()]
