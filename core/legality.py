"""Why a move is illegal, as a value a front end can translate (the public path)."""

from enum import StrEnum
from typing import NamedTuple

from .cards import CARD_NAMES, IS_RED, KING, RANK, RANKS, SUIT, SUIT_NAMES, fits_on
from .moves import Move
from .piles import FOUNDATION, KIND, STOCK, SUIT_OF_FOUNDATION, WASTE, Pile, foundation_of
from .position import Position


class RefusalKind(StrEnum):
    """What kind of rule a refused move breaks."""

    NOTHING_TO_DRAW = "nothing_to_draw"          # R14: the stock and the waste are both empty
    NO_RECYCLE = "no_recycle"                    # R14: this game never turns the waste back
    RECYCLES_USED = "recycles_used"              # R14: the waste was turned back as often as allowed
    EMPTY_SOURCE = "empty_source"                # no card to move from that pile
    FACE_DOWN = "face_down"                      # R7: only face-up cards move
    NOT_TOP_CARD = "not_top_card"                # R9, R10: only the top card plays from there
    FOUNDATION_ORDER = "foundation_order"        # R10: the foundation takes another card next
    KING_ONLY = "king_only"                      # R8: an empty column takes only a king
    DOES_NOT_FIT = "does_not_fit"                # R6: other colour, one rank lower


class Refusal(NamedTuple):
    """Why ``move`` is illegal, from ``Game.why_illegal`` or in ``IllegalMoveError.refusal``.

    ``rule`` is the rule broken (``"R6"``) and ``kind`` a :class:`RefusalKind` (``"does_not_fit"``,
    ``"king_only"``...).  ``card`` is the card that would move (``None`` when no card of a column
    could), ``onto`` the card it would go on or the card its foundation takes next, ``pile`` the
    pile in question (the empty source, the target column, the card's foundation) and
    ``recycles`` how often the waste was turned back.  ``str(refusal)`` is an English sentence;
    front ends translate from the fields instead.
    """

    rule: str
    kind: RefusalKind
    move: Move
    card: int | None = None
    onto: int | None = None
    pile: Pile | None = None
    recycles: int | None = None

    def __str__(self) -> str:
        return _ENGLISH[self.kind](self)


def why_illegal(position: Position, move: Move, index: int | None = None) -> Refusal | None:
    """Why ``move`` is illegal in ``position``, or ``None`` when it is legal.

    ``index`` (a column source's card, from the bottom) asks about that card with those above
    it rather than the one card that would fit; for the waste and a foundation it must be the top.
    """
    if move.source is STOCK:
        return _stock_refusal(position, move)
    if move.source.is_column:
        column = position.tableau[move.source]
        if not column:
            return Refusal("R7", RefusalKind.EMPTY_SOURCE, move, pile=move.source)
        if index is not None:
            return _card_refusal(position, move, index)
        if move.target is FOUNDATION:
            return _foundation_refusal(position, move, column[-1])
        return _column_refusal(position, move)
    top = position.top_card(move.source)
    if top is None:
        return Refusal("R9" if move.source is WASTE else "R11", RefusalKind.EMPTY_SOURCE, move, pile=move.source)
    if index is not None and index != _top_index(position, move.source):
        rule = "R9" if move.source is WASTE else "R11"
        return Refusal(rule, RefusalKind.NOT_TOP_CARD, move, card=top, pile=move.source)
    if move.target is FOUNDATION:
        return _foundation_refusal(position, move, top)
    return _onto_column_refusal(position, move, top)


def _stock_refusal(position: Position, move: Move) -> Refusal | None:
    if position.stock:
        return None
    if not position.waste:
        return Refusal("R14", RefusalKind.NOTHING_TO_DRAW, move, pile=STOCK)
    if position.can_recycle():
        return None
    if position.recycle_limit == 0:
        return Refusal("R14", RefusalKind.NO_RECYCLE, move, pile=STOCK)
    return Refusal("R14", RefusalKind.RECYCLES_USED, move, pile=STOCK, recycles=position.recycles)


def _foundation_refusal(position: Position, move: Move, card: int) -> Refusal | None:
    suit = SUIT[card]
    height = position.foundations[suit]
    if RANK[card] == height + 1:
        return None
    return Refusal("R10", RefusalKind.FOUNDATION_ORDER, move, card=card, onto=card - RANK[card] + height + 1,
                   pile=foundation_of(suit))


def _column_refusal(position: Position, move: Move) -> Refusal | None:
    """A column onto a column: the one face-up card that fits moves, with those above it (R7)."""
    source, target = move
    face_up = position.tableau[source][position.hidden[source]:]
    column = position.tableau[target]
    if not column:
        bottom = face_up[0]
        return None if RANK[bottom] == KING else Refusal("R8", RefusalKind.KING_ONLY, move, pile=target)
    if any(fits_on(c, column[-1]) for c in face_up):
        return None
    return Refusal("R6", RefusalKind.DOES_NOT_FIT, move, onto=column[-1], pile=target)


def _onto_column_refusal(position: Position, move: Move, card: int) -> Refusal | None:
    column = position.tableau[move.target]
    if not column:
        return None if RANK[card] == KING else Refusal("R8", RefusalKind.KING_ONLY, move, card=card, pile=move.target)
    if fits_on(card, column[-1]):
        return None
    return Refusal("R6", RefusalKind.DOES_NOT_FIT, move, card=card, onto=column[-1], pile=move.target)


def _card_refusal(position: Position, move: Move, index: int) -> Refusal | None:
    """The card at ``index`` of a column source, with the cards above it, onto the target."""
    column = position.tableau[move.source]
    if not 0 <= index < len(column):
        return Refusal("R7", RefusalKind.EMPTY_SOURCE, move, pile=move.source)
    card = column[index]
    if index < position.hidden[move.source]:
        return Refusal("R7", RefusalKind.FACE_DOWN, move, card=card, pile=move.source)
    if move.target is FOUNDATION:
        if index != len(column) - 1:
            return Refusal("R10", RefusalKind.NOT_TOP_CARD, move, card=card, pile=move.source)
        return _foundation_refusal(position, move, card)
    return _onto_column_refusal(position, move, card)


def _top_index(position: Position, pile: Pile) -> int:
    return len(position.waste) - 1 if pile is WASTE else position.foundations[SUIT_OF_FOUNDATION[pile]] - 1


# --- the English sentences ------------------------------------------------------------


def _pile_words(pile: Pile | None) -> str:
    if pile is None or pile is STOCK:
        return "the stock"
    if pile is WASTE:
        return "the waste"
    if KIND[pile] == "tableau":
        return f"column {pile.text}"
    return f"the {SUIT_NAMES[SUIT_OF_FOUNDATION[pile]]} foundation"


def _needed(card: int) -> str:
    if RANK[card] == 1:
        return "a card below an ace, and there is none"
    colour = "black" if IS_RED[card] else "red"
    return f"a {colour} {RANKS[RANK[card] - 2]}"


def _name(card: int | None) -> str:
    return CARD_NAMES[card] if card is not None else "?"


def _does_not_fit(r: Refusal) -> str:
    assert r.pile is not None and r.onto is not None
    needs = f"it needs {_needed(r.onto)} (R6)"
    if r.card is None:
        return f"no face-up card of {r.move.source.text} fits on {_name(r.onto)} in {r.pile.text}: {needs}"
    return f"{_name(r.card)} does not fit on {_name(r.onto)} in {r.pile.text}: {needs}"


def _king_only(r: Refusal) -> str:
    assert r.pile is not None
    if r.card is None:
        return f"{r.pile.text} is empty and takes only a king (R8); {r.move.source.text} has no face-up king"
    return f"{r.pile.text} is empty and takes only a king (R8), not {_name(r.card)}"


def _not_top_card(r: Refusal) -> str:
    if r.pile is not None and r.pile.is_column:
        return (f"only the top card of a column goes to a foundation, and {_name(r.card)} "
                f"is not the top of {r.pile.text} (R10)")
    return f"only the top card of {_pile_words(r.pile)} plays, not {_name(r.card)} ({r.rule})"


_ENGLISH = {
    RefusalKind.NOTHING_TO_DRAW: lambda r: "the stock and the waste are both empty: there is nothing to draw (R14)",
    RefusalKind.NO_RECYCLE:
        lambda r: "the stock is empty and this scoring never turns the waste back into the stock (R14)",
    RefusalKind.RECYCLES_USED:
        lambda r: f"the stock is empty and the waste has already been turned back {r.recycles} times, "
                  "the most allowed (R14)",
    RefusalKind.EMPTY_SOURCE: lambda r: f"{_pile_words(r.pile)} is empty",
    RefusalKind.FACE_DOWN:
        lambda r: f"{_name(r.card)} is face down in {_pile_words(r.pile)}: only face-up cards move (R7)",
    RefusalKind.NOT_TOP_CARD: _not_top_card,
    RefusalKind.FOUNDATION_ORDER:
        lambda r: f"{_name(r.card)} cannot go to {_pile_words(r.pile)}, which takes {_name(r.onto)} next (R10)",
    RefusalKind.KING_ONLY: _king_only,
    RefusalKind.DOES_NOT_FIT: _does_not_fit,
}
