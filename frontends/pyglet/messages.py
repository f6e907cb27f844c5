"""Why a move or a game code is refused, in the player's language (no pyglet here).

The sentences come from the engine's fields alone (:mod:`solitaire_klondike.frontends.refusals`):
nothing here works out a rule again or reads the engine's English.
"""

from solitaire_klondike.core import InvalidCodeError, PluginError, Refusal
from solitaire_klondike.frontends.i18n import _

from ..refusals import code_error_message, refusal_message


def move_refusal(refusal: Refusal) -> str:
    """Why a move, a drop or a tap on the stock is refused."""
    return refusal_message(refusal).translated(_)


def stuck_text() -> str:
    """A double tap found no place for the card."""
    return _("This card has nowhere to go.")


def code_refusal(error: InvalidCodeError) -> str:
    """A translated sentence for a refused game code."""
    return code_error_message(error).translated(_)


def notice_text(notice) -> str:
    """The store's notice (a player_data ``Notice``) as translated sentences."""
    kind, detail = notice.kind, notice.detail
    if kind == "damaged":
        if detail == "not_kept":
            return _("Your saved data could not be read, nor kept aside, so nothing you play now is saved.")
        return _("Your saved data could not be read, so it was kept aside and a fresh start was made.")
    if kind == "newer_schema":
        return _("Your saved data comes from a newer version of the game, so this version only reads it and leaves "
                 "it as it is: nothing you play now is saved.")
    if kind == "unwritable":
        causes = {"locked": _("Another program keeps the data file locked."), "disk_full": _("The disk is full."),
                  "permissions": _("The data folder may not be written.")}
        return " ".join(filter(None, [_("Your progress cannot be saved right now."), causes.get(detail, ""),
                                      _("The game keeps trying, and will say when saving works again.")]))
    if kind == "saving_again":
        return _("Saving works again: everything played meanwhile is saved.")
    if kind == "kept_aside":
        if detail == "saved_game":
            return _("Your saved game was damaged, so it was kept aside in the data file and a new deal starts.")
        if detail == "record":
            return _("A damaged game record was kept aside in the data file; the rest of your statistics are shown.")
        return _("A damaged setting was kept aside in the data file, so its default is used.")
    if kind == "setting_default":
        return _("A setting held a value the game does not use, so its default is used.")
    if kind == "game_unreadable":
        return _("Your saved game could not be replayed, so a new deal starts; it is kept, and tried again when "
                 "the installed plugins change.")
    return _("Your saved game needs a plugin that is not installed: a new deal starts, and the saved game is kept "
             "for when the plugin returns.")


def plugin_failures(names: list[str]) -> str:
    """Which plugins could not be loaded (their details go to the terminal)."""
    return _("These plugins could not be loaded: {names}.").format(names=", ".join(names)) if names else ""


def plugin_failed(engine_message: str) -> str:
    """A plugin raised or answered wrongly: nothing changed; say so, with the engine's details."""
    return _("A plugin failed, so nothing changed:") + " " + engine_message


def plugin_left_out(exc: PluginError) -> str:
    """A plugin failed and is left out until the next start (its details go to the terminal)."""
    if not exc.plugin:
        return plugin_failed(str(exc))
    return _("The plugin {name} failed, so it is left out until the game is started again.").format(name=exc.plugin)
