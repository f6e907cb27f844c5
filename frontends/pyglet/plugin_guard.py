"""Going on when a plugin fails in the desktop game (no pyglet here): say which plugin, leave it
out for the session, and keep a game on the table that works."""

import sys

from solitaire_klondike.core import Game, GameCode, Move, PluginError, Plugins


def probe(game: Game) -> Game:
    """Ask the game what every frame and every tap on the stock asks its plugins; raise
    :class:`PluginError` when one of them fails."""
    game.score_text  # noqa: B018 - the toolbar shows it on every frame
    game.is_legal(Move.stock())  # the draw count and the recycle limit
    return game


def leave_out(plugins: Plugins, exc: PluginError) -> bool:
    """Leave the failing plugin out for the session, when it is named; tell the details on standard error."""
    print(f"klondike: {exc}", file=sys.stderr)
    return exc.plugin is not None and plugins.block_for_session(exc.plugin, str(exc))


def working_game(plugins: Plugins, preferred: tuple[str, str], failures: list[PluginError]) -> Game:
    """A new deal of ``preferred`` (draw and scoring tokens), else of another variant, leaving out each
    plugin that fails on the way (added to ``failures``); raise the last failure when none works."""
    for _attempt in range(len(plugins.infos) + 1):
        draws, scorings = sorted(plugins.variants("draw")), sorted(plugins.variants("scoring"))
        candidates = [(d, s) for d in draws for s in scorings]
        candidates.sort(key=lambda pair: (pair[0] != preferred[0]) + (pair[1] != preferred[1]))
        for draw, scoring in candidates:
            try:
                return probe(Game(GameCode.random(draw, scoring), plugins))
            except PluginError as exc:
                failures.append(exc)
                if leave_out(plugins, exc):
                    break  # the plugins changed: start again from the preferred variant
        else:
            break
    if failures:
        raise failures[-1]
    raise PluginError("no draw or no scoring plugin is installed")
