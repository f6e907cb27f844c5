"""Why a move or a game code is refused, in the player's language (no pyglet here).

The engine explains in English (core/legality.py, core/codes.py); these sentences are
chosen from the position and the attempted move, or from the kind of code error.
"""

from solitaire_klondike.core import FOUNDATION, FOUNDATIONS, STOCK, WASTE, PluginError, Position
from solitaire_klondike.core.cards import RANK, fits_on

from .i18n import _

CODE_EXAMPLE = "KL1-D1N-AAAAAAG"


def move_refusal(position: Position, pile: int, index: int | None, target: int) -> str:
    """Why the card at ``index`` of ``pile`` (with those above it) cannot go on ``target``;
    ``pile`` :data:`STOCK` means a tap on the stock."""
    if pile == STOCK:
        if not position.stock and not position.waste:
            return _("There is nothing left to draw.")
        return _("The stock cannot be turned again with this scoring.")
    if pile == WASTE and index is not None and index != len(position.waste) - 1:
        return _("Only the top card of the waste plays.")
    card = position.top_card(pile) if index is None or pile not in range(7) else position.tableau[pile][index]
    if card is None:
        return _("That move is not allowed.")
    if target == FOUNDATION or target in FOUNDATIONS:
        if pile < 7 and index is not None and index < len(position.tableau[pile]) - 1:
            return _("Only one card at a time goes to a foundation.")
        return _("This card cannot go to its foundation yet.")
    if 0 <= target < 7:
        column = position.tableau[target]
        if not column:
            return _("An empty column takes only a king.") if RANK[card] != 13 else _("That move is not allowed.")
        if not fits_on(card, column[-1]):
            return _("This card does not fit there: it needs the other colour and one rank lower.")
    return _("That move is not allowed.")


# The engine's code errors by how their English text begins (core/codes.py), and our sentence.
CODE_ERRORS = (
    ("unknown draw token", "unknown scoring token"),
    ("the code must start with",),
    ("the deal part",),
    ("the middle part",),
)


def code_refusal(engine_message: str) -> str:
    """A translated sentence for a refused game code."""
    text = engine_message.lower()
    if text.startswith(CODE_ERRORS[0]):
        token = engine_message.split("'")[1]
        return _("This code needs a plugin that is not installed (token {token}).").format(token=token)
    if text.startswith(CODE_ERRORS[1]):
        return _("A game code starts with KL1, like {example}.").format(example=CODE_EXAMPLE)
    if text.startswith(CODE_ERRORS[2]):
        return _("The last part of a code has seven letters from A to Z, like {example}.").format(example=CODE_EXAMPLE)
    if "reads two ways" in text:
        return _("Two installed plugins have clashing tokens, so this code reads two ways.")
    if text.startswith(CODE_ERRORS[3]):
        return _("The middle part of a code is a draw token then a scoring token, like D1N.")
    return _("This is not a game code. A code has three parts joined by dashes, like {example}.").format(
        example=CODE_EXAMPLE)


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
