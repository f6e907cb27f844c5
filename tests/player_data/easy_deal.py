"""A test draw plugin: deals below EASY_DEALS are laid out so that playing every foundation move, else
tapping the stock, wins in any variant; other deals are left to the standard deal.

It stands in for the built-in draw plugin of its token, with the same draw count (only a game's own
draw or scoring plugin may deal). The 28 cards of ranks A–7 fill the columns, each column falling in
rank from bottom to top, so the lowest card left is always on top; the stock holds 8–K in rising
rank, one suit after another.
"""

from solitaire_klondike.core import COLUMNS, FOUNDATION, Game, Layout, Move, Variant
from solitaire_klondike.core.cards import RANK, SUIT

EASY_DEALS = 1000


def _easy_layout() -> Layout:
    by_rank = sorted(range(52), key=lambda c: (RANK[c], SUIT[c]))
    low, high = by_rank[:28], by_rank[28:]
    columns: list[list[int]] = [[] for _ in COLUMNS]
    for card in reversed(low):  # highest first, so each column falls from bottom to top
        column = next(k for k in COLUMNS if len(columns[k]) < k + 1)
        columns[column].append(card)
    return Layout(tuple(map(tuple, columns)), tuple(len(c) - 1 for c in columns), tuple(high))


class EasyDraw:
    """Draw ``count`` cards a tap, under ``token``, and deal the easy layout below EASY_DEALS."""

    def __init__(self, token: str, count: int) -> None:
        self.token, self.count = token, count

    def klondike_variant(self) -> Variant:
        return Variant("draw", self.token, f"Draw {self.count}", "Easy deals for the tests")

    def klondike_draw_count(self) -> int:
        return self.count

    def klondike_deal(self, deal: int) -> Layout | None:
        return _easy_layout() if deal < EASY_DEALS else None


def winning_move(game: Game) -> Move:
    """The next move of the plain strategy that wins an easy deal."""
    for move in game.legal_moves():
        if move.target == FOUNDATION:
            return move
    return Move.stock()


def play_to_win(game: Game, after_each=lambda: None) -> None:
    while not game.is_won():
        game.push(winning_move(game))
        after_each()
