"""The counting rules of the statistics, on a real file."""

from pathlib import Path

from easy_deal import play_to_win, winning_move
from store_helpers import Clock, easy_game, hard_game, start_and_play_once

from solitaire_klondike.player_data import open_store


def test_a_dealt_game_with_no_action_is_not_played(folder: Path, plugins) -> None:
    store = open_store(folder)
    game = hard_game(plugins)
    store.game_started(game)
    store.game_left(game)
    assert store.statistics() == {"total": store.statistics()["total"]}
    assert store.statistics()["total"]["played"] == 0


def test_leaving_after_one_action_counts_played_not_won(folder: Path, plugins) -> None:
    store = open_store(folder)
    game = hard_game(plugins)
    start_and_play_once(store, game)
    playing = store.statistics()
    assert (playing["D1N"]["played"], playing["D1N"]["won"], playing["D1N"]["current_streak"]) == (1, 0, 0)
    game.undo()
    store.action_done(game)
    store.game_left(game)
    stats = store.statistics()
    assert (stats["D1N"]["played"], stats["D1N"]["won"], stats["total"]["played"]) == (1, 0, 1)
    [record] = store.records()
    assert (record["moves"], record["undos"], record["won"]) == (0, 1, 0)


def test_starting_a_new_game_abandons_the_current_one(folder: Path, plugins) -> None:
    """Even without game_left, and even from the next run of the program (`klondike play CODE`)."""
    store = open_store(folder)
    game = hard_game(plugins)
    start_and_play_once(store, game)
    store.close()
    store = open_store(folder)
    store.game_started(hard_game(plugins, deal=42))
    assert store.statistics()["D1N"]["played"] == 1
    assert store.statistics()["D1N"]["won"] == 0


def test_a_win_counts_once_even_after_undo_and_winning_again(folder: Path, plugins) -> None:
    clock = Clock()
    store = open_store(folder)
    game = easy_game(plugins)
    store.game_started(game, clock())
    play_to_win(game, lambda: store.action_done(game, clock()))
    assert store.statistics()["D1N"]["won"] == 1
    game.undo()
    store.action_done(game, clock())
    game.redo()
    store.action_done(game, clock())
    store.game_left(game, clock())
    stats = store.statistics()["D1N"]
    assert (stats["played"], stats["won"], stats["win_rate"]) == (1, 1, 1.0)
    assert stats["fewest_moves_win"] == game.move_count == 76
    assert stats["fastest_win_seconds"] == 76.0  # 76 actions, one second apart after the deal
    assert stats["best_score"] == 625


def test_a_restarted_deal_is_a_new_game(folder: Path, plugins) -> None:
    store = open_store(folder)
    game = hard_game(plugins)
    start_and_play_once(store, game)
    store.game_left(game)
    again = game.restarted()
    start_and_play_once(store, again)
    store.game_left(again)
    assert [r["code"] for r in store.records()] == [str(game.code)] * 2
    assert store.statistics()["D1N"]["played"] == 2


def _win(store, plugins, variant: str = "D1N") -> None:
    game = easy_game(plugins, variant)
    store.game_started(game)
    play_to_win(game, lambda: store.action_done(game))
    store.game_left(game)


def _abandon(store, plugins, variant: str = "D1N", moves: int = 3) -> None:
    game = easy_game(plugins, variant)
    store.game_started(game)
    for _ in range(moves):
        game.push(winning_move(game))
        store.action_done(game)
    store.game_left(game)


def test_streaks_run_over_wins_and_break_on_an_abandoned_game(folder: Path, plugins) -> None:
    store = open_store(folder)
    for result in "WWAWWWA" + "W":
        (_win if result == "W" else _abandon)(store, plugins)
    stats = store.statistics()["D1N"]
    assert (stats["current_streak"], stats["longest_streak"]) == (1, 3)
    assert (stats["played"], stats["won"]) == (8, 6)
    assert stats["win_rate"] == 0.75


def test_r17_only_a_scoring_that_carries_keeps_a_balance(folder: Path, plugins) -> None:
    """Cumulative Vegas carries its dollars from game to game; Vegas and Vegas three passes score
    each game on its own (R17): no balance for them."""
    store = open_store(folder)
    _win(store, plugins, "D1VC")       # +$208
    _abandon(store, plugins, "D1VC")   # three aces onto the foundations: -$37
    _abandon(store, plugins, "D3VC", moves=2)  # two aces: -$42
    _win(store, plugins, "D1V")
    _abandon(store, plugins, "D1V3")
    _win(store, plugins, "D1N")
    assert plugins.carrying_scorings() == {"VC"}
    stats = store.statistics(plugins.carrying_scorings())
    assert stats["D1VC"]["balance"] == 208 - 37
    assert stats["D3VC"]["balance"] == -42
    assert stats["total"]["balance"] == 208 - 37 - 42
    assert all("balance" not in stats[v] for v in ("D1N", "D1V", "D1V3"))
    assert stats["D1V"]["best_score"] == 208 and stats["D1V3"]["best_score"] == -37
    assert stats["total"]["best_score"] is None  # dollars and points do not compare
    assert stats["D1N"]["best_score"] == 625
    assert all("balance" not in s for s in store.statistics().values())  # no scoring carries: no balance


def test_reset_clears_one_variant_or_all_but_keeps_the_records(folder: Path, plugins) -> None:
    store = open_store(folder)
    _win(store, plugins, "D1N")
    _win(store, plugins, "D3N")
    store.reset_statistics("D1N")
    assert "D1N" not in store.statistics()
    assert store.statistics()["total"]["played"] == 1
    store.reset_statistics()
    assert store.statistics()["total"]["played"] == 0
    assert len(store.records()) == 2
    _abandon(store, plugins)
    assert store.statistics()["total"]["played"] == 1
