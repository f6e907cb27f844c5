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

from .messages import move_refusal, notice_text, plugin_failed, plugin_failures
from .panels import beaten_records

STATE_FILE_VARIABLE = "KLONDIKE_TEST_STATE_FILE"
DEFAULT_DOUBLE_TAP_MS = 400
DEFAULT_WINDOW = (1100, 760)      # window size in units of 96 dpi
MIN_WINDOW = (520, 400)
SCREEN_SHARE = 0.9                # of the screen, at most, for a window that would not fit


class Session:
    """One player's table: the game on it, the store that keeps it, a message to show."""

    def __init__(self, plugins: Plugins, store: Store, game: Game) -> None:
        self.plugins, self.store, self.game = plugins, store, game
        self.won_just_now = False                 # the last action won the game
        self.records_beaten: tuple[str, ...] = ()  # and beat these statistics of its variant
        store.game_started(game)
        failed = [info.name for info in plugins.infos if info.error and info.error != "blocked"]
        notices = [notice_text(notice.kind) for notice in store.notices]
        self.message = " ".join(filter(None, [*notices, plugin_failures(failed)]))

    @classmethod
    def open(cls, plugins: Plugins, store: Store, code: GameCode | None = None) -> "Session":
        """Deal ``code``, or resume the saved game, or deal a new game of the last chosen variant.

        With ``code`` the saved game is not replayed: starting the new one records it as
        abandoned from its saved row.
        """
        game = Game(code, plugins) if code else store.resume(plugins)
        if game is None:
            game = Game(GameCode.random(*chosen_variant(plugins, store)), plugins)
        return cls(plugins, store, game)

    # --- settings ------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        return self.store.get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.store.set_setting(key, value)

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
            self.message = plugin_failed(str(exc))
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
            self.message = plugin_failed(str(exc))
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
            after = self.store.statistics().get(self.game.code.draw + self.game.code.scoring, {})
            self.won_just_now, self.records_beaten = True, beaten_records(before, after)

    def new_game(self, code: GameCode) -> None:
        """Leave the current game and deal ``code``; remember its plugins as the next choice."""
        self.message = ""
        try:
            game = Game(code, self.plugins)
        except PluginError as exc:
            self.message = plugin_failed(str(exc))
            return
        self.set_setting("draw", code.draw)
        self.set_setting("scoring", code.scoring)
        self._begin(game)

    def restart(self) -> None:
        """Deal the same code again from the start (R5)."""
        self.message = ""
        self._begin(self.game.restarted())

    def close(self) -> None:
        self.store.close()

    def _begin(self, game: Game) -> None:
        if self.game is not game:
            self.store.game_left(self.game)
        self.game = game
        self.store.game_started(game)

    def _saved(self) -> bool:
        self.message = ""
        self.store.action_done(self.game)
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
