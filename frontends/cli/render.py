"""A position as text for people and as JSON for programs."""

from solitaire_klondike.core import CARD_NAMES, COLUMNS, FOUNDATIONS, Game, Position
from solitaire_klondike.core.cards import SUITS
from solitaire_klondike.frontends.i18n import _, ngettext


def position_json(position: Position) -> dict:
    """Columns bottom to top, stock with the next card first, waste with its top last; and the
    whole position in the position notation."""
    return {
        "tableau": [
            [{"card": CARD_NAMES[c], "face_up": i >= hidden} for i, c in enumerate(column)]
            for column, hidden in zip(position.tableau, position.hidden)
        ],
        "stock": [CARD_NAMES[c] for c in reversed(position.stock)],
        "waste": [CARD_NAMES[c] for c in position.waste],
        "foundations": {SUITS[s]: [CARD_NAMES[c] for c in position.foundation_cards(s)] for s in range(4)},
        "position": position.to_text(),
    }


def game_json(game: Game) -> dict:
    return {"code": str(game.code), **position_json(game.position)}


def position_text(position: Position) -> str:
    """The table in the user's language; cards and piles in the move notation, the same in every language."""
    stock, waste = len(position.stock), len(position.waste)
    lines = [
        ngettext("Stock, {count} card, next first:", "Stock, {count} cards, next first:", stock).format(count=stock)
        + "".join(" " + CARD_NAMES[c] for c in reversed(position.stock)),
        ngettext("Waste, {count} card, top last:", "Waste, {count} cards, top last:", waste).format(count=waste)
        + "".join(" " + CARD_NAMES[c] for c in position.waste),
        _("Foundations:") + " " + "  ".join(
            f"{f.text} {'--' if (top := position.top_card(f)) is None else CARD_NAMES[top]}" for f in FOUNDATIONS
        ),
    ]
    for pile, column, hidden in zip(COLUMNS, position.tableau, position.hidden):
        cards = [f"[{CARD_NAMES[c]}]" if i < hidden else CARD_NAMES[c] for i, c in enumerate(column)]
        lines.append(f"{pile.text}: " + " ".join(cards))
    lines.append(_("([..] = face down)"))
    return "\n".join(lines)
