"""The overlay windows (New Game, win, statistics, settings) as plain data; no pyglet here.

A panel is rows of widgets.  The window draws them and reports which widget was
activated; the forms here decide what that means.
"""

from dataclasses import dataclass, field
from typing import Any

from solitaire_klondike.core import GameCode, InvalidCodeError, PluginInfo, Plugins, Variant
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
from .messages import code_refusal

DOUBLE_TAP_CHOICES = (250, 400, 600)
KEYS_HELP = N_(
    "Keys: Space draws, Ctrl+Z undoes, Ctrl+Y redoes, Ctrl+N new game, Ctrl+R restart, Ctrl+C copies the code, "
    "arrows or Tab move, Enter picks up and puts down, Esc lets go, F2 statistics, F3 settings, Ctrl+Q quits."
)


@dataclass(frozen=True)
class Widget:
    """``kind`` is ``title``, ``text``, ``option`` (one of a row), ``button``, ``field`` or
    ``table`` (its ``cells``: rows of texts, the first row the column headers)."""

    kind: str
    text: str
    id: str = ""
    selected: bool = False
    cells: tuple[tuple[str, ...], ...] = ()

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
        """The option left or right of the focused one in its row (for the arrow keys)."""
        for row in self.rows:
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

    def panel(self) -> Panel:
        rows = [[Widget("title", _("New game"))], [Widget("text", _("Draw"))]]
        draws = sorted(self.plugins.variants("draw").items())
        rows.append([self._option("draw", token, info) for token, info in draws])
        rows.append([Widget("text", self._variant("draw").translated_description())])
        rows.append([Widget("text", _("Scoring"))])
        rows.append([self._option("scoring", t, i) for t, i in sorted(self.plugins.variants("scoring").items())])
        rows.append([Widget("text", self._variant("scoring").translated_description())])
        rows.append([Widget("text", _("Or type a game code, like {example}").format(example=CODE_EXAMPLE))])
        rows.append([Widget("field", self.code_text, "code")])
        if self.error:
            rows.append([Widget("text", self.error, "error")])
        rows.append([Widget("button", _("Start"), "start"), Widget("button", _("Cancel"), "close")])
        return Panel("new_game", rows, default="start", focus=self.focus)

    def _option(self, kind: str, token: str, info: PluginInfo) -> Widget:
        name = info.variant.translated_name() if info.variant else token
        return Widget("option", name, f"{kind}:{token}", token == getattr(self, kind))

    def _variant(self, kind: str) -> Variant:
        variant = self.plugins.variants(kind)[getattr(self, kind)].variant
        assert variant is not None  # variants() lists plugins that declared one
        return variant

    def choose(self, widget_id: str) -> None:
        kind, token = widget_id.split(":", 1)
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
            return GameCode.random(self.draw, self.scoring)
        try:
            code = self.plugins.parse_code(self.code_text)
        except InvalidCodeError as exc:
            self.error = code_refusal(exc)
            return None
        self.draw, self.scoring = code.draw, code.scoring
        return code


def win_panel(score_text: str) -> Panel:
    rows = [
        [Widget("title", _("You won!"))],
        [Widget("text", _("Final score: {score}").format(score=score_text))],
        [Widget("button", _("Next game"), "next"), Widget("button", _("Close"), "close")],
    ]
    return Panel("win", rows, default="next", focus="next")


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


def settings_panel(language: str | None, double_tap_ms: int) -> Panel:
    """The language (the system's or a chosen one) and the double-tap interval."""
    languages = [Widget("option", _("System"), "language:", language is None)]
    languages += [Widget("option", name, f"language:{code}", code == language) for code, name in LANGUAGES.items()]
    taps = [Widget("option", f"{ms} ms", f"double_click_ms:{ms}", ms == double_tap_ms) for ms in DOUBLE_TAP_CHOICES]
    rows = [
        [Widget("title", _("Settings"))],
        [Widget("text", _("Language"))], languages,
        [Widget("text", _("Double tap: the longest time between the two taps"))], taps,
        [Widget("text", _(KEYS_HELP))],
        [Widget("button", _("Close"), "close")],
    ]
    return Panel("settings", rows, default="close", focus="close")
