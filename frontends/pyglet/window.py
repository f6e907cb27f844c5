"""The game window: turns pyglet events into controller questions and session actions.

Frames are drawn only when something changed or while cards move (a 60 Hz step scheduled
only then); a game in progress also ticks its clock when the second shown changes, while the
table is seen, and draws again only the figures that changed where the platform allows.
"""

import functools
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pyglet
from pyglet.window import key, mouse

from solitaire_klondike.core import COLUMNS, STOCK, UNDECIDED, UNWINNABLE, WINNABLE, Move, Pile, PluginError, Refusal
from solitaire_klondike.core.cards import RANK
from solitaire_klondike.frontends import i18n
from solitaire_klondike.frontends.formats import duration_text
from solitaire_klondike.frontends.i18n import _
from solitaire_klondike.player_data import PLUGINS_OFF

from .area import area_copier, draw_area
from .controller import Controller
from .deal_choice import SETTING as DEAL_CHOICE
from .deal_choice import code_text, fresh_code, remembered, to_setting
from .glconfig import EarlyChoice
from .hint import Answer, Hinter, answer_words, lost_panel
from .layout import STATUS_RATIO, Rect, TableLayout
from .messages import move_refusal, plugin_failed, stuck_text
from .session import MIN_WINDOW, STATE_FILE_VARIABLE, Session
from .tips import panel_tip, toolbar_tips
from .ui import SMALLEST_TEXT, PanelView, StatusBar, Toolbar, Tooltip
from .view import TableView

if TYPE_CHECKING:   # the panels are imported when one opens: the first frame needs none
    from .panels import NewGameForm, Panel
    from .plugins_window import PluginsForm

FELT = (0.05, 0.42, 0.2, 1.0)
FRAME_SECONDS = 1 / 60
ISO_LEFT_TAB = 0xFE20            # X11's Shift+Tab
CURSOR_KEYS = {key.LEFT: "left", key.RIGHT: "right", key.UP: "up", key.DOWN: "down", key.ESCAPE: "escape",
               key.ENTER: "enter", key.RETURN: "enter", key.NUM_ENTER: "enter"}
ENTER_KEYS = (key.ENTER, key.RETURN, key.NUM_ENTER)
LOOKS = ("four_colours", "large_cards", "reduce_motion")


def back_tab_keys(window: pyglet.window.Window) -> set[int]:
    """The symbols Shift+Tab may arrive as: X11 sends ISO_Left_Tab, which pyglet does not know
    and passes on as the Tab key's "user key"."""
    keys = {ISO_LEFT_TAB}
    display = getattr(window, "_x_display", None)
    if display is not None:
        from pyglet.libs.x11 import xlib

        keys.add(key.user_key(xlib.XKeysymToKeycode(display, key.TAB)))
    return keys


Handler = TypeVar("Handler", bound=Callable[..., Any])


def guarded(handler: Handler) -> Handler:
    """An event handler in which a failing plugin is told and left out, never a crash."""
    @functools.wraps(handler)
    def run(window: "KlondikeWindow", *args: Any) -> Any:
        try:
            return handler(window, *args)
        except PluginError as exc:
            window.plugin_failed(exc)
            return None
    return run  # type: ignore[return-value]


class KlondikeWindow(pyglet.window.Window):
    """The table, its toolbar and status bar and, at times, one overlay panel."""

    def __init__(self, session: Session, chosen: EarlyChoice | None = None) -> None:
        screen, config = (chosen or EarlyChoice()).wait()
        width, height = session.window_size(screen.width, screen.height, screen.get_scale())
        super().__init__(width, height, caption="Solitaire Klondike", resizable=True, visible=False,
                         config=config)
        self.set_minimum_size(*(round(v * self.scale) for v in MIN_WINDOW))
        self.session = session
        self.batch = pyglet.graphics.Batch()
        self.table = TableView(self, self.batch)
        self.toolbar = Toolbar(self.batch, order=10)
        self.status = StatusBar(self.batch, order=13)
        self.panel_view = PanelView(self.batch, order=20)
        self.tooltip = Tooltip(self.batch, order=40)
        for part in (self.toolbar, self.status, self.panel_view, self.tooltip):
            part.smallest = SMALLEST_TEXT * self.scale
        self.layout = self._layout(self.width, self.height)
        self.controller = Controller(session.game, self.layout, session.double_tap_ms / 1000)
        self.panel: Panel | None = None
        self.form: NewGameForm | None = None
        self.plugins_form: PluginsForm | None = None
        self._form_aside: NewGameForm | None = None   # the New Game form, while its Plugins window is open
        self.help_tab = "rules"
        self.confirming_reset = False
        self.show_cursor = False
        self.note = ""
        self.clipboard = ""
        self.hover: str | None = None
        self.frames = 0
        self.area_frames = 0               # frames of which only an area was drawn (the clock's)
        self.finishing = False
        self.celebrating = False
        self.seen = True                   # false while minimised
        self.win_summary: tuple = ()       # (seconds, moves, records) of the game just won
        self._stepping = self._ticking = self._redraw_pending = False
        self._table_press = False
        self._late_refusal: Refusal | None = None
        self._shake: list[int] = []
        self.back_tab = back_tab_keys(self)
        self.hinter = Hinter()
        self.hint_move: Move | None = None
        self.hint_unproven = False
        self.lost_back = 0   # undos the "no win remains" panel offers
        self._copy_area = area_copier(self)
        self.first_frame_jobs: list[Callable[[], object]] = []   # work left until the first frame is shown
        if session.game.is_won():
            self.panel = self._build_panel("win")
        self.set_visible(True)

    def _layout(self, width: int, height: int, toolbar_rows: int = 1) -> TableLayout:
        return TableLayout(width, height, self.scale, bool(self.session.setting("large_cards")), toolbar_rows)

    def _look(self, name: str) -> bool:
        return bool(self.session.setting(name))

    # --- drawing -------------------------------------------------------------

    def request_redraw(self) -> None:
        if not self._redraw_pending:
            self._redraw_pending = True
            pyglet.clock.schedule_once(self._redraw, 0)

    def _redraw(self, dt: float) -> None:
        self._redraw_pending = False
        self.draw(dt)

    def redraw_area(self, area: Rect) -> None:
        """Only ``area`` changed: draw and show just that where the platform can, else a whole frame."""
        if self._copy_area is None or self._redraw_pending or self._stepping:
            return self.request_redraw()
        draw_area(self, self._copy_area, area.x, area.y, area.w, area.h)
        self.area_frames += 1
        if os.environ.get(STATE_FILE_VARIABLE):
            self.session.write_probe(self.probe())

    @guarded
    def on_draw(self) -> None:
        pyglet.gl.glClearColor(*FELT)
        self.clear()
        self.batch.draw()
        self.frames += 1

    def flip(self) -> None:
        super().flip()
        if os.environ.get(STATE_FILE_VARIABLE):   # once the frame is on screen, for the tests' pixels
            self.session.write_probe(self.probe())
        while self.first_frame_jobs:   # before any input is handled
            self.first_frame_jobs.pop(0)()

    @guarded
    def on_expose(self) -> None:
        self.request_redraw()

    @guarded
    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.layout = self.controller.layout = self._layout(width, height)
        self.refresh(panel_too=True)

    def refresh(self, panel_too: bool = False, animate: bool = False, deal: bool = False) -> None:
        """Bring every sprite and text up to date with the game, then redraw once (and keep
        drawing while cards move)."""
        game = self.session.game
        animate = animate and not self._look("reduce_motion")
        self.table.show(game.position, self.layout, self.controller, self.show_cursor and not self.panel,
                        animate, deal, self._look("four_colours"))
        self.table.show_hint(game.position, self.layout, None if self.panel else self.hint_move)
        if self._shake:
            if not self._look("reduce_motion"):
                self.table.shake(self._shake, self.scale)
            self._shake = []
        self._bars()
        if panel_too:
            self._show_panel()
        self._show_tip()
        self._moving()
        self._clock()
        self.request_redraw()

    def _show_tip(self) -> None:
        """The name and shortcut of the button under the pointer, in a box beside it."""
        hover, layout = self.hover, self.layout
        if self.panel:
            area, text = dict(self.panel_view.hits).get(hover or ""), panel_tip(self.panel, hover or "")
        else:
            area = dict(self.toolbar.hits).get(hover or "") or dict(self.status.hits).get(hover or "")
            text = toolbar_tips().get(hover or "", "")
        self.tooltip.show(text if area else "", area, self.width, layout.toolbar_height / layout.toolbar_rows * 0.32)

    def _bars(self) -> None:
        game = self.session.game
        buttons = [("new", _("New game")), ("restart", _("Restart")), ("undo", _("Undo")), ("redo", _("Redo")),
                   ("hint", _("Hint")), ("help", _("Help")), ("stats", _("Statistics")), ("settings", _("Settings")),
                   ("copy", _("Copy code"))]
        dimmed = frozenset(b for b, can in (("undo", game.can_undo()), ("redo", game.can_redo())) if not can)
        layout = self.layout
        hover = None if self.panel else self.hover
        info = _("Game: {code}").format(code=code_text(game.code))
        self.toolbar.update(self.width, self.height, layout.toolbar_height, buttons, info, dimmed, hover,
                            layout.toolbar_rows)
        if not self.toolbar.fits and layout.toolbar_rows == 1:   # a narrow window: the buttons take two rows
            self.layout = self.controller.layout = self._layout(self.width, self.height, 2)
            return self.refresh(panel_too=True)
        finish = _("Finish") if self.can_finish() and not self.panel else ""
        self.status.update(self.width, self.layout.status_height, self.note or self.session.message, self.figures(),
                           finish, hover == "finish")

    def say(self, text: str) -> None:
        """Show ``text`` in the status bar until the next action (for any part of the game
        that has something to tell the player, such as a hint)."""
        self.note = text
        self._bars()
        self.request_redraw()

    def figures(self) -> str:
        """Score, moves, time, cards left in the stock and, where limited, the pass."""
        game = self.session.game
        position = game.position
        parts = [_("Score: {score}").format(score=game.score_text)] if game.score_text else []  # No scoring: none
        if game.code.scoring in self.session.plugins.carrying_scorings():
            balance = self.session.store.balance(game.code.scoring) + game.score
            parts.append(_("Balance: {balance}").format(balance=game.format_score(balance)))
        parts += [_("Moves: {moves}").format(moves=game.move_count),
                  _("Time: {time}").format(time=duration_text(game.play_seconds)),
                  _("Stock: {cards}").format(cards=len(position.stock))]
        if position.recycle_limit >= 0:
            parts.append(_("Pass {number} of {total}").format(number=position.recycles + 1,
                                                              total=position.recycle_limit + 1))
        return "   ".join(parts)

    # --- motion and the clock -------------------------------------------------------

    def _moving(self) -> None:
        if self.table.motion.moving and not self._stepping:
            self._stepping = True
            pyglet.clock.schedule_interval(self._step, FRAME_SECONDS)

    @guarded
    def _step(self, dt: float) -> None:
        if not self.table.step():
            pyglet.clock.unschedule(self._step)
            self._stepping = False
            if self.celebrating:
                self.celebrating = False
                self.panel = self._build_panel("win")
                return self.refresh(panel_too=True)
            if self.finishing:
                self._finish_step()
        self.request_redraw()

    def settle(self) -> None:
        """A new action: the running motion ends at once (cards where they go), the finish stops."""
        self.finishing = False
        if self._late_refusal:
            pyglet.clock.unschedule(self._say_refusal)
            self._late_refusal = None
        if self.table.motion.moving:
            self.table.motion.finish()
            self.table.step()

    def _playing(self) -> bool:
        """Whether the game's clock runs: started, not won, seen, nothing over the table."""
        game = self.session.game
        return bool(game.history or game.undo_count) and not game.is_won() and self.seen and not self.panel

    def _clock(self) -> None:
        if self._playing() and not self._ticking:
            self._ticking = True
            self._clock_started = time.monotonic()
            self._next_tick()
        elif not self._playing() and self._ticking:
            self._tick(0)
            self._ticking = False
            pyglet.clock.unschedule(self._tick)

    def _next_tick(self) -> None:
        """Wake when the clock shows the next second (it rounds to the nearest second)."""
        left = 1.0 - (self.session.game.play_seconds + 0.5) % 1.0
        pyglet.clock.schedule_once(self._tick, left + 0.005)

    @guarded
    def _tick(self, dt: float) -> None:
        now = time.monotonic()
        self.session.game.add_play_time(now - self._clock_started)
        self._clock_started = now
        if not dt:
            return
        self._next_tick()
        figures = self.figures()
        if figures != self.status.figures.text:
            self.redraw_area(self.status.set_figures(figures))

    @guarded
    def on_hide(self) -> None:
        self.seen = False
        self._clock()

    @guarded
    def on_show(self) -> None:
        self.seen = True
        self._clock()
        self.request_redraw()

    # --- panels ----------------------------------------------------------------

    def open_panel(self, name: str) -> None:
        self.settle()
        self.controller.drag = None
        if name == "new_game":
            from .panels import NewGameForm

            self.form = NewGameForm(self.session.plugins, *self.session.chosen_variant(),
                                    game_in_progress=self._has_progress(),
                                    choices=remembered(self.session.setting(DEAL_CHOICE)),
                                    met=self.session.store.deals_met)
        else:
            self.form = None
        self.confirming_reset = False
        self.panel = self._build_panel(name)
        self.refresh(panel_too=True)

    def close_panel(self) -> None:
        self.panel, self.form = None, None
        self.panel_view.clear()
        self.refresh()

    def _build_panel(self, name: str) -> "Panel":
        from .panels import help_panel, restart_panel, settings_panel, stats_panel, win_panel

        store, session = self.session.store, self.session
        if name == "plugins" and self.plugins_form:
            return self.plugins_form.panel()
        if name == "new_game":
            return self.form.panel()  # type: ignore[union-attr]
        if name == "win":
            return win_panel(session.game.score_text, *self.win_summary)
        if name == "stats":
            return stats_panel(store.statistics(session.plugins.carrying_scorings()), session.plugins,
                               self.confirming_reset)
        if name == "help":
            return help_panel(self.help_tab)
        if name == "restart":
            return restart_panel()
        if name == "lost":
            return lost_panel(self.lost_back)
        return settings_panel(session.setting("language"), session.double_tap_ms, {k: self._look(k) for k in LOOKS})

    def _show_panel(self) -> None:
        if self.panel:
            focus = self.panel.focus
            self.panel = self._build_panel(self.panel.name)
            self.panel.focus = focus if focus in self.panel.focusables() else self.panel.focus
            unit = self.layout.status_height / STATUS_RATIO * 0.42
            self.panel_view.show(self.panel, self.width, self.height, unit, self.hover)

    def activate(self, widget_id: str) -> None:
        """A panel widget was clicked or pressed with Enter or Space."""
        panel, session = self.panel, self.session
        assert panel is not None
        panel.focus = widget_id
        if panel.name == "plugins" or widget_id == "plugins":
            return self._plugins_window(panel.name, widget_id)
        if widget_id == "close":
            return self.close_panel()
        if panel.name == "new_game":
            form = self.form
            assert form is not None  # the New Game panel shows a form
            if widget_id.startswith(("draw:", "scoring:", "grade:")) or widget_id == "winnable":
                form.choose(widget_id)
            elif widget_id in ("start", "code"):
                code = form.game_code()
                if code:
                    session.set_setting(DEAL_CHOICE, to_setting(form.choices))
                    session.new_game(code)
                    return self._new_table()
            form.focus = widget_id
        elif panel.name == "win" and widget_id == "next":
            variant = session.game.code
            choice = remembered(session.setting(DEAL_CHOICE)).get(variant.variant)
            session.new_game(fresh_code(variant.draw, variant.scoring, choice, session.store.deals_met))
            return self._new_table()
        elif panel.name == "lost" and widget_id == "undo_back":
            for _step in range(self.lost_back):
                session.undo()
            self.panel, self.form = None, None
            self.panel_view.clear()
            return self.after_action()
        elif panel.name == "restart" and widget_id == "restart_yes":
            session.restart()
            return self._new_table()
        elif panel.name == "help":
            self.help_tab = widget_id.partition(":")[2] or self.help_tab
        elif panel.name == "stats":
            if widget_id == "reset_yes":
                session.store.reset_statistics()
            self.confirming_reset = widget_id == "reset"
            panel.focus = "reset_no" if self.confirming_reset else "reset"
        elif panel.name == "settings":
            self._setting(widget_id)
        self.refresh(panel_too=True)

    def _plugins_window(self, panel_name: str, widget_id: str) -> None:
        """Open the Plugins window from Settings or New Game, switch a plugin, or go back."""
        session = self.session
        if panel_name != "plugins":
            from .plugins_window import PluginsForm

            self.plugins_form = PluginsForm(session.plugins, back=panel_name)
            self._form_aside, self.form = self.form, None
            self.panel = self._build_panel("plugins")
        elif widget_id == "close":
            back, form = self.plugins_form.back if self.plugins_form else "settings", self._form_aside
            self.plugins_form = self._form_aside = None
            if back == "new_game" and form:
                draws, scorings = session.plugins.choices("draw"), session.plugins.choices("scoring")
                if form.draw not in draws or form.scoring not in scorings:
                    form.draw, form.scoring = session.chosen_variant()
                form.focus = "plugins"
                self.form = form
            self.panel = self._build_panel(back)
            self.panel.focus = "plugins"
        elif self.plugins_form and self.plugins_form.switch(widget_id):
            session.set_setting(PLUGINS_OFF, self.plugins_form.turned_off())
        self.refresh(panel_too=True)

    def _setting(self, widget_id: str) -> None:
        session = self.session
        name, _sep, value = widget_id.partition(":")
        if name == "language":
            session.set_setting("language", value or None)
            i18n.set_language(value or None)
        elif name == "double_click_ms":
            session.set_setting(name, int(value))
            self.controller.double_tap_seconds = int(value) / 1000
        elif name in LOOKS:
            session.set_setting(name, bool(value))
            if name == "large_cards":
                self.layout = self.controller.layout = self._layout(self.width, self.height)

    def _new_table(self) -> None:
        """A new deal or a restart: dealt card by card; the cursor goes back to the stock,
        hidden until a key shows it."""
        self.drop_hint()
        self.controller.set_game(self.session.game)
        self.show_cursor = False
        self.note = ""
        self.panel, self.form = None, None
        self.panel_view.clear()
        self.refresh(animate=True, deal=True)

    def _has_progress(self) -> bool:
        game = self.session.game
        return bool(game.history) and not game.is_won()

    # --- actions ---------------------------------------------------------------

    def do(self, command: str) -> None:
        """A toolbar button or a shortcut."""
        session = self.session
        self.settle()
        self.note = ""
        if command == "quit":
            return self.dispatch_event("on_close")
        if command == "hint":
            return self.ask_hint()
        if command in ("new", "stats", "settings", "help"):
            return self.open_panel({"new": "new_game"}.get(command, command))
        if command == "restart":
            if self._has_progress():
                return self.open_panel("restart")
            session.restart()
            return self._new_table()
        if command == "finish":
            if self.can_finish():
                self.finishing = True
                return self._finish_step()
            self.note = _(
                "Finish plays the last cards up once every card is face up and the stock and waste are empty.")
        elif command == "undo":
            if not session.undo():
                self.note = session.message or _("There is nothing to undo.")
        elif command == "redo":
            if not session.redo():
                self.note = session.message or _("There is nothing to redo.")
        elif command == "draw":
            move = Move.stock()
            refusal = session.game.why_illegal(move)
            if refusal is None:
                return self.play(move)
            self.note = move_refusal(refusal)
        elif command == "copy":
            self.clipboard = str(session.game.code)
            self.set_clipboard_text(self.clipboard)
            self.note = _("Game code {code} copied.").format(code=self.clipboard)
        self.after_action()

    def play(self, move: Move | None) -> None:
        """Play what the controller answered; say why (with a shake) when it refused."""
        self.note = ""
        if move is not None:
            self.session.play(move)
        elif self.controller.refused:
            self._refuse(self.controller.refused)
        elif self.controller.stuck:
            pile, index = self.controller.stuck
            self.note = stuck_text()
            self._shake = self._cards_from(pile, index)
        self.after_action()

    def _refuse(self, refusal: Refusal) -> None:
        """Say why, and shake the card that would have moved (with those above it)."""
        self.note = move_refusal(refusal)
        position = self.session.game.position
        pile = refusal.move.source
        if refusal.card is None or pile == STOCK:
            return
        if pile in COLUMNS and refusal.card in position.tableau[pile]:
            self._shake = self._cards_from(pile, position.tableau[pile].index(refusal.card))
        else:
            self._shake = [refusal.card]   # shaken once the table is refreshed

    def _cards_from(self, pile: Pile, index: int) -> list[int]:
        position = self.session.game.position
        if pile in COLUMNS:
            return position.tableau[pile][index:]
        top = position.top_card(pile)
        return [top] if top is not None else []

    def after_action(self) -> None:
        self.drop_hint()
        game = self.session.game
        if self.session.won_just_now:
            self.session.won_just_now = False
            self.finishing = False
            self.win_summary = (game.play_seconds, game.move_count, self.session.records_beaten)
            self.show_cursor = False   # nothing is left to point at, even once the message is closed
            self.refresh(animate=True)
            return self._celebrate()
        self.refresh(panel_too=True, animate=True)

    def _celebrate(self) -> None:
        """The cards bounce off the foundations; the summary shows when they are gone (or at
        the first key or click)."""
        if self._look("reduce_motion"):
            self.panel = self._build_panel("win")
            return self.refresh(panel_too=True)
        self.table.motion.finish()
        self.celebrating = True
        self.table.celebrate(self.layout)
        self._moving()

    def _skip_celebration(self) -> None:
        self.celebrating = False
        self.table.motion.finish()
        self.panel = self._build_panel("win")
        self.refresh(panel_too=True)

    def can_finish(self) -> bool:
        """Every card face up, the stock and the waste empty, and the game not yet won (R20)."""
        position = self.session.game.position
        return not position.stock and not position.waste and not any(position.hidden) and not position.is_won()

    @guarded
    def _finish_step(self) -> None:
        """Play the lowest card that goes up, as an ordinary action; the next once it lands."""
        game = self.session.game
        moves = [m for m in (game.tap_move(col) for col in COLUMNS) if m]
        if not self.finishing or not moves:
            self.finishing = False
            return
        move = min(moves, key=lambda m: RANK[game.position.top_card(m.source) or 0])
        self.session.play(move)
        finishing = self.finishing
        self.after_action()
        self.finishing = finishing and not self.celebrating and self.panel is None
        if self.finishing and not self.table.motion.moving:
            pyglet.clock.schedule_once(lambda dt: self._finish_step(), 0)

    # --- hint ---------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Show the next move of a winning line, or say there is none; the search runs off this thread."""
        game = self.session.game
        if game.is_won():
            return
        answer = self.hinter.ask(game)
        if answer is None:
            self.hint_move = None
            self.note = _("Looking for a winning line…")
            pyglet.clock.unschedule(self._hint_poll)
            pyglet.clock.schedule_interval(self._hint_poll, 0.05)
            return self.refresh()
        self._show_hint(answer)

    def _hint_poll(self, dt: float) -> None:
        answer = self.hinter.poll(self.session.game)
        if self.hinter.busy:
            return
        pyglet.clock.unschedule(self._hint_poll)
        if answer is not None:
            self._show_hint(answer)

    def _show_hint(self, answer: Answer) -> None:
        self.note = answer_words(self.session.game.position, answer)
        self.hint_move = answer.move if answer.verdict in (WINNABLE, UNDECIDED) else None
        self.hint_unproven = answer.verdict == UNDECIDED
        if answer.verdict == UNWINNABLE and answer.back:
            self.lost_back = answer.back
            return self.open_panel("lost")
        self.refresh()

    def drop_hint(self) -> None:
        """Any action: stop a search, forget the hint shown."""
        self.hinter.cancel()
        pyglet.clock.unschedule(self._hint_poll)
        self.hint_move = None

    # --- pointer -----------------------------------------------------------------

    @guarded
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self._table_press = False
        if button != mouse.LEFT:
            return
        if self.celebrating:
            return self._skip_celebration()
        if self.panel:
            widget_id = self.panel_view.hit(x, y)
            if widget_id:
                self.activate(widget_id)
            return
        command = self.toolbar.hit(x, y) or self.status.hit(x, y)
        if command:
            return self.do(command)
        if y < self.layout.status_height:
            return
        self.settle()
        self.show_cursor = False
        self._table_press = True
        self.controller.press(x, y)

    @guarded
    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls a panel too tall for the window (a line a notch)."""
        if self.panel and any(self.panel_view.more) and scroll_y:
            self.panel_view.scroll(-1 if scroll_y > 0 else 1)
            self.refresh(panel_too=True)

    @guarded
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        hover = self.panel_view.hit(x, y) if self.panel else self.toolbar.hit(x, y) or self.status.hit(x, y)
        if hover != self.hover:
            self.hover = hover
            self._bars()
            if self.panel:
                self._show_panel()
            self._show_tip()
            self.request_redraw()

    @guarded
    def on_mouse_leave(self, x: float, y: float) -> None:
        self.on_mouse_motion(-1, -1, 0, 0)

    @guarded
    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if self.panel or not self._table_press:
            return
        dragging = self.controller.drag is not None
        if self.controller.motion(x, y):
            if dragging:
                self.table.follow(self.controller, self.layout)
            else:   # just lifted: the legal places light up
                self.table.show(self.session.game.position, self.layout, self.controller, False,
                                four_colours=self._look("four_colours"))
            self.request_redraw()

    @guarded
    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != mouse.LEFT or self.panel or not self._table_press:
            return
        self._table_press = False
        outcome = self.controller.release(x, y, time.monotonic())
        refused = self.controller.refused
        if outcome.slide_back:
            self.note = move_refusal(refused) if refused else ""
            self.refresh(animate=True)
        elif outcome.move is None and refused is not None and refused.move.source != STOCK:
            # a single tap that did nothing: said once no second tap makes it a double tap
            self._late_refusal = refused
            pyglet.clock.schedule_once(self._say_refusal, self.controller.double_tap_seconds)
        else:
            self.play(outcome.move)

    @guarded
    def _say_refusal(self, dt: float) -> None:
        refused, self._late_refusal = self._late_refusal, None
        if refused and not self.panel:
            self._refuse(refused)
            self.refresh()

    # --- keyboard ----------------------------------------------------------------

    @guarded
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        ctrl, shift = modifiers & key.MOD_CTRL, modifiers & key.MOD_SHIFT
        if ctrl and symbol == key.Q:
            return self.do("quit")
        if self.celebrating:
            return self._skip_celebration()
        if symbol in (key.F1, key.F2, key.F3):
            return self.do({key.F1: "help", key.F2: "stats", key.F3: "settings"}[symbol])
        if self.panel:
            if symbol in self.back_tab:
                symbol, shift = key.TAB, key.MOD_SHIFT
            return self._panel_key(symbol, bool(shift), bool(ctrl))
        shortcuts = {key.Z: "redo" if shift else "undo", key.Y: "redo", key.N: "new", key.R: "restart", key.C: "copy"}
        if ctrl and symbol in shortcuts:
            return self.do(shortcuts[symbol])
        if ctrl:
            return
        if symbol == key.SPACE:
            return self.do("draw")
        if symbol == key.F:
            return self.do("finish")
        if symbol == key.H:
            return self.do("hint")
        tab = symbol == key.TAB or symbol in self.back_tab
        name = ("previous" if shift or symbol in self.back_tab else "next") if tab else CURSOR_KEYS.get(symbol)
        if name:
            self.settle()
            if not self.show_cursor and name != "escape":
                self.show_cursor = True
                if name != "enter":
                    return self.refresh()
            self.play(self.controller.key(name))

    @guarded
    def on_key_release(self, symbol: int, modifiers: int) -> None:
        if symbol == key.TAB or symbol in self.back_tab:
            # pyglet keeps Shift+Tab's press under one symbol and may see its release (Shift let go
            # first) under another: forget it, or the next Shift+Tab would pass for a repeat
            getattr(self, "pressed_keys", set()).difference_update(self.back_tab)

    def _panel_key(self, symbol: int, back: bool, ctrl: bool) -> None:
        panel = self.panel
        assert panel is not None  # keys come here only while a panel is shown
        if symbol == key.ESCAPE:
            return self.activate(panel.cancel)
        if ctrl and symbol == key.V and self.form:
            self.form.type_text(self.get_clipboard_text().strip())
            self.form.focus = panel.focus = "code"
        elif symbol in ENTER_KEYS or (symbol == key.SPACE and panel.focus != "code"):
            widget = panel.widget(panel.focus)
            pressable = widget and widget.kind in ("button", "option")
            return self.activate(panel.focus if pressable or symbol == key.SPACE else panel.default)
        elif symbol in (key.TAB, key.DOWN, key.UP):
            panel.move_focus(-1 if symbol == key.UP or (back and symbol == key.TAB) else 1)
        elif symbol in (key.LEFT, key.RIGHT):
            neighbour = panel.neighbour(-1 if symbol == key.LEFT else 1)
            if neighbour:
                return self.activate(neighbour)
            panel.move_focus(-1 if symbol == key.LEFT else 1)
        elif symbol == key.BACKSPACE and self.form:
            self.form.backspace()
        else:
            return
        if self.form:
            self.form.focus = panel.focus
        self.refresh(panel_too=True)

    @guarded
    def on_text(self, text: str) -> None:
        if self.form and self.panel and text.isprintable() and not (text == " " and self.panel.focus != "code"):
            self.form.type_text(text)
            self.form.focus = self.panel.focus = "code"
            self.refresh(panel_too=True)

    def plugin_failed(self, exc: PluginError) -> None:
        """A plugin failed outside a move (a frame, a tap on the stock, a panel): the session leaves it out
        and keeps a working game; the panel it broke is closed."""
        self.session.recover(exc)
        self.panel, self.form = None, None
        self.panel_view.clear()
        self.controller.set_game(self.session.game)
        try:
            self.refresh()
        except PluginError as again:  # a failure no plugin can be named for: say it, and draw what can be drawn
            self.session.message = plugin_failed(str(again))

    # --- leaving ---------------------------------------------------------------

    def on_close(self) -> None:
        self.drop_hint()
        for step in (self._step, self._tick, self._say_refusal):
            pyglet.clock.unschedule(step)
        if self._ticking:
            self._tick(0)
        self.session.remember_window_size(self.width, self.height, self.scale)
        self.session.close()
        super().on_close()

    def probe(self) -> dict:
        """What the tests read: the view's geometry, texts and state (see :meth:`Session.write_probe`)."""
        layout = self.layout
        def rect(r):
            return [r.x, r.y, r.w, r.h]
        labels = [label for _i, label, _b in self.toolbar.items] + [
            item for item in self.panel_view.drawn if isinstance(item, pyglet.text.Label)]
        motion = self.table.motion
        return {
            "language": i18n.current_language(), "window": [self.width, self.height], "scale": self.scale,
            "frames": self.frames,
            "overlay": self.panel.name if self.panel else None, "focus": self.panel.focus if self.panel else None,
            "selected": [w.id for row in self.panel.rows for w in row if w.selected] if self.panel else [],
            "panel": {i: rect(r) for i, r in self.panel_view.hits},
            "toolbar": {i: rect(r) for i, r in self.toolbar.hits},
            "texts": [label.text for label in labels], "text_at": [[label.x, label.y] for label in labels],
            "panel_box": rect(self.panel_view.box) if self.panel else None, "panel_more": list(self.panel_view.more),
            "text_boxes": [[label.x, label.y, label.content_width, label.content_height, label.anchor_x, label.anchor_y,
                            label.font_size * 96 / 72, label.font_name] for label in labels],
            "status": self.status.message.text, "figures": self.status.figures.text,
            "status_bar": {i: rect(r) for i, r in self.status.hits}, "status_height": layout.status_height,
            "tooltip": self.tooltip.text, "tooltip_box": rect(self.tooltip.box) if self.tooltip.text else None,
            "dimmed": sorted(self.toolbar.shown[5]),
            "clipboard": self.clipboard, "card_w": layout.card_w, "card_h": layout.card_h,
            "slots": {str(p): rect(r) for p, r in layout.slots.items()},
            "spots": [[s.card, s.face_up, *rect(s.rect), s.pile, s.index]
                      for s in layout.spots(self.session.game.position)],
            "x_window": getattr(self, "_window", None), "cursor": list(self.controller.cursor),
            "cursor_shown": self.table.cursor.visible, "held": self.controller.held,
            "dragging": self.controller.drag is not None, "sliding": motion.moving, "moving": motion.moving,
            "moving_cards": sorted(motion.tweens), "celebrating": self.celebrating, "finishing": self.finishing,
            "targets": [[b.x, b.y, b.width, b.height] for b in self.table.targets if b.visible],
            "play_seconds": self.session.game.play_seconds, "ticking": self._ticking, "stepping": self._stepping,
            "area_frames": self.area_frames,
            "hint": {"move": str(self.hint_move) if self.hint_move else None, "unproven": self.hint_unproven,
                     "busy": self.hinter.busy, "from": self.table.hint_rects[0], "to": self.table.hint_rects[1]},
        }
