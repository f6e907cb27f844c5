"""Hand-built endgames for the solver tests: the cards named are on the table, the rest on the foundations."""

from solitaire_klondike.core import NO_LIMIT, Layout, Position, parse_card
from solitaire_klondike.core.legality import why_illegal


def endgame(columns: list[str], stock: str = "", waste: str = "", draw: int = 1,
            recycle_limit: int = NO_LIMIT) -> Position:
    """Columns like ``"[7D] [9C] 8H"`` (bracketed cards face down), ``stock`` next card first,
    ``waste`` bottom to top.  Every card not named must be one of the lowest of its suit: it goes
    to its foundation."""
    tableau = [[parse_card(w.strip("[]")) for w in text.split()] for text in columns + [""] * (7 - len(columns))]
    face_down = [sum(w.startswith("[") for w in text.split()) for text in columns + [""] * (7 - len(columns))]
    stock_cards = [parse_card(w) for w in stock.split()]
    position = Position(Layout(tuple(map(tuple, tableau)), tuple(face_down), tuple(stock_cards)), draw, recycle_limit)
    position.waste = [parse_card(w) for w in waste.split()]
    on_table = {c for column in tableau for c in column} | set(stock_cards) | set(position.waste)
    for suit in range(4):
        off = [c for c in range(13 * suit, 13 * suit + 13) if c not in on_table]
        assert off == list(range(13 * suit, 13 * suit + len(off))), "cards off the table must be the lowest of a suit"
        position.foundations[suit] = len(off)
    return position


def replays_to_win(position: Position, moves) -> bool:
    """Play ``moves`` on a copy through the public legality check; True when they are legal and win."""
    trial = position.copy()
    for move in moves:
        if why_illegal(trial, move) is not None:
            return False
        trial.make(move)
    return trial.is_won()
