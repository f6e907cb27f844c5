"""The overlay windows (New Game, win, statistics, settings, help, a question) as plain data; no pyglet here.

A panel is rows of widgets.  The window draws them and reports which widget was
activated; the forms here decide what that means.
"""

from dataclasses import dataclass, field
from typing import Any

from solitaire_klondike.core import GameCode, InvalidCodeError, PluginInfo, Plugins
from solitaire_klondike.frontends.formats import (
    duration_text,
    number_text,
    percent_text,
    score_text,
    scoring_token,
    variant_text,
)
from solitaire_klondike.frontends.i18n import LANGUAGES, N_, _

from ..refusals import CODE_EXAMPLE
from .deal_choice import GRADE_NAMES, DealChoice, Met, fresh_code, shipped_grades
from .messages import code_refusal

DOUBLE_TAP_CHOICES = (250, 400, 600)
RULES_HELP = N_(
    "Build the four foundations up by suit, from ace to king. In the columns, a card goes on one of the other "
    "colour and one rank higher, and any face-up card moves with the cards above it; an empty column takes only "
    "a king. Tap the stock to turn cards onto the waste; once it is empty, a tap turns the waste back, as often "
    "as the scoring allows. A face-down card turns over when it is uncovered."
)
MOUSE_HELP = (
    (N_("Tap the stock"), N_("Draw, or turn the waste back")),
    (N_("Tap a card"), N_("Send it to its foundation")),
    (N_("Double-tap a card"), N_("Send it, with the cards above it, to the best column")),
    (N_("Drag cards"), N_("Put them on any pile that takes them: green frames show where")),
    (N_("Finish"), N_("When every card is face up and the stock and waste are empty: play the rest up")),
)
KEYS = (
    (N_("Arrows, Tab, Shift+Tab"), N_("Move the cursor")),
    (N_("Enter"), N_("Pick up, put down (green frames show where)")),
    (N_("Esc"), N_("Let go; close a window")),
    (N_("Space"), N_("Draw; press the focused button")),
    ("Ctrl+Z", N_("Undo")), (N_("Ctrl+Y, Ctrl+Shift+Z"), N_("Redo")),
    ("Ctrl+N, Ctrl+R", N_("New game, restart")),
    ("Ctrl+C, Ctrl+V", N_("Copy the game code; paste one into the New game window")),
    ("F1, F2, F3", N_("Help, statistics, settings")), ("F", N_("Finish")),
    ("H", N_("Hint: the next move of a winning line")), ("Ctrl+Q", N_("Quit")),
)
HELP_TABS = (("rules", N_("Rules")), ("mouse", N_("Mouse")), ("keys", N_("Keys")))


@dataclass(frozen=True)
class Widget:
    """``kind`` is ``title``, ``text``, ``option`` (one of a row; with a ``detail``, one of a list,
    its description beside it), ``button``, ``field``, ``pair`` (a key or gesture in bold and its
    ``detail``) or ``table`` (its ``cells``: rows of texts, the first row the column headers)."""

    kind: str
    text: str
    id: str = ""
    selected: bool = False
    cells: tuple[tuple[str, ...], ...] = ()
    detail: str = ""

    @property
    def focusable(self) -> bool:
        return self.kind in ("option", "button", "field")


@dataclass
class Panel:
    name: str
    rows: list[list[Widget]]
    default: str = ""       # the button Enter presses when the focus is on no button
    cancel: str = "close"   # the button Escape presses
    focus: str = ""
    width: float = 34       # the widest the panel grows, in text heights

    def focusables(self) -> list[str]:
        return [w.id for row in self.rows for w in row if w.focusable]

    def widget(self, widget_id: str) -> Widget | None:
        return next((w for row in self.rows for w in row if w.id == widget_id), None)

    def move_focus(self, step: int) -> None:
        ids = self.focusables()
        if ids:
            here = ids.index(self.focus) if self.focus in ids else -1 if step > 0 else 0
            self.focus = ids[(here + step) % len(ids)]

    def neighbour(self, step: int) -> str | None:
        """The option left or right of the focused one in its row, or in its list (for the arrow keys)."""
        focused = self.widget(self.focus)
        if focused is not None and focused.kind == "option" and focused.detail:
            group = self.focus.split(":", 1)[0] + ":"
            rows = [[w for row in self.rows for w in row if w.detail and w.id.startswith(group)]]
        else:
            rows = self.rows
        for row in rows:
            ids = [w.id for w in row if w.kind == "option"]
            if self.focus in ids:
                return ids[max(0, min(len(ids) - 1, ids.index(self.focus) + step))]
        return None


@dataclass
class NewGameForm:
    """The New Game window: a draw plugin, a scoring plugin, or a typed code."""

    plugins: Plugins
    draw: str
    scoring: str
    code_text: str = ""
    error: str = ""
    focus: str = field(default="start")
    game_in_progress: bool = False
    choices: dict[str, DealChoice] = field(default_factory=dict)  # per variant: winnable only, grade
    met: Met | None = None  # the deals the player has played, not dealt again while there are others

    def panel(self) -> Panel:
        """Every draw and scoring plugin on, each with its description; the deal; a code to type."""
        rows = [[Widget("title", _("New game"))]]
        for kind, heading in (("draw", _("Draw")), ("scoring", _("Scoring"))):
            rows.append([Widget("text", heading)])
            rows += [[self._option(kind, token, info)] for token, info in sorted(self.plugins.choices(kind).items())]
        rows += self._deal_rows()
        rows.append([Widget("text", _("Or type a game code, like {example}").format(example=CODE_EXAMPLE))])
        rows.append([Widget("field", self.code_text, "code")])
        if self.error:
            rows.append([Widget("text", self.error, "error")])
        if self.game_in_progress:
            rows.append([Widget("text", _("This ends the game in progress."))])
        rows.append([Widget("button", _("Start"), "start"), Widget("button", _("Plugins"), "plugins"),
                     Widget("button", _("Cancel"), "close")])
        return Panel("new_game", rows, default="start", focus=self.focus, width=44)

    def _deal_rows(self) -> list[list[Widget]]:
        shipped = shipped_grades(self.draw + self.scoring)
        if not shipped:
            return [[Widget("text", _("No winnable deals are known for this variant yet."))]]
        choice = self.choice
        grades = [Widget("option", _("Any"), "grade:", choice.grade not in shipped)]
        grades += [Widget("option", _(GRADE_NAMES[g]), f"grade:{g}", choice.grade == g) for g in shipped]
        return [[Widget("option", _("Winnable deals only"), "winnable", choice.winnable)], grades]

    @property
    def choice(self) -> DealChoice:
        """The deal choice of the variant chosen now."""
        return self.choices.setdefault(self.draw + self.scoring, DealChoice())

    def _option(self, kind: str, token: str, info: PluginInfo) -> Widget:
        variant = info.variant
        name, description = (variant.translated_name(), variant.translated_description()) if variant else (token, "")
        return Widget("option", name, f"{kind}:{token}", token == getattr(self, kind), detail=description or " ")

    def choose(self, widget_id: str) -> None:
        if widget_id == "winnable":
            self.choice.winnable = not self.choice.winnable
            self.choice.grade = None
            return
        kind, token = widget_id.split(":", 1)
        if kind == "grade":
            self.choice.grade = token or None
            self.choice.winnable = self.choice.winnable or bool(token)
        else:
            setattr(self, kind, token)

    def type_text(self, text: str) -> None:
        self.code_text = (self.code_text + "".join(ch for ch in text if ch.isprintable()))[:40]
        self.error = ""

    def backspace(self) -> None:
        self.code_text = self.code_text[:-1]
        self.error = ""

    def game_code(self) -> GameCode | None:
        """The code to deal: the typed one (``None`` and :attr:`error` set when refused) or a random one."""
        if not self.code_text.strip():
            return fresh_code(self.draw, self.scoring, self.choice, self.met)
        try:
            code = self.plugins.parse_code(self.code_text)
        except InvalidCodeError as exc:
            self.error = code_refusal(exc)
            return None
        self.draw, self.scoring = code.draw, code.scoring
        return code


RECORD_WORDS = {"best_score": N_("New record: your best score!"),
                "fastest_win_seconds": N_("New record: your fastest win!"),
                "fewest_moves_win": N_("New record: your fewest moves!")}


def win_panel(score_text: str, seconds: float | None = None, moves: int | None = None, records: tuple = ()) -> Panel:
    """The won game's score, time and moves, and each personal record it beat."""
    rows = [[Widget("title", _("You won!"))]]
    if score_text:  # a scoring with no score (No scoring) has none to show
        rows.append([Widget("text", _("Final score: {score}").format(score=score_text))])
    if seconds is not None and moves is not None:
        rows.append([Widget("text", _("Time: {time}").format(time=duration_text(seconds)) + "   "
                            + _("Moves: {moves}").format(moves=moves))])
    rows += [[Widget("text", _(RECORD_WORDS[key]), "record")] for key in records]
    rows.append([Widget("button", _("Next game"), "next"), Widget("button", _("Close"), "close")])
    return Panel("win", rows, default="next", focus="next")


def beaten_records(before: dict, after: dict) -> tuple[str, ...]:
    """The statistics (of one variant) a win just improved: none on a first win."""
    out = []
    for key in RECORD_WORDS:
        old, new = before.get(key), after.get(key)
        if old is not None and new is not None and (new > old if key == "best_score" else new < old):
            out.append(key)
    return tuple(out)


def restart_panel() -> Panel:
    rows = [[Widget("title", _("Restart this game?"))],
            [Widget("text", _("The same deal starts again from the beginning; this game's moves are lost."))],
            [Widget("button", _("Restart"), "restart_yes"), Widget("button", _("Keep playing"), "close")]]
    return Panel("restart", rows, default="close", focus="close")


def help_panel(tab: str) -> Panel:
    """The rules in brief, every gesture or every key: one tab at a time, so each fits."""
    rows = [[Widget("title", _("Help"))],
            [Widget("option", _(text), f"help:{name}", name == tab) for name, text in HELP_TABS]]
    if tab == "rules":
        rows.append([Widget("text", _(RULES_HELP), "rules")])
    else:
        rows += [[Widget("pair", _(a), detail=_(b))] for a, b in (MOUSE_HELP if tab == "mouse" else KEYS)]
    rows.append([Widget("button", _("Close"), "close")])
    return Panel("help", rows, default="close", focus=f"help:{tab}", width=46)


# The statistics the store reports (see player_data.statistics), as the table's columns.
STAT_WORDS = {
    "played": N_("Played"), "won": N_("Won"), "win_rate": N_("Won %"), "current_streak": N_("Streak"),
    "longest_streak": N_("Best streak"), "best_score": N_("Best score"), "fastest_win_seconds": N_("Fastest win"),
    "fewest_moves_win": N_("Fewest moves"), "balance": N_("Balance"),
}
TOTAL = "total"
STATS_WIDTH = 64            # the statistics panel is wider than the others (in text heights)
NO_VALUE = "–"


def stats_panel(statistics: dict[str, dict[str, Any]], plugins: Plugins, confirming: bool) -> Panel:
    """A table: one row per variant played and a total row; a reset that asks first."""
    rows = [[Widget("title", _("Statistics"))]]
    variants = [v for v in statistics if v != TOTAL]
    if variants:
        keys = [k for k in STAT_WORDS if k != "balance" or any(k in statistics[v] for v in variants)]
        table = [(_("Variant"), *(_(STAT_WORDS[k]) for k in keys))]
        table += [(variant_text(plugins, v), *_stat_cells(statistics[v], keys, plugins, [v])) for v in variants]
        table.append((_("All games"), *_stat_cells(statistics.get(TOTAL, {}), keys, plugins, variants)))
        rows.append([Widget("table", "", "table", cells=tuple(table))])
    else:
        rows.append([Widget("text", _("No games played yet."))])
    if confirming:
        rows.append([Widget("text", _("Reset all statistics? This cannot be undone."))])
        rows.append([Widget("button", _("Reset"), "reset_yes"), Widget("button", _("Keep"), "reset_no")])
        return Panel("stats", rows, default="reset_no", cancel="reset_no", focus="reset_no", width=STATS_WIDTH)
    rows.append([Widget("button", _("Reset statistics"), "reset"), Widget("button", _("Close"), "close")])
    return Panel("stats", rows, default="close", focus="close", width=STATS_WIDTH)


def _stat_cells(numbers: dict[str, Any], keys: list[str], plugins: Plugins, variants: list[str]) -> list[str]:
    """One row's cells, the statistics of ``variants`` (scores as their scoring plugin writes them, plain
    numbers when they have several)."""
    scorings = {scoring_token(plugins, v) or v for v in variants}
    carrying = scorings & plugins.carrying_scorings()
    cells = []
    for key in keys:
        value = numbers.get(key)
        if value is None:
            cells.append(NO_VALUE)
        elif key == "win_rate":
            cells.append(percent_text(value))
        elif key == "fastest_win_seconds":
            cells.append(duration_text(value))
        elif key in ("best_score", "balance"):
            shown = scorings if key == "best_score" else carrying
            cells.append(score_text(plugins, shown.pop() if len(shown) == 1 else "", value))
        else:
            cells.append(number_text(value))
    return cells


def settings_panel(language: str | None, double_tap_ms: int, looks: dict[str, bool]) -> Panel:
    """The language (the system's or a chosen one), the double-tap interval, and the cards'
    look (``looks``: ``four_colours``, ``large_cards``, ``reduce_motion``)."""
    languages = [Widget("option", _("System"), "language:", language is None)]
    languages += [Widget("option", name, f"language:{code}", code == language) for code, name in LANGUAGES.items()]
    taps = [Widget("option", f"{ms} ms", f"double_click_ms:{ms}", ms == double_tap_ms) for ms in DOUBLE_TAP_CHOICES]

    def pair(key: str, off: str, on: str) -> list[Widget]:
        return [Widget("option", _(off), f"{key}:", not looks[key]), Widget("option", _(on), f"{key}:1", looks[key])]

    rows = [
        [Widget("title", _("Settings"))],
        [Widget("text", _("Language"))], languages,
        [Widget("text", _("Double tap: the longest time between the two taps"))], taps,
        [Widget("text", _("Cards"))],
        [*pair("four_colours", N_("Two colours"), N_("Four colours")),
         *pair("large_cards", N_("Normal size"), N_("Larger"))],
        [Widget("text", _("Motion"))], pair("reduce_motion", N_("Cards move"), N_("Reduced motion")),
        [Widget("button", _("Plugins"), "plugins"), Widget("button", _("Close"), "close")],
    ]
    return Panel("settings", rows, default="close", focus="close")
