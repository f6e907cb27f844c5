"""The player's own data: the game in progress, settings and statistics, in one SQLite file.

The file is ``klondike.sqlite3`` in the folder named by ``SOLITAIRE_KLONDIKE_DATA``, else in
``platformdirs.user_data_dir("solitaire-klondike")``; the desktop game's cache (:func:`cache_folder`)
is the folder ``cache`` in the first, else ``platformdirs.user_cache_dir("solitaire-klondike")``.
How a front end uses it::

    store = open_store()                      # never raises; show store.notices to the player (more may
                                              # come after any write: a failed save, saving again)
    game = store.resume(plugins) or Game(GameCode.random(draw, scoring), plugins)
    store.game_started(game)                  # harmless for the resumed game
    ...                                       # after every push, undo and redo:
    store.action_done(game)
    store.game_left(game)                     # new game or restart, then game_started(new one)
    store.close()

Counting: a game counts as played from its first action; leaving it (new game, restart) records
it as abandoned; the first time an action leaves it won records a win, and nothing after that
counts again; a restarted deal is a new game. See :mod:`.statistics` for what ``statistics()`` holds.
"""

from .opening import FILE_NAME, FOLDER_VARIABLE, cache_folder, data_folder, open_store, read_setting
from .statistics import compute_statistics
from .store import PLUGINS_OFF, Notice, Store, plugins_off

__all__ = ["FILE_NAME", "FOLDER_VARIABLE", "PLUGINS_OFF", "Notice", "Store", "cache_folder", "compute_statistics",
           "data_folder", "open_store", "plugins_off", "read_setting"]
