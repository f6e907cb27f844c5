"""What the tooltip says over each button: its name and the key that presses it.  No pyglet here."""

from typing import TYPE_CHECKING

from solitaire_klondike.frontends.i18n import _

if TYPE_CHECKING:
    from .panels import Panel


def toolbar_tips() -> dict[str, str]:
    """Each toolbar button's name with its shortcut (and the status bar's Finish)."""
    names = {"new": (_("New game"), "Ctrl+N"), "restart": (_("Restart"), "Ctrl+R"), "undo": (_("Undo"), "Ctrl+Z"),
             "redo": (_("Redo"), "Ctrl+Y"), "help": (_("Help"), "F1"), "stats": (_("Statistics"), "F2"),
             "settings": (_("Settings"), "F3"), "copy": (_("Copy the game code"), "Ctrl+C"),
             "finish": (_("Finish"), "F"), "hint": (_("Hint"), "H")}
    return {i: f"{name} ({keys})" for i, (name, keys) in names.items()}


def panel_tip(panel: "Panel", widget_id: str) -> str:
    """A panel button's or option's name with its keys: Enter for the panel's default, Esc for the
    one that closes it, else Tab to it then Space; the code field says it takes a paste."""
    widget = panel.widget(widget_id)
    if widget is None or not widget.focusable:
        return ""
    if widget.kind == "field":
        return _("Type or paste a game code ({keys})").format(keys="Ctrl+V")
    keys = [name for name, its in ((_("Enter"), panel.default), (_("Esc"), panel.cancel)) if its == widget_id]
    reach = ", ".join(keys) or _("Tab, then Space")
    return f"{widget.text.strip()} ({reach})"
