"""Every example of the Examples page, replayed with the engine and the real CLI, does what the page says."""
import subprocess
import sys

import pytest
from examples import MARKER, load_examples, replay
from site_paths import SITE

from solitaire_klondike.core import COLUMNS, FOUNDATIONS, STOCK, WASTE, Game, Move, load_plugins
from solitaire_klondike.core.cards import RANK, fits_on

EXAMPLES = {example["id"]: example for example in load_examples()}
KLONDIKE = [sys.executable, "-m", "solitaire_klondike.frontends.cli"]


@pytest.fixture(scope="module")
def replays():
    plugins = load_plugins()
    return {name: replay(example, plugins) for name, example in EXAMPLES.items()}


def test_the_page_shows_every_example_once():
    shown = MARKER.findall((SITE / "examples.md").read_text(encoding="utf-8"))
    assert sorted(shown) == sorted(EXAMPLES)


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_ends_as_stated(replays, name):
    example, done = EXAMPLES[name], replays[name]
    if "refused" in example:
        assert done.refusal == example["refused"]["reason"]
    else:
        assert done.refusal is None
        assert done.game.score == example["score"]
        assert done.game.is_won() == example["won"]
        assert done.score_before == example.get("score_before", done.score_before)


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_command_line_answers_as_the_page_shows(replays, name):
    example, console = EXAMPLES[name], replays[name].console().splitlines()
    moves = example["moves"].split() + ([example["refused"]["move"]] if "refused" in example else [])
    result = subprocess.run([*KLONDIKE, "replay", example["code"], *moves], capture_output=True, text=True)
    if "refused" in example:
        assert result.stderr.strip() == console[-1]
    else:
        assert result.returncode == 0, result.stderr
        assert set(console[-2:]) <= set(result.stdout.splitlines())


def last_move(name):
    return Move.parse(EXAMPLES[name]["moves"].split()[-1])


def test_empty_column_refuses_a_card_that_is_not_a_king_even_to_uncover_one(replays):
    position, tried = replays["empty-column"].game.position, Move.parse(EXAMPLES["empty-column"]["refused"]["move"])
    first_face_up = position.tableau[tried.source][position.hidden[tried.source]]
    assert position.tableau[tried.target] == [] and RANK[first_face_up] != 13
    assert position.hidden[tried.source] > 0


def test_early_recycle_costs_less_than_100(replays):
    done = replays["recycle"]
    assert last_move("recycle") == Move(STOCK, STOCK) and done.game.position.recycles == 1
    assert 0 < done.score_before - done.game.score < 100


def test_draw_three_lower_waste_card_fits_where_the_top_one_is_refused(replays):
    position = replays["draw-three"].game.position
    target = Move.parse(EXAMPLES["draw-three"]["refused"]["move"]).target
    fan = position.waste[-position.waste_fan:]
    assert position.draw_count == 3 and len(fan) == 3
    assert any(fits_on(card, position.tableau[target][-1]) for card in fan[:-1])


def test_vegas_stock_is_empty_with_cards_on_the_waste(replays):
    position = replays["vegas-stock"].game.position
    assert position.stock == [] and position.waste and position.recycle_limit == 0


def test_take_back_comes_from_a_foundation_and_scores_nothing(replays):
    done = replays["take-back"]
    assert last_move("take-back").source in FOUNDATIONS
    assert done.score_before == done.game.score


def test_won_game_matches_the_625_formula(replays):
    game = replays["won"].game
    assert game.is_won() and not game.took_back_from_foundation()
    from_waste = sum(1 for move in game.history if move.source == WASTE and move.target in COLUMNS)
    assert game.score == 625 + 5 * from_waste - recycle_costs(EXAMPLES["won"])


def recycle_costs(example):
    """What the recycles of an example's game cost, replayed action by action."""
    game, cost = Game.from_text(example["code"], load_plugins()), 0
    for text in example["moves"].split():
        before = game.score
        if game.push_text(text).kind == "recycle":
            cost += before - game.score
    return cost
