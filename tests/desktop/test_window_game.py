"""A whole won game played in the real window with the keyboard alone, to the win message."""

from pathlib import Path

from solitaire_klondike.core import FOUNDATION, STOCK, Game, Move, load_plugins
from solitaire_klondike.core.cards import RANK, SUIT
from solitaire_klondike.frontends.pyglet.controller import CURSOR_ORDER
from solitaire_klondike.frontends.pyglet.i18n import read_catalog

WON_GAMES = Path(__file__).parents[1] / "data" / "won_games.txt"


def won_game(code: str) -> list[str]:
    """The moves of ``code``'s line in tests/data/won_games.txt."""
    line = next(line for line in WON_GAMES.read_text().splitlines() if line.startswith(code + ":"))
    return line.split(":")[1].split()


def keys_for(game: Game, move: Move, cursor: int) -> tuple[list[str], int]:
    """The keys that play ``move`` with the keyboard cursor, which is on pile ``cursor``; and
    where the cursor ends.  A draw is Space; a move walks to the source, lifts the right card
    with Up, picks it up with Enter, walks to the target and puts it down with Enter."""
    if move.source == STOCK:
        return ["space"], cursor
    position = game.position
    keys = ["Right", "Left"] if cursor == move.source else []   # back on the pile's top card
    keys += _walk(cursor, move.source)
    if move.source < 7 and move.target < 7:
        column, target = position.tableau[move.source], position.tableau[move.target]
        index = len(column) - (RANK[target[-1]] - RANK[column[-1]]) if target else position.hidden[move.source]
        keys += ["Up"] * (len(column) - 1 - index)
    card = position.top_card(move.source)
    target = 9 + SUIT[card] if move.target == FOUNDATION else move.target
    return keys + ["Return"] + _walk(move.source, target) + ["Return"], target


def _walk(start: int, end: int) -> list[str]:
    """The shorter way round the cursor's ring of piles."""
    steps = (CURSOR_ORDER.index(end) - CURSOR_ORDER.index(start)) % len(CURSOR_ORDER)
    return ["Right"] * steps if steps <= len(CURSOR_ORDER) / 2 else ["Left"] * (len(CURSOR_ORDER) - steps)


def test_a_whole_game_won_with_the_keyboard_alone(launch):
    code = "KL1-D1N-AAAAAAC"
    app = launch("play", code, language="es_ES.UTF-8")
    game = Game.from_text(code, load_plugins())
    app.key("Tab")   # shows the cursor, on the stock
    cursor, keys, moves = STOCK, [], won_game(code)
    for number, text in enumerate(moves, 1):
        move = Move.parse(text)
        more, cursor = keys_for(game, move, cursor)
        keys += more
        game.push(move)
        if number % 20 == 0 or number == len(moves):   # a few moves at a time, then check
            app.key_fast(*keys)
            app.wait(lambda s: s["moves"] == number and s["tableau"] == game.position.tableau, timeout=10)
            keys = []
    state = app.wait(lambda s: s["overlay"] == "win")
    assert state["won"] and state["foundations"] == [13] * 4 and state["score"] == game.score
    words = read_catalog("es")
    assert words["You won!"] in state["texts"]
    assert words["Final score: {score}"].format(score=game.score_text) in state["texts"]
