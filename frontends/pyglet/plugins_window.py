"""The Plugins window as plain data (no pyglet here): every plugin, its state, and a switch.

Reached from Settings and from New Game; Close goes back there.  A switch changes the
plugins offered from the next game on (the game in progress keeps its own).
"""

from dataclasses import dataclass

from solitaire_klondike.core import PluginInfo, Plugins
from solitaire_klondike.core.plugin_manager import CORE_NAME
from solitaire_klondike.frontends.i18n import N_, _

from .panels import Panel, Widget

KIND_WORDS = {"draw": N_("Draw"), "scoring": N_("Scoring"), "other": N_("Other")}
ON, OFF = "plugin_on:", "plugin_off:"


@dataclass
class PluginsForm:
    """What the Plugins window shows; ``back`` is the window it was opened from."""

    plugins: Plugins
    back: str = "settings"
    error: str = ""
    focus: str = ""     # the first switch until the player moves

    def panel(self) -> Panel:
        rows = [[Widget("title", _("Plugins"))],
                [Widget("text", _("A change applies from the next game; the game in progress keeps its plugins."))]]
        for info in self.plugins.infos:
            rows.append([Widget("pair", _name(info), detail=_detail(info))])
            rows.append(self._state(info))
        if self.error:
            rows.append([Widget("text", self.error, "error")])
        rows.append([Widget("button", _("Close"), "close")])
        panel = Panel("plugins", rows, default="close", width=40)
        panel.focus = self.focus or panel.focusables()[0]
        return panel

    def _state(self, info: PluginInfo) -> list[Widget]:
        if info.name == CORE_NAME:
            return [Widget("text", _("Always on: it deals the cards of every game, so it cannot be turned off."))]
        if info.state == "blocked":
            return [Widget("text", _("Left out for this run by --block-plugin."))]
        if info.state == "failed":
            return [Widget("text", _failure(info.error or ""))]
        on = info.state == "on"
        return [Widget("option", _("On"), ON + info.name, on), Widget("option", _("Off"), OFF + info.name, not on)]

    def switch(self, widget_id: str) -> bool:
        """Turn a plugin on or off from its option; false (and :attr:`error` set) when refused."""
        on = widget_id.startswith(ON)
        name = widget_id[len(ON if on else OFF):]
        self.focus, self.error = widget_id, ""
        try:
            self.plugins.turn(name, on)
        except ValueError:
            self.error = _("At least one draw plugin and one scoring plugin stay on.")
            return False
        return True

    def turned_off(self) -> list[str]:
        """The names to remember as turned off."""
        return sorted(info.name for info in self.plugins.infos if info.turned_off)


# How the plugin manager's reasons begin, and the sentence that says it in plain words.
FAILURES = (
    ("cannot be imported: ", N_("It could not be loaded, so the game goes on without it: {detail}")),
    ("rejected: ", N_("The game refused it, so it goes on without it: {detail}")),
    ("left out for this session: ",
     N_("It failed while playing and is left out until the game starts again: {detail}")),
)


def _failure(error: str) -> str:
    for start, sentence in FAILURES:
        if error.startswith(start):
            return _(sentence).format(detail=error[len(start):])
    return _("Failed, so the game goes on without it: {reason}").format(reason=error)


def _name(info: PluginInfo) -> str:
    return _(info.variant.translated_name()) if info.variant else info.name


def _detail(info: PluginInfo) -> str:
    """The plugin's description, then its kind, token, version and source on a second line."""
    if info.variant:
        description = _(info.variant.translated_description())
    elif info.name == CORE_NAME:
        description = _("The game's own deal, the same for every code on every computer.")
    else:
        description = _("Takes part in every game.")
    facts = [_(KIND_WORDS[info.kind])]
    if info.variant:
        facts.append(_("token {token}").format(token=info.variant.token))
    facts.append(_("version {version}").format(version=info.version))
    facts.append(_("built in") if info.source == "built-in" else info.source)
    return description + "\n" + " · ".join(facts)
