"""Games on hand-made layouts through a real deal plugin, and the won games of tests/data."""

from pathlib import Path

from solitaire_klondike.core import CARD_NAMES, COLUMNS, Game, Layout, Position, Variant, load_plugins
from solitaire_klondike.core.notation import parse_cards

DATA = Path(__file__).parent / "data"
BUILT_IN_DRAWS = {"D1": "draw1", "D3": "draw3"}


class FixedDeal:
    """A draw plugin standing in for the built-in one of its token (the same draw count) whose
    ``klondike_deal`` deals one chosen layout: only a game's own draw or scoring plugin may deal."""

    def __init__(self, layout: Layout, token: str) -> None:
        self.layout, self.token = layout, token

    def klondike_variant(self) -> Variant:
        return Variant("draw", self.token, f"Fixed deal, draw {self.token[1:]}", "One hand-made layout")

    def klondike_draw_count(self) -> int:
        return int(self.token[1:])

    def klondike_deal(self, deal: int) -> Layout:
        return self.layout


def game_on(columns: list[str], stock: str = "", variant: str = "D1N") -> Game:
    """A real game whose deal comes from a real draw plugin answering ``klondike_deal``.

    ``columns`` are written as in the position notation (``"2c9S8H"``: bottom to top, face-down
    cards in lower case, ``"-"`` for an empty column); ``stock`` lists the stock's first cards,
    the next one first; every card not named goes to the end of the stock in deck order.
    """
    named = {c for text in [*columns, stock] for c in parse_cards(text)}
    rest = "".join(CARD_NAMES[c] for c in range(52) if c not in named)
    tableau = "/".join(columns + ["-"] * (len(COLUMNS) - len(columns)))
    position = Position.from_text(f"{tableau} {stock + rest or '-'} - -/-/-/- 0 1 -")
    layout = Layout(tuple(map(tuple, position.tableau)), tuple(position.hidden), tuple(reversed(position.stock)))
    plugins = load_plugins(blocked=[BUILT_IN_DRAWS[variant[:2]]])
    assert plugins.add(FixedDeal(layout, variant[:2]), "fixed-deal").loaded
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
