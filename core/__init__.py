"""The Klondike engine: cards, the table, moves, legality, undo and game codes.

Dealing, drawing, recycling and scoring are asked of plugins through the hooks of
:mod:`solitaire_klondike.core.hookspecs`.
"""

from .cards import CARD_NAMES, InvalidCardError, card, card_name, parse_card
from .codes import DEAL_COUNT, GameCode, InvalidCodeError
from .deal import Layout, standard_layout
from .game import UNDO_LIMIT, Action, Game
from .hookspecs import hookimpl
from .moves import FOUNDATION, FOUNDATIONS, STOCK, WASTE, IllegalMoveError, InvalidMoveError, Move
from .plugin_manager import ENTRY_POINT_GROUP, PluginError, PluginInfo, Plugins, Variant, load_plugins
from .position import NO_LIMIT, Position
from .solving import UNDECIDED, UNWINNABLE, WINNABLE, Verdict, solve_position

__all__ = [
    "CARD_NAMES", "DEAL_COUNT", "ENTRY_POINT_GROUP", "FOUNDATION", "FOUNDATIONS", "NO_LIMIT", "STOCK",
    "UNDECIDED", "UNDO_LIMIT", "UNWINNABLE", "WASTE", "WINNABLE", "Action", "Game", "GameCode", "IllegalMoveError",
    "InvalidCardError", "InvalidCodeError", "InvalidMoveError", "Layout", "Move", "PluginError", "PluginInfo",
    "Plugins", "Position", "Variant", "Verdict", "card", "card_name", "hookimpl", "load_plugins", "parse_card",
    "solve_position", "standard_layout",
]
