"""Games on hand-made layouts through a real deal plugin, and the won games of tests/data."""

from pathlib import Path

from solitaire_klondike.core import Game, Layout, load_plugins, parse_card

DATA = Path(__file__).parent / "data"


class FixedDeal:
    """An "other" plugin whose ``klondike_deal`` returns one chosen layout."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    def klondike_deal(self, deal: int) -> Layout:
        return self.layout


def layout_from_text(columns: list[str], stock: str = "") -> Layout:
    """Columns like ``"[KD] [2C] 7H"`` (bracketed cards face down); ``stock`` lists the
    next card first; every card not named goes to the end of the stock in deck order."""
    tableau, face_down, used = [], [], []
    for text in columns:
        words = text.split()
        tableau.append(tuple(parse_card(w.strip("[]")) for w in words))
        face_down.append(sum(w.startswith("[") for w in words))
    stock_cards = [parse_card(w) for w in stock.split()]
    used = {c for column in tableau for c in column} | set(stock_cards)
    stock_cards += [c for c in range(52) if c not in used]
    return Layout(tuple(tableau), tuple(face_down), tuple(stock_cards))


def game_on(columns: list[str], stock: str = "", variant: str = "D1N") -> Game:
    """A real game whose deal comes from a real plugin answering ``klondike_deal``."""
    plugins = load_plugins()
    plugins.add(FixedDeal(layout_from_text(columns + [""] * (7 - len(columns)), stock)), "fixed-deal")
    return Game(plugins.parse_code(f"KL1-{variant}-AAAAAAA"), plugins)


def play(game: Game, moves: str) -> Game:
    for text in moves.split():
        game.push_text(text)
    return game


def won_games() -> list[tuple[str, list[str]]]:
    """The won games of ``tests/data/won_games.txt``."""
    games = []
    for line in (DATA / "won_games.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            code, moves = line.split(":", 1)
            games.append((code, moves.split()))
    return games
