"""The Klondike engine: cards, the table, moves, legality, undo and game codes.

Dealing, drawing, recycling and scoring are asked of plugins through the hooks of
:mod:`solitaire_klondike.core.hookspecs`.
"""

from .cards import CARD_NAMES, InvalidCardError, card, card_name, parse_card
from .codes import (
    DEAL_COUNT,
    AmbiguousVariantError,
    CodePrefixError,
    CodeShapeError,
    DealLengthError,
    DealLettersError,
    GameCode,
    InvalidCodeError,
    PluginTurnedOffError,
    UnknownTokenError,
    VariantShapeError,
)
from .deal import Layout, standard_layout
from .game import UNDO_LIMIT, Action, Game
from .hookspecs import hookimpl
from .legality import Refusal, RefusalKind
from .moves import ALL_MOVES, IllegalMoveError, InvalidMoveError, Move
from .piles import COLUMNS, FOUNDATION, FOUNDATIONS, STOCK, WASTE, Pile, foundation_of
from .plugin_manager import ENTRY_POINT_GROUP, PluginError, PluginInfo, Plugins, Variant, load_plugins
from .position import NO_LIMIT, Position, Undo
from .solving import UNDECIDED, UNWINNABLE, WINNABLE, Verdict, solve_position
from .words import Catalog, current_language, set_language

__all__ = [
    "ALL_MOVES",
    "CARD_NAMES",
    "COLUMNS",
    "DEAL_COUNT",
    "ENTRY_POINT_GROUP",
    "FOUNDATION",
    "FOUNDATIONS",
    "NO_LIMIT",
    "STOCK",
    "UNDECIDED",
    "UNDO_LIMIT",
    "UNWINNABLE",
    "WASTE",
    "WINNABLE",
    "Action",
    "AmbiguousVariantError",
    "Catalog",
    "CodePrefixError",
    "CodeShapeError",
    "DealLengthError",
    "DealLettersError",
    "Game",
    "GameCode",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidMoveError",
    "Layout",
    "Move",
    "Pile",
    "PluginError",
    "PluginInfo",
    "PluginTurnedOffError",
    "Plugins",
    "Position",
    "Refusal",
    "RefusalKind",
    "Undo",
    "UnknownTokenError",
    "Variant",
    "VariantShapeError",
    "Verdict",
    "card",
    "card_name",
    "current_language",
    "foundation_of",
    "hookimpl",
    "load_plugins",
    "parse_card",
    "set_language",
    "solve_position",
    "standard_layout",
]
