"""A refused move or game code as a message to translate, for every front end (no pyglet here).

The engine says why with fields (:class:`~solitaire_klondike.core.Refusal`, the
:class:`~solitaire_klondike.core.InvalidCodeError` classes); this module picks the English
sentence that the game's catalogs translate and fills in its named fields::

    message = refusal_message(refusal)
    text = _(message.text).format(**message.params)   # or message.translated(_)
"""

from collections.abc import Callable
from typing import NamedTuple

from solitaire_klondike.core import (
    COLUMNS,
    WASTE,
    AmbiguousVariantError,
    CodePrefixError,
    CodeShapeError,
    DealLengthError,
    DealLettersError,
    InvalidCodeError,
    InvalidMoveError,
    PluginTurnedOffError,
    Refusal,
    RefusalKind,
    UnknownTokenError,
    VariantShapeError,
)
from solitaire_klondike.core.cards import RANK, RANKS, SUIT

CODE_EXAMPLE = "KL1-D1N-AAAAAAG"
SUIT_SYMBOLS = "♠♥♦♣"


def N_(message: str) -> str:
    """Mark a message for the catalogs without translating it here."""
    return message


class Message(NamedTuple):
    """An English sentence, as the catalogs hold it, and the values of its ``{fields}``."""

    text: str
    params: dict[str, str]

    def translated(self, gettext: Callable[[str], str]) -> str:
        return gettext(self.text).format(**self.params)


def card_symbol(card: int) -> str:
    """``7♥``: the rank and the suit's symbol, read the same in every language."""
    return RANKS[RANK[card] - 1] + SUIT_SYMBOLS[SUIT[card]]


_FIXED = {
    RefusalKind.NOTHING_TO_DRAW: N_("There is nothing left to draw."),
    RefusalKind.NO_RECYCLE: N_("The stock cannot be turned again with this scoring."),
    RefusalKind.RECYCLES_USED: N_("The waste has already been turned back as many times as this game allows."),
    RefusalKind.EMPTY_SOURCE: N_("There is no card there to move."),
    RefusalKind.FACE_DOWN: N_("A face-down card cannot move."),
    RefusalKind.KING_ONLY: N_("An empty column takes only a king."),
}


def refusal_message(refusal: Refusal, card_text: Callable[[int], str] = card_symbol) -> Message:
    """The sentence for a refused move, from the refusal's fields alone.

    Its fields: ``card`` (the card that would move), ``onto`` (the card it would go on, or
    the card its foundation takes next), written with ``card_text``.
    """
    params = {name: card_text(value) for name, value in (("card", refusal.card), ("onto", refusal.onto))
              if value is not None}
    kind = refusal.kind
    if kind in _FIXED:
        return Message(_FIXED[kind], params)
    if kind is RefusalKind.NOT_TOP_CARD:
        if refusal.pile is WASTE:
            return Message(N_("Only the top card of the waste plays."), params)
        if refusal.pile in COLUMNS:
            return Message(N_("Only one card at a time goes to a foundation."), params)
        return Message(N_("Only the top card of a foundation can be taken back."), params)
    if kind is RefusalKind.FOUNDATION_ORDER:
        return Message(N_("{card} cannot go to its foundation yet: it takes {onto} next."), params)
    if refusal.card is None:  # DOES_NOT_FIT from a column: none of its face-up cards fits
        return Message(
            N_("No face-up card of that column fits on {onto}: it needs the other colour and one rank lower."), params)
    return Message(N_("{card} does not fit on {onto}: it needs the other colour and one rank lower."), params)


def move_error_message(error: InvalidMoveError) -> Message:
    """The sentence for text that is not a move of the notation, from the error's fields alone."""
    params = {"text": error.text, "part": error.part}
    if error.kind == "not_a_source":
        return Message(N_("{part} is not a pile a card can come from (W, T1–T7, FS, FH, FD, FC)."), params)
    if error.kind == "not_a_target":
        return Message(N_("{part} is not a pile a card can go to (F, T1–T7)."), params)
    if error.kind == "foundation_target":
        return Message(N_("Write the foundation a card goes to as F: it always goes to its own suit's."), params)
    if error.kind == "same_pile":
        return Message(N_("A card cannot move onto the pile it comes from."), params)
    return Message(N_("{text} is not a move: write S, or SOURCE-TARGET like W-F, W-T3, T3-T5, T4-F or FH-T2."), params)


def code_error_message(error: InvalidCodeError) -> Message:
    """The sentence for a refused game code, from the error's class and fields alone."""
    example = {"example": CODE_EXAMPLE}
    if isinstance(error, UnknownTokenError):
        token = {"token": error.token}
        if error.kind == "draw":
            return Message(N_("This code needs a draw plugin that is not installed (token {token})."), token)
        return Message(N_("This code needs a scoring plugin that is not installed (token {token})."), token)
    if isinstance(error, PluginTurnedOffError):
        return Message(N_("This code needs the plugin {name}, which is turned off in the Plugins window."),
                       {"name": error.name})
    if isinstance(error, CodePrefixError):
        return Message(N_("A game code starts with KL1, like {example}."), example)
    if isinstance(error, (DealLengthError, DealLettersError)):
        return Message(N_("The last part of a code has seven letters from A to Z, like {example}."), example)
    if isinstance(error, AmbiguousVariantError):
        return Message(N_("Two installed plugins have clashing tokens, so this code reads two ways."), {})
    if isinstance(error, VariantShapeError):
        return Message(N_("The middle part of a code is a draw token then a scoring token, like D1N."), {})
    assert isinstance(error, CodeShapeError), error
    return Message(N_("This is not a game code. A code has three parts joined by dashes, like {example}."), example)
