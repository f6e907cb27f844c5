"""The game window: turns pyglet events into controller questions and session actions.

It redraws only when something changed (no frame timer); the slide-back of a refused
drop is the one animation, scheduled only while it runs.
"""

import time

import pyglet
from pyglet.window import key, mouse

from solitaire_klondike.core import GameCode, Move
from solitaire_klondike.frontends import i18n
from solitaire_klondike.frontends.i18n import _

from .controller import Controller, Drag
from .layout import TableLayout
from .messages import move_refusal
from .panels import NewGameForm, Panel, settings_panel, stats_panel, win_panel
from .session import MIN_WINDOW, Session
from .ui import PanelView, Toolbar
from .view import TableView

FELT = (0.05, 0.42, 0.2, 1.0)
SLIDE_SECONDS = 0.16
CURSOR_KEYS = {key.LEFT: "left", key.RIGHT: "right", key.UP: "up", key.DOWN: "down", key.ESCAPE: "escape",
               key.ENTER: "enter", key.RETURN: "enter", key.NUM_ENTER: "enter"}


class KlondikeWindow(pyglet.window.Window):
    """The table, its toolbar and, at times, one overlay panel."""

    def __init__(self, session: Session) -> None:
        screen = pyglet.display.get_display().get_default_screen()
        width, height = session.window_size(screen.width, screen.height, screen.get_scale())
        super().__init__(width, height, caption="Solitaire Klondike", resizable=True, visible=False)
        self.set_minimum_size(*(round(v * self.scale) for v in MIN_WINDOW))
        self.session = session
        self.batch = pyglet.graphics.Batch()
        self.table = TableView(self, self.batch)
        self.toolbar = Toolbar(self.batch, order=10)
        self.panel_view = PanelView(self.batch, order=20)
        self.status: pyglet.text.Label | None = None   # made when there is first something to say
        self.layout = TableLayout(self.width, self.height, self.scale)
        self.controller = Controller(session.game, self.layout, session.double_tap_ms / 1000)
        self.panel: Panel | None = None
        self.form: NewGameForm | None = None
        self.confirming_reset = False
        self.show_cursor = False
        self.note = ""
        self.clipboard = ""
        self.frames = 0
        self._slide: tuple[Drag, float, float, float] | None = None  # the drag, its start time and offset
        self._redraw_pending = False
        if session.game.is_won():
            self.open_panel("win")
        self.set_visible(True)

    # --- drawing -------------------------------------------------------------

    def request_redraw(self) -> None:
        if not self._redraw_pending:
            self._redraw_pending = True
            pyglet.clock.schedule_once(self._redraw, 0)

    def _redraw(self, dt: float) -> None:
        self._redraw_pending = False
        self.draw(dt)

    def on_draw(self) -> None:
        pyglet.gl.glClearColor(*FELT)
        self.clear()
        self.batch.draw()
        self.frames += 1
        self.session.write_probe(self.probe())

    def on_expose(self) -> None:
        self.request_redraw()

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.layout = self.controller.layout = TableLayout(width, height, self.scale)
        self.refresh(panel_too=True)

    def refresh(self, panel_too: bool = False) -> None:
        """Bring every sprite and text up to date with the game, then redraw once."""
        game = self.session.game
        self.table.refresh(game.position, self.layout, self.controller, self.show_cursor and not self.panel)
        self._toolbar()
        self._status(self.note or self.session.message)
        if panel_too:
            self._show_panel()
        self.request_redraw()

    def _status(self, text: str) -> None:
        if text and not self.status:
            self.status = pyglet.text.Label("", font_name="DejaVu Sans", color=(240, 240, 230, 255), x=8, y=8,
                                            batch=self.batch, group=pyglet.graphics.Group(order=15))
        if self.status:
            self.status.text = text
            self.status.font_size = self.layout.toolbar_height * 0.3

    def _toolbar(self) -> None:
        game = self.session.game
        buttons = [("new", _("New game")), ("restart", _("Restart")), ("undo", _("Undo")), ("redo", _("Redo")),
                   ("stats", _("Statistics")), ("settings", _("Settings")), ("copy", _("Copy code"))]
        info = _("Score: {score}   Moves: {moves}   Game: {code}").format(
            score=game.score_text, moves=game.move_count, code=game.code)
        self.toolbar.update(self.width, self.height, self.layout.toolbar_height, buttons, info)

    # --- panels ----------------------------------------------------------------

    def open_panel(self, name: str) -> None:
        self.controller.drag = None
        if name == "new_game":
            self.form = NewGameForm(self.session.plugins, *self.session.chosen_variant())
        self.confirming_reset = False
        self.panel = self._build_panel(name)
        self.refresh(panel_too=True)

    def close_panel(self) -> None:
        self.panel, self.form = None, None
        self.panel_view.clear()
        self.refresh()

    def _build_panel(self, name: str) -> Panel:
        store, session = self.session.store, self.session
        if name == "new_game":
            return self.form.panel()  # type: ignore[union-attr]
        if name == "win":
            return win_panel(session.game.score_text)
        if name == "stats":
            return stats_panel(store.statistics(session.plugins.carrying_scorings()), session.plugins,
                               self.confirming_reset)
        return settings_panel(session.setting("language"), session.double_tap_ms)

    def _show_panel(self) -> None:
        if self.panel:
            focus = self.panel.focus
            self.panel = self._build_panel(self.panel.name)
            self.panel.focus = focus if focus in self.panel.focusables() else self.panel.focus
            self.panel_view.show(self.panel, self.width, self.height, self.layout.toolbar_height * 0.42)

    def activate(self, widget_id: str) -> None:
        """A panel widget was clicked or pressed with Enter."""
        panel, session = self.panel, self.session
        assert panel is not None
        panel.focus = widget_id
        if widget_id == "close":
            return self.close_panel()
        if panel.name == "new_game":
            form = self.form
            assert form is not None  # the New Game panel shows a form
            if widget_id.startswith(("draw:", "scoring:")):
                form.choose(widget_id)
            elif widget_id in ("start", "code"):
                code = form.game_code()
                if code:
                    session.new_game(code)
                    return self._new_table()
            form.focus = widget_id
        elif panel.name == "win" and widget_id == "next":
            session.new_game(GameCode.random(session.game.code.draw, session.game.code.scoring))
            return self._new_table()
        elif panel.name == "stats":
            if widget_id == "reset_yes":
                session.store.reset_statistics()
            self.confirming_reset = widget_id == "reset"
            panel.focus = "reset_no" if self.confirming_reset else "reset"
        elif panel.name == "settings":
            name, _sep, value = widget_id.partition(":")
            if name == "language":
                session.set_setting("language", value or None)
                i18n.set_language(value or None)
            elif name == "double_click_ms":
                session.set_setting(name, int(value))
                self.controller.double_tap_seconds = int(value) / 1000
        self.refresh(panel_too=True)

    def _new_table(self) -> None:
        """A new deal or a restart: the cursor goes back to the stock, hidden until a key shows it."""
        self.controller.set_game(self.session.game)
        self.show_cursor = False
        self.close_panel()

    # --- actions ---------------------------------------------------------------

    def do(self, command: str) -> None:
        """A toolbar button or a shortcut."""
        session = self.session
        self.note = ""
        if command == "quit":
            return self.dispatch_event("on_close")
        if command in ("new", "stats", "settings"):
            return self.open_panel({"new": "new_game"}.get(command, command))
        if command == "restart":
            session.restart()
            return self._new_table()
        if command == "undo":
            session.undo()
        elif command == "redo":
            session.redo()
        elif command == "draw":
            move = Move.stock()
            refusal = session.game.why_illegal(move)
            if refusal is None:
                session.play(move)
            else:
                self.note = move_refusal(refusal)
        elif command == "copy":
            self.clipboard = str(session.game.code)
            self.set_clipboard_text(self.clipboard)
            self.note = _("Game code {code} copied.").format(code=self.clipboard)
        self.after_action()

    def play(self, move: Move | None) -> None:
        """Play what the controller answered; say why when it refused a put-down or a drop."""
        self.note = ""
        if move is not None:
            self.session.play(move)
        elif self.controller.refused:
            self.note = move_refusal(self.controller.refused)
        self.after_action()

    def after_action(self) -> None:
        if self.session.game.is_won() and not self.panel:
            self.panel = win_panel(self.session.game.score_text)
            self.show_cursor = False   # nothing is left to point at, even once the message is closed
        self.refresh(panel_too=True)

    # --- pointer -----------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != mouse.LEFT or self._slide:
            return
        if self.panel:
            widget_id = self.panel_view.hit(x, y)
            if widget_id:
                self.activate(widget_id)
            return
        command = self.toolbar.hit(x, y)
        if command:
            return self.do(command)
        self.show_cursor = False
        self.controller.press(x, y)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if not self.panel and self.controller.motion(x, y):
            self.table.refresh(self.session.game.position, self.layout, self.controller, False)
            self.request_redraw()

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != mouse.LEFT or self.panel:
            return
        outcome = self.controller.release(x, y, time.monotonic())
        if outcome.slide_back:
            self._start_slide(outcome.slide_back)
            refused = self.controller.refused
            self.note = move_refusal(refused) if refused else ""
        else:
            self.play(outcome.move)

    def _start_slide(self, drag: Drag) -> None:
        """Put refused cards back where they came from, in a short glide."""
        self.controller.drag = drag
        self._slide = (drag, time.monotonic(), drag.dx, drag.dy)
        pyglet.clock.schedule_interval(self._slide_step, 1 / 60)

    def _slide_step(self, dt: float) -> None:
        if self._slide is None:
            return
        drag, started, dx, dy = self._slide
        left = 1 - (time.monotonic() - started) / SLIDE_SECONDS
        if left <= 0:
            pyglet.clock.unschedule(self._slide_step)
            self._slide = None
            self.controller.drag = None
            self.refresh()
            return
        ease = left * left
        drag.dx, drag.dy = dx * ease, dy * ease
        self.table.refresh(self.session.game.position, self.layout, self.controller, False)
        self.request_redraw()

    # --- keyboard ----------------------------------------------------------------

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        ctrl, shift = modifiers & key.MOD_CTRL, modifiers & key.MOD_SHIFT
        if ctrl and symbol == key.Q:
            return self.do("quit")
        if self._slide:
            return
        if self.panel:
            return self._panel_key(symbol, shift)
        shortcuts = {key.Z: "redo" if shift else "undo", key.Y: "redo", key.N: "new", key.R: "restart", key.C: "copy",
                     key.Q: "quit"}
        if ctrl and symbol in shortcuts:
            return self.do(shortcuts[symbol])
        if symbol == key.SPACE:
            return self.do("draw")
        if symbol in (key.F2, key.F3):
            return self.do("stats" if symbol == key.F2 else "settings")
        name = "previous" if symbol == key.TAB and shift else "next" if symbol == key.TAB else CURSOR_KEYS.get(symbol)
        if name:
            if not self.show_cursor and name != "escape":
                self.show_cursor = True
                if name != "enter":
                    return self.refresh()
            self.play(self.controller.key(name))

    def _panel_key(self, symbol: int, shift: int) -> None:
        panel = self.panel
        assert panel is not None  # keys come here only while a panel is shown
        if symbol == key.ESCAPE:
            return self.activate(panel.cancel)
        if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            widget = panel.widget(panel.focus)
            return self.activate(panel.focus if widget and widget.kind in ("button", "option") else panel.default)
        if symbol in (key.TAB, key.DOWN, key.UP):
            panel.move_focus(-1 if symbol == key.UP or (symbol == key.TAB and shift) else 1)
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

    def on_text(self, text: str) -> None:
        if self.form and self.panel and text.isprintable() and not (text == " " and self.panel.focus != "code"):
            self.form.type_text(text)
            self.form.focus = self.panel.focus = "code"
            self.refresh(panel_too=True)

    # --- leaving ---------------------------------------------------------------

    def on_close(self) -> None:
        pyglet.clock.unschedule(self._slide_step)
        self.session.remember_window_size(self.width, self.height, self.scale)
        self.session.close()
        super().on_close()

    def probe(self) -> dict:
        """What the tests read: the view's geometry, texts and state (see :meth:`Session.write_probe`)."""
        layout = self.layout
        rect = lambda r: [r.x, r.y, r.w, r.h]  # noqa: E731
        labels = [label for _i, label, _b in self.toolbar.items] + [
            item for item in self.panel_view.drawn if isinstance(item, pyglet.text.Label)]
        return {
            "language": i18n.current_language(), "window": [self.width, self.height], "scale": self.scale,
            "frames": self.frames,
            "overlay": self.panel.name if self.panel else None, "focus": self.panel.focus if self.panel else None,
            "panel": {i: rect(r) for i, r in self.panel_view.hits},
            "toolbar": {i: rect(r) for i, r in self.toolbar.hits},
            "texts": [label.text for label in labels], "text_at": [[label.x, label.y] for label in labels],
            "status": self.status.text if self.status else "", "clipboard": self.clipboard, "card_w": layout.card_w,
            "slots": {str(p): rect(r) for p, r in layout.slots.items()},
            "spots": [[s.card, s.face_up, *rect(s.rect), s.pile, s.index]
                      for s in layout.spots(self.session.game.position)],
            "x_window": getattr(self, "_window", None), "cursor": list(self.controller.cursor),
            "cursor_shown": self.table.cursor.visible, "held": self.controller.held,
            "dragging": self.controller.drag is not None, "sliding": self._slide is not None,
        }
