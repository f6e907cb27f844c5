"""The Cumulative Vegas balance (scoring token VC) kept by the real store, and its statistics rows."""

from pathlib import Path

from easy_deal import play_to_win, winning_move

from solitaire_klondike.core import Game, GameCode, Plugins
from solitaire_klondike.player_data import open_store
from solitaire_klondike.player_data.report import stats_table


def test_vc_the_balance_carries_from_game_to_game_in_the_store_and_the_statistics(tmp_path: Path, plugins: Plugins) -> None:
    """Two finished games and one in progress: the balance is their sum; each draw has its own
    statistics row, and a reset starts the balance from zero."""
    store = open_store(tmp_path)
    won = Game(GameCode("D1", "VC", 1), plugins)            # an easy deal: won at +$208
    store.game_started(won)
    play_to_win(won, lambda: store.action_done(won))
    left = Game(GameCode("D3", "VC", 2), plugins)           # one card up, then left at -$47
    store.game_started(left)
    left.push(winning_move(left))
    store.action_done(left)
    store.game_left(left)
    playing = Game(GameCode("D1", "VC", 3), plugins)
    store.game_started(playing)
    playing.push(winning_move(playing))
    store.action_done(playing)
    assert store.balance("VC") == 208 - 47             # the game in progress is the caller's to add
    assert store.balance("VC") + playing.score == 208 - 47 - 47
    stats = store.statistics(plugins.carrying_scorings())
    assert stats["D1VC"]["balance"] == 208 and stats["D3VC"]["balance"] == -47
    rows = {line.split("  ")[0].strip(): line for line in stats_table(stats, plugins).splitlines()}
    assert any("Cumulative Vegas" in name and "D1VC" in name for name in rows)
    assert any("Cumulative Vegas" in name and "D3VC" in name for name in rows)
    store.reset_statistics()
    assert store.balance("VC") == 0
    store.close()
