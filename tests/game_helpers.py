"""Games on hand-made layouts through a real deal plugin, and the won games of tests/data."""

from pathlib import Path

from solitaire_klondike.core import CARD_NAMES, COLUMNS, Game, Layout, Position, load_plugins
from solitaire_klondike.core.notation import parse_cards

DATA = Path(__file__).parent / "data"


class FixedDeal:
    """An "other" plugin whose ``klondike_deal`` returns one chosen layout."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    def klondike_deal(self, deal: int) -> Layout:
        return self.layout


def game_on(columns: list[str], stock: str = "", variant: str = "D1N") -> Game:
    """A real game whose deal comes from a real plugin answering ``klondike_deal``.

    ``columns`` are written as in the position notation (``"2c9S8H"``: bottom to top, face-down
    cards in lower case, ``"-"`` for an empty column); ``stock`` lists the stock's first cards,
    the next one first; every card not named goes to the end of the stock in deck order.
    """
    named = {c for text in [*columns, stock] for c in parse_cards(text)}
    rest = "".join(CARD_NAMES[c] for c in range(52) if c not in named)
    tableau = "/".join(columns + ["-"] * (len(COLUMNS) - len(columns)))
    position = Position.from_text(f"{tableau} {stock + rest or '-'} - -/-/-/- 0 1 -")
    layout = Layout(tuple(map(tuple, position.tableau)), tuple(position.hidden), tuple(reversed(position.stock)))
    plugins = load_plugins()
    plugins.add(FixedDeal(layout), "fixed-deal")
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
