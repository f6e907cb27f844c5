"""Asking is not playing: the draw count and the recycle limit are asked once per game, and
checking a move calls no hook and changes nothing (R13, R14)."""

from collections import Counter

from solitaire_klondike.core import ALL_MOVES, Action, Game, GameCode, Move, Variant, load_plugins


class CountingDraw:
    """A draw-two plugin that counts every hook call it gets."""

    def __init__(self, calls: Counter[str]) -> None:
        self.calls = calls

    def klondike_variant(self) -> Variant:
        return Variant("draw", "DC", "Counting draw", "draws two, counts its calls")

    def klondike_draw_count(self) -> int:
        self.calls["klondike_draw_count"] += 1
        return 2


class CountingScoring:
    """One pass more than Vegas's none, counting every hook call it gets."""

    def __init__(self, calls: Counter[str]) -> None:
        self.calls = calls

    def klondike_variant(self) -> Variant:
        return Variant("scoring", "SC", "Counting scoring", "one recycle, counts its calls")

    def klondike_recycle_limit(self) -> int:
        self.calls["klondike_recycle_limit"] += 1
        return 1

    def klondike_initial_score(self) -> int:
        self.calls["klondike_initial_score"] += 1
        return 0

    def klondike_score(self, score: int, action: Action) -> int:
        self.calls["klondike_score"] += 1
        return score + 1

    def klondike_format_score(self, score: int) -> str:
        self.calls["klondike_format_score"] += 1
        return str(score)


def counting_game() -> tuple[Game, Counter[str]]:
    calls: Counter[str] = Counter()
    plugins = load_plugins()
    plugins.add(CountingDraw(calls), "counting-draw")
    plugins.add(CountingScoring(calls), "counting-scoring")
    return Game(GameCode("DC", "SC", 6), plugins), calls


def test_r13_r14_draw_count_and_recycle_limit_are_asked_once_per_game():
    game, calls = counting_game()
    assert calls == Counter(klondike_draw_count=1, klondike_recycle_limit=1, klondike_initial_score=1)
    taps = 0
    while game.is_legal(Move.stock()):   # draw through the stock, turn it back once, draw through again
        game.push(Move.stock())
        game.legal_moves()
        taps += 1
    assert taps == 12 + 1 + 12 and game.position.recycles == 1
    assert calls["klondike_draw_count"] == 1 and calls["klondike_recycle_limit"] == 1
    game.undo()
    game.redo()
    game.restarted()
    assert calls["klondike_draw_count"] == 2 and calls["klondike_recycle_limit"] == 2   # the restart is a new game


def test_checking_moves_calls_no_hook_and_changes_nothing():
    game, calls = counting_game()
    for _ in range(30):   # to the end of the stock, the one recycle used
        if game.is_legal(Move.stock()):
            game.push(Move.stock())
    before, asked = (game.position.key(), game.score, game.undo_depth), calls.copy()
    for move in ALL_MOVES:
        game.why_illegal(move)
        game.is_legal(move)
    game.legal_moves()
    assert (game.position.key(), game.score, game.undo_depth) == before
    assert calls == asked
