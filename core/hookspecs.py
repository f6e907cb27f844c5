"""Every hook of Solitaire Klondike, in the order a game meets them.

Plugins implement these with ``@hookimpl`` from :mod:`solitaire_klondike.core`, or
simply by defining a function with the hook's name.  A game is played with exactly
one draw plugin and one scoring plugin (chosen by its code) plus every plugin that
declares no variant; the hooks of the other draw and scoring plugins are not called.
"""

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from collections.abc import Callable

    from .deal import Layout
    from .game import Action
    from .plugin_manager import Variant
    from .position import Position
    from .solving import Verdict

PROJECT = "solitaire_klondike"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --- declaring a plugin ---------------------------------------------------


@hookspec
def klondike_variant() -> "Variant | None":
    """Declare the variant this plugin provides: its kind, code token, name and description.

    Implemented by draw plugins (``kind="draw"``, tokens like ``D1``) and scoring plugins
    (``kind="scoring"``, tokens like ``N``).  Asked once per plugin, when the plugins are
    loaded: the core asks each plugin on its own and files the plugin under the token, which
    game codes then name.  Plugins that return ``None`` or do not implement it are "other"
    plugins: they take part in every game, and may not implement ``klondike_deal``.

    The name and description are English; ``words=Catalog.beside(__file__, "<domain>")`` names
    the plugin's own gettext catalogs (``locales/<lang>/LC_MESSAGES/<domain>.mo`` next to the
    module), which translate them and any other word the plugin shows.  A scoring plugin whose
    score carries from game to game (a running balance, as in Cumulative Vegas) sets ``carries_score=True``:
    the statistics then add up each game's final score, written by ``klondike_format_score``.
    """


# --- the deal ---------------------------------------------------------------


@hookspec(firstresult=True)
def klondike_deal(deal: int) -> "Layout | None":
    """Deal the cards of deal number ``deal`` (0 to 26**7 - 1).

    Implemented by the core itself with the standard deal of R4, last in line.  A draw or
    scoring plugin that returns a :class:`Layout` replaces it for the games whose code names the
    plugin; a plugin that declares no variant and implements this hook is refused at load, so
    that a code deals the same cards on every machine.  Asked once each time a game is dealt: a
    new game, a restart, a saved game resumed.  The core checks the layout (52 distinct cards,
    7 columns, face-up cards built down in alternating colours) before playing it.

    :param deal: the deal number read from the game code.

    Stops at first non-None result.
    """


# --- the stock --------------------------------------------------------------


@hookspec(firstresult=True)
def klondike_draw_count() -> int | None:
    """How many cards one tap on the stock turns onto the waste (fewer when fewer remain).

    Implemented by the draw plugin.  Asked once each time a game is dealt, before its first
    action; the answer holds for the whole game: taps, legality checks, move generation and
    searches all use it, and none of them asks again.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def klondike_recycle_limit() -> int | None:
    """How many times the waste may be turned back into the stock: a number, or ``NO_LIMIT``.

    Implemented by the scoring plugin in the built-ins (Normal: ``NO_LIMIT``; Vegas: 0),
    by any plugin that changes the passes.  Asked once each time a game is dealt, like
    ``klondike_draw_count``; the answer holds for the whole game.

    Stops at first non-None result.
    """


# --- the score --------------------------------------------------------------


@hookspec(firstresult=True)
def klondike_initial_score() -> int | None:
    """The score of a game before its first action (Normal 0, Vegas -52).

    Implemented by the scoring plugin.  Asked once each time a game is dealt.

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def klondike_score(score: int, action: "Action") -> int | None:
    """The score after ``action``, given the score before it.

    Implemented by the scoring plugin; any floor or ceiling is the plugin's to apply.  Asked
    after every action played (a draw, a recycle or a move, a redo too), never to check
    whether one is legal.  The core stores the score before the action with it, so undo
    restores it exactly without asking.

    :param score: the score before this action, as it stands (with what ``klondike_timed_score``
        answered for the time played until then).
    :param action: what the action did: its move, its kind (``"draw"``, ``"recycle"`` or
        ``"move"``), how many cards it moved, and whether it turned a hidden card (R12).

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def klondike_timed_score(score: int, seconds: int, won: bool) -> int | None:
    """The score once one more second of play has passed, or once the game is won.

    Implemented by a scoring plugin whose score depends on time (a time penalty, a bonus for
    a quick win); without an answer time changes nothing.  Asked each time the game's play
    clock (:attr:`Game.play_seconds`) passes a whole second, with the score as it stands, and
    once more, with ``won`` true, right after the ``klondike_score`` of the action that wins;
    the answer becomes the score, so a floor the plugin applies holds at every second.  Undo
    takes the score back to what it was before the action, then asks again for each second
    played since: time played stays played.  The clock runs only while the game is being
    played: front ends advance it while the table is on screen and the game is not won, and it
    is saved with the game (with the second of each move), so a resumed game goes on from the
    time and score it had.

    :param score: the score as it stands.
    :param seconds: the whole seconds the game has been played, this one included.
    :param won: true when the game has just been won (all 52 cards on the foundations).

    Stops at first non-None result.
    """


@hookspec(firstresult=True)
def klondike_format_score(score: int) -> str | None:
    """The score as a player reads it (``"625"``, ``"+$208"``).

    Implemented by the scoring plugin.  Asked for a game's score and, with no game dealt, for
    the best scores and the running balance of the statistics; words in the answer come from the
    plugin's own catalog, in the player's language (:meth:`Catalog.gettext`).

    :param score: the score to show.

    Stops at first non-None result.
    """


# --- asked by the player ------------------------------------------------------


@hookspec(firstresult=True)
def klondike_solve(position: "Position", budget: float, cancel: "Callable[[], bool]") -> "Verdict | None":
    """Search a position for a win, knowing every card, the face-down ones too.

    Implemented by the built-in ``solver`` plugin.  Asked only when the player asks for a hint or a
    command asks, never during play.  The answer is a :class:`Verdict`: winnable with a winning line,
    unwinnable only when a search that left out nothing a win could need found none, else undecided
    with the best move found.  The core replays a winning line and checks a best move before anyone
    sees them.

    :param position: a copy of the position, the plugin's to change; its ``draw_count`` and
        ``recycle_limit`` are the rules searched.
    :param budget: the most seconds the search may take.
    :param cancel: called now and then during the search; once it returns ``True`` nobody wants the
        answer any more: return an undecided verdict at once.

    Stops at first non-None result.
    """
