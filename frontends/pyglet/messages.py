"""Why a move or a game code is refused, in the player's language (no pyglet here).

The sentences come from the engine's fields alone (:mod:`solitaire_klondike.frontends.refusals`):
nothing here works out a rule again or reads the engine's English.
"""

from solitaire_klondike.core import InvalidCodeError, Refusal
from solitaire_klondike.frontends.i18n import _

from ..refusals import code_error_message, refusal_message


def move_refusal(refusal: Refusal) -> str:
    """Why a move, a drop or a tap on the stock is refused."""
    return refusal_message(refusal).translated(_)


def code_refusal(error: InvalidCodeError) -> str:
    """A translated sentence for a refused game code."""
    return code_error_message(error).translated(_)


def notice_text(kind: str) -> str:
    """The store's notice (player_data ``Notice.kind``) as one translated sentence."""
    if kind == "damaged":
        return _("Your saved data could not be read, so it was kept aside and a fresh start was made.")
    if kind == "newer_schema":
        return _(
            "Your saved data comes from a newer version of the game, so it was kept aside and a fresh start was made.")
    if kind == "unwritable":
        return _("Your data folder cannot be written: the game plays, but nothing will be saved.")
    return _("Your saved game needs a plugin that is not installed: a new deal starts, and the saved game is kept "
             "for when the plugin returns.")


def plugin_failures(names: list[str]) -> str:
    """Which plugins could not be loaded (their details go to the terminal)."""
    return _("These plugins could not be loaded: {names}.").format(names=", ".join(names)) if names else ""


def plugin_failed(engine_message: str) -> str:
    """A plugin raised or answered wrongly: nothing changed; say so, with the engine's details."""
    return _("A plugin failed, so nothing changed:") + " " + engine_message
