"""Helpers of the player-data tests: real plugins with easy_deal's draw plugins, games, a clock."""

import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import easy_deal

from solitaire_klondike.core import Game, GameCode, Plugins, load_plugins

HERE = Path(__file__).parent
PYTHON = sys.executable
KLONDIKE = str(Path(PYTHON).parent / "klondike")  # the command the player runs


def make_plugins(blocked: tuple[str, ...] = ()) -> Plugins:
    """The installed plugins, the built-in draw plugins replaced by easy_deal's (same tokens, same counts)."""
    stand_ins = {name: easy_deal.EasyDraw(token, count) for name, token, count in (("draw1", "D1", 1), ("draw3", "D3", 3))
                 if name not in blocked}
    plugins = load_plugins(blocked=(*blocked, *stand_ins))
    for name, stand_in in stand_ins.items():
        assert plugins.add(stand_in, f"easy-{name}").loaded
    return plugins


def easy_game(plugins: Plugins, variant: str = "D1N", deal: int = 1) -> Game:
    return Game(GameCode(variant[:2], variant[2:], deal), plugins)


def hard_game(plugins: Plugins, variant: str = "D1N", deal: int = 123456) -> Game:
    return Game(GameCode(variant[:2], variant[2:], deal), plugins)


def saved_game(store, plugins: Plugins) -> Game:
    """The game ``store`` resumes, which the test expects to be there."""
    game = store.resume(plugins)
    assert game is not None, "no saved game to resume"
    return game


def start_and_play_once(store, game: Game) -> Game:
    """Start ``game`` in ``store`` and play its first legal action, saved as the game does."""
    store.game_started(game)
    game.push(game.legal_moves()[0])
    store.action_done(game)
    return game


class Clock:
    """Times handed to the store, one second apart unless told."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self, seconds: float = 1) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


def child_env(folder: Path) -> dict[str, str]:
    return {**os.environ, "SOLITAIRE_KLONDIKE_DATA": str(folder), "PYTHONPATH": str(HERE)}
