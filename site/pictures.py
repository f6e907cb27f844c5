"""Pictures of a table, drawn as SVG from the engine's position (no screenshots)."""
from xml.sax.saxutils import escape

from solitaire_klondike.core import COLUMNS, FOUNDATION, FOUNDATIONS, STOCK, WASTE, Pile, Position, foundation_of
from solitaire_klondike.core.cards import IS_RED, RANKS, SUIT

CARD_W, CARD_H, GAP, MARGIN = 64, 90, 14, 14
HIDDEN_STEP, FACE_UP_STEP, FAN_STEP = 12, 26, 30
TOP_ROW_H = CARD_H + 24
SUIT_MARKS = "♠♥♦♣"  # foundation order S H D C (R2)
HIGHLIGHT_COLOURS = {"refused": "#d32f2f", "move": "#ffd600"}
FONT = "DejaVu Sans, Arial, sans-serif"


def slot_x(slot):
    """Left edge of one of the seven slots across the table."""
    return MARGIN + slot * (CARD_W + GAP)


def pile_box(position, pile):
    """(x, y, width, height) of a pile as drawn: a column spans all its cards."""
    if pile == STOCK:
        return slot_x(0), MARGIN, CARD_W, CARD_H
    if pile == WASTE:
        return slot_x(1), MARGIN, CARD_W + 2 * FAN_STEP, CARD_H
    if pile in FOUNDATIONS:  # the slots of columns T4–T7
        return slot_x(COLUMNS.index(Pile.T4) + FOUNDATIONS.index(pile)), MARGIN, CARD_W, CARD_H
    y = MARGIN + TOP_ROW_H
    return slot_x(COLUMNS.index(pile)), y, CARD_W, column_height(position, pile)


def column_height(position, column):
    cards = len(position.tableau[column])
    if cards == 0:
        return CARD_H
    hidden = position.hidden[column]
    return hidden * HIDDEN_STEP + (cards - hidden - 1) * FACE_UP_STEP + CARD_H


def card_face(x, y, card):
    colour = "#c62828" if IS_RED[card] else "#212121"
    label = RANKS[card % 13] + SUIT_MARKS[SUIT[card]]
    return (f'<g fill="{colour}"><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="#fff" stroke="#555"/>'
            f'<text x="{x + 5}" y="{y + 17}" font-size="15" font-weight="bold">{label}</text>'
            f'<text x="{x + CARD_W / 2}" y="{y + 68}" font-size="34" text-anchor="middle">'
            f'{SUIT_MARKS[SUIT[card]]}</text></g>')


def card_back(x, y):
    return (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#1565c0" '
            f'stroke="#fff" stroke-width="2"/>')


def empty_slot(x, y, mark=""):
    text = (f'<text x="{x + CARD_W / 2}" y="{y + 58}" font-size="36" text-anchor="middle" '
            f'fill="#ffffff80">{mark}</text>') if mark else ""
    return (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
            f'stroke="#ffffff80" stroke-width="2"/>{text}')


def pile_parts(position):
    """SVG elements for the stock, the waste fan, the foundations and the columns."""
    parts = [card_back(slot_x(0), MARGIN) if position.stock else empty_slot(slot_x(0), MARGIN)]
    fan = position.waste[-max(1, min(position.waste_fan, 3)):] if position.waste else []
    for place, card in enumerate(fan):
        parts.append(card_face(slot_x(1) + place * FAN_STEP, MARGIN, card))
    if not fan:
        parts.append(empty_slot(slot_x(1), MARGIN))
    for suit, height in enumerate(position.foundations):
        x = slot_x(3 + suit)
        parts.append(card_face(x, MARGIN, position.top_card(foundation_of(suit))) if height
                     else empty_slot(x, MARGIN, SUIT_MARKS[suit]))
    for column, cards in enumerate(position.tableau):
        x, y = slot_x(column), MARGIN + TOP_ROW_H
        if not cards:
            parts.append(empty_slot(x, y))
        for index, card in enumerate(cards):
            parts.append(card_back(x, y) if index < position.hidden[column] else card_face(x, y, card))
            y += HIDDEN_STEP if index < position.hidden[column] else FACE_UP_STEP
    return parts


def table_svg(position: Position, title: str, highlight=None):
    """The whole table; `highlight` is (pile, kind) with kind "refused" or "move"."""
    width = slot_x(7) - GAP + MARGIN
    height = MARGIN + TOP_ROW_H + max(column_height(position, c) for c in COLUMNS) + MARGIN
    parts = pile_parts(position)
    if highlight:
        pile, kind = highlight
        x, y, w, h = pile_box(position, pile)
        parts.append(f'<rect x="{x - 4}" y="{y - 4}" width="{w + 8}" height="{h + 8}" rx="9" '
                     f'fill="none" stroke="{HIGHLIGHT_COLOURS[kind]}" stroke-width="4" '
                     f'stroke-dasharray="{"8 5" if kind == "refused" else "none"}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">'
            f'<title>{escape(title)}</title>'
            f'<rect width="{width}" height="{height}" rx="10" fill="#2e7d32"/>{"".join(parts)}</svg>\n')


def move_target(position, move):
    """The pile a move lands on, as drawn: a card's own foundation for ``F``."""
    if move.target == FOUNDATION:
        card = position.top_card(move.source)
        return foundation_of(SUIT[card]) if card is not None else None
    return move.target
