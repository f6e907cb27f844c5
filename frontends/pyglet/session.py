"""The game being played, its settings and its saving, behind the window (no pyglet here).

Every action goes through here so that it is saved at once (``store.action_done``) and
the test probe, when asked for, sees it.
"""

import json
import os
from pathlib import Path
from typing import Any

from solitaire_klondike.core import Game, GameCode, IllegalMoveError, Move, PluginError, Plugins
from solitaire_klondike.player_data import Store

from .messages import move_refusal, notice_text, plugin_failed, plugin_failures, plugin_left_out
from .plugin_guard import leave_out, probe, working_game

STATE_FILE_VARIABLE = "KLONDIKE_TEST_STATE_FILE"
DEFAULT_DOUBLE_TAP_MS = 400
DEFAULT_WINDOW = (1100, 760)      # window size in units of 96 dpi
MIN_WINDOW = (520, 400)
SCREEN_SHARE = 0.9                # of the screen, at most, for a window that would not fit


class Session:
    """One player's table: the game on it, the store that keeps it, a message to show."""

    def __init__(self, plugins: Plugins, store: Store, game: Game) -> None:
        self.plugins, self.store, self.game = plugins, store, game
        self._told = 0  # how many of the store's notices the player has been shown
        self.won_just_now = False                 # the last action won the game
        self.records_beaten: tuple[str, ...] = ()  # and beat these statistics of its variant
        store.game_started(game)
        failed = [info.name for info in plugins.infos if info.error and info.error != "blocked"]
        self.message = " ".join(filter(None, [self.store_news(), plugin_failures(failed)]))

    @classmethod
    def open(cls, plugins: Plugins, store: Store, code: GameCode | None = None) -> "Session":
        """Deal ``code``, or resume the saved game, or deal a new game of the last chosen variant.

        With ``code`` the saved game is not replayed: starting the new one records it as
        abandoned from its saved row.
        A plugin that fails on the way is left out for the session (and said so), and the game
        goes on with a variant that works.
        """
        failures: list[PluginError] = []
        try:
            game = Game(code, plugins) if code else store.resume(plugins)
            if game is not None:
                probe(game)
        except PluginError as exc:
            failures.append(exc)
            leave_out(plugins, exc)
            if not code and game is not None:
                store.game_set_aside(game)
            game = None
        if game is None:
            game = working_game(plugins, chosen_variant(plugins, store), failures)
        session = cls(plugins, store, game)
        session.message = " ".join(filter(None, [*map(plugin_left_out, failures), session.message]))
        return session

    # --- settings ------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        return self.store.get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.store.set_setting(key, value)
        self.message = self.store_news() or self.message

    def store_news(self) -> str:
        """What the store has to say since the player was last told (a save that failed, saving
        that works again, damage found), in the player's language."""
        news = self.store.notices[self._told:]
        self._told = len(self.store.notices)
        return " ".join(notice_text(notice) for notice in news)

    def chosen_variant(self) -> tuple[str, str]:
        return chosen_variant(self.plugins, self.store)

    @property
    def double_tap_ms(self) -> int:
        value = self.setting("double_click_ms", DEFAULT_DOUBLE_TAP_MS)
        return value if isinstance(value, int) and 50 <= value <= 2000 else DEFAULT_DOUBLE_TAP_MS

    def window_size(self, screen_w: int, screen_h: int, scale: float) -> tuple[int, int]:
        """The remembered window size (96-dpi units), shrunk to fit a screen of ``screen_w`` ×
        ``screen_h`` pixels at ``scale`` pixels per unit, keeping the table's proportions."""
        saved = self.setting("window_size")
        ok = isinstance(saved, list) and len(saved) == 2 and all(isinstance(v, int) and v > 0 for v in saved)
        width, height = saved if ok else DEFAULT_WINDOW
        fit = min(1.0, SCREEN_SHARE * screen_w / (width * scale), SCREEN_SHARE * screen_h / (height * scale))
        return max(MIN_WINDOW[0], int(width * fit)), max(MIN_WINDOW[1], int(height * fit))

    def remember_window_size(self, width: int, height: int, scale: float) -> None:
        self.set_setting("window_size", [round(width / scale), round(height / scale)])

    # --- actions -------------------------------------------------------------

    def play(self, move: Move) -> bool:
        """Play one move and save; false (with :attr:`message` set) when refused."""
        before = self._statistics_before_a_win()
        try:
            self.game.push(move)
        except IllegalMoveError as exc:
            self.message = move_refusal(exc.refusal)
            return False
        except PluginError as exc:
            self.recover(exc)
            return False
        self._saved()
        self._check_win(before)
        return True

    def undo(self) -> bool:
        return self.game.undo() is not None and self._saved()

    def redo(self) -> bool:
        before = self._statistics_before_a_win()
        try:
            done = self.game.redo() is not None and self._saved()
        except PluginError as exc:
            self.recover(exc)
            return False
        self._check_win(before)
        return done

    def _statistics_before_a_win(self) -> dict | None:
        """This variant's statistics, read only when the next action may win."""
        if sum(self.game.position.foundations) < 51:
            return None
        return self.store.statistics().get(self.game.code.draw + self.game.code.scoring, {})

    def _check_win(self, before: dict | None) -> None:
        if before is not None and self.game.is_won():
            from .panels import beaten_records

            after = self.store.statistics().get(self.game.code.draw + self.game.code.scoring, {})
            self.won_just_now, self.records_beaten = True, beaten_records(before, after)

    def new_game(self, code: GameCode) -> None:
        """Leave the current game and deal ``code``; remember its plugins as the next choice."""
        self.message = ""
        try:
            game = probe(Game(code, self.plugins))
        except PluginError as exc:
            self.recover(exc)
            return
        self.set_setting("draw", code.draw)
        self.set_setting("scoring", code.scoring)
        self._begin(game)

    def restart(self) -> None:
        """Deal the same code again from the start (R5)."""
        self.message = ""
        try:
            self._begin(probe(self.game.restarted()))
        except PluginError as exc:
            self.recover(exc)

    def recover(self, exc: PluginError) -> None:
        """A plugin failed: leave it out for the session and go on with this game when it still works
        without it, else with a new deal of a variant that works (this one is kept for later)."""
        if not leave_out(self.plugins, exc):
            self.message = plugin_failed(str(exc))
            return
        failures = [exc]
        try:
            game = probe(Game.from_snapshot(self.game.snapshot(), self.plugins))
            self.store.game_replaced(self.game, game)
            self.game = game
        except (PluginError, ValueError, KeyError):
            self.store.game_set_aside(self.game)
            self.game = working_game(self.plugins, chosen_variant(self.plugins, self.store), failures)
            self.store.game_started(self.game)
        self.message = " ".join(map(plugin_left_out, failures))

    def close(self) -> None:
        self.store.close()

    def _begin(self, game: Game) -> None:
        if self.game is not game:
            self.store.game_left(self.game)
        self.game = game
        self.store.game_started(game)
        self.message = " ".join(filter(None, [self.message, self.store_news()]))

    def _saved(self) -> bool:
        self.store.action_done(self.game)
        self.message = self.store_news()
        return True

    # --- test probe ------------------------------------------------------------

    def write_probe(self, view: dict[str, Any]) -> None:
        """When :data:`STATE_FILE_VARIABLE` names a file, write the game and the view as JSON."""
        path = os.environ.get(STATE_FILE_VARIABLE)
        if not path:
            return
        game, position = self.game, self.game.position
        data = {
            "code": str(game.code), "score": game.score, "score_text": game.score_text,
            "moves": game.move_count, "won": game.is_won(), "can_undo": game.can_undo(), "can_redo": game.can_redo(),
            "tableau": position.tableau, "hidden": position.hidden, "stock": position.stock,
            "waste": position.waste, "waste_fan": position.waste_fan, "foundations": position.foundations,
            "message": self.message, **view,
        }
        temporary = Path(path + ".tmp")
        temporary.write_text(json.dumps(data), encoding="utf-8")
        temporary.replace(path)


def chosen_variant(plugins: Plugins, store: Store) -> tuple[str, str]:
    """The last draw and scoring tokens chosen, when still installed (else the first ones)."""
    draws, scorings = sorted(plugins.choices("draw")), sorted(plugins.choices("scoring"))
    draw, scoring = store.get_setting("draw"), store.get_setting("scoring")
    return (draw if draw in draws else draws[0]), (scoring if scoring in scorings else scorings[0])
