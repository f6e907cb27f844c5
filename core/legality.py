"""Why a move is illegal, in words a player understands (the public path)."""

from .cards import CARD_NAMES, IS_RED, RANK, RANKS, SUIT, SUIT_NAMES, fits_on
from .moves import FOUNDATION, STOCK, WASTE, Move, pile_name
from .position import Position


def why_illegal(position: Position, move: Move) -> str | None:
    """The reason ``move`` is illegal in ``position``, or ``None`` when it is legal."""
    if move.source == STOCK:
        return _stock_reason(position)
    card = position.top_card(move.source)
    if card is None:
        return f"{_pile_words(move.source)} is empty"
    if move.target == FOUNDATION:
        return _foundation_reason(position, move.source, card)
    return _column_reason(position, move, card)


def _stock_reason(position: Position) -> str | None:
    if position.stock:
        return None
    if not position.waste:
        return "the stock and the waste are both empty: there is nothing to draw (R14)"
    if position.can_recycle():
        return None
    if position.recycle_limit == 0:
        return "the stock is empty and this scoring never turns the waste back into the stock (R14)"
    return f"the stock is empty and the waste has already been turned back {position.recycles} times, the most allowed"


def _foundation_reason(position: Position, source: int, card: int) -> str | None:
    suit = SUIT[card]
    height = position.foundations[suit]
    if RANK[card] == height + 1:
        return None
    where = f"the {SUIT_NAMES[suit]} foundation"
    if height == 13:
        return f"{where} is complete"
    return f"{CARD_NAMES[card]} cannot go to {where}, which takes {RANKS[height]}{'SHDC'[suit]} next (R10)"


def _column_reason(position: Position, move: Move, card: int) -> str | None:
    target = position.tableau[move.target]
    if move.source < 7:
        column = position.tableau[move.source]
        face_up = column[position.hidden[move.source]:]
        if not target:
            if RANK[face_up[0]] == 13:
                return None
            return (f"{pile_name(move.target)} is empty and takes only a king (R8); "
                    f"{pile_name(move.source)} has no face-up king")
        if any(fits_on(c, target[-1]) for c in face_up):
            return None
        return (f"no face-up card of {pile_name(move.source)} fits on {CARD_NAMES[target[-1]]} "
                f"in {pile_name(move.target)}: it needs {_needed(target[-1])} (R6)")
    if not target:
        if RANK[card] == 13:
            return None
        return f"{pile_name(move.target)} is empty and takes only a king (R8), not {CARD_NAMES[card]}"
    if fits_on(card, target[-1]):
        return None
    return (f"{CARD_NAMES[card]} does not fit on {CARD_NAMES[target[-1]]} in {pile_name(move.target)}: "
            f"it needs {_needed(target[-1])} (R6)")


def _needed(card: int) -> str:
    if RANK[card] == 1:
        return "a card below an ace, and there is none"
    colour = "black" if IS_RED[card] else "red"
    return f"a {colour} {RANKS[RANK[card] - 2]}"


def _pile_words(pile: int) -> str:
    if pile == WASTE:
        return "the waste"
    if pile < 7:
        return f"column {pile_name(pile)}"
    return f"the {SUIT_NAMES[pile - 9]} foundation"
