"""Every number the site states about scoring, read from the English pages, against the scoring plugins
and the won games of tests/data/won_games.txt replayed action by action."""
import re

import pytest
from site_paths import ROOT, SITE

from solitaire_klondike.core import COLUMNS, FOUNDATIONS, WASTE, Game, load_plugins
from solitaire_klondike.plugins import normal, vegas

WON_GAMES = [line.split(":", 1) for line in (ROOT / "tests" / "data" / "won_games.txt").read_text().splitlines()
             if line.startswith("KL1-")]


def page(name):
    return (SITE / f"{name}.md").read_text(encoding="utf-8")


def number(text):
    return int(text.replace("−", "-").replace("+", ""))


def table_values(text, heading_id):
    """The last cell of each row of the first table after the heading with this id."""
    section = text.split(f"{{ #{heading_id} }}", 1)[1]
    table = re.search(r"^(\|.*\|\n)+", section, re.MULTILINE).group(0)
    return [number(row.strip("|").split("|")[-1].strip()) for row in table.splitlines()[2:]]


def found(pattern, text):
    match = re.search(pattern, text)
    assert match, pattern
    return [number(group) for group in match.groups()]


def played(kind):
    """(game, scores before each action, actions) for every won game of one scoring kind."""
    plugins = load_plugins()
    for code, moves in WON_GAMES:
        if code.split("-")[1][-1] != kind:
            continue
        game, steps = Game.from_text(code, plugins), []
        for text in moves.split():
            before = game.score
            steps.append((before, game.push_text(text), game.score))
        yield game, steps


def test_rules_normal_table_matches_the_normal_plugin():
    table = table_values(page("rules"), "normal-scoring")
    assert table == [normal.FOUNDATION_CARD, normal.WASTE_TO_COLUMN, normal.TURNED_CARD, normal.RECYCLE, 0, 0]


def test_rules_normal_table_matches_real_games():
    onto_foundation, waste_to_column, turned, recycle, column_to_column, _ = table_values(page("rules"), "normal-scoring")
    for game, steps in played("N"):
        for before, action, after in steps:
            move = action.move
            points = {"recycle": recycle, "draw": 0}.get(action.kind)
            if points is None:
                points = onto_foundation if move.target_kind == "foundation" else \
                    waste_to_column if move.source == WASTE else column_to_column
            assert after == max(0, before + points + (turned if action.turned else 0)), (game.code, move)


def test_the_625_formula_holds_for_every_won_normal_game():
    base, per_waste_card = found(r"ends with (\d+) points .*?plus (\d+) for each card played from the waste", page("rules"))
    assert found(r"ends at (\d+) points, plus (\d+) for each card played from the waste", page("examples")) == \
        [base, per_waste_card]
    assert base == 52 * normal.FOUNDATION_CARD + 21 * normal.TURNED_CARD
    for game, steps in played("N"):
        assert game.is_won() and not game.took_back_from_foundation()
        from_waste = sum(1 for _, action, _ in steps if action.move.source == WASTE and action.move.target in COLUMNS)
        cost = sum(before - after for before, action, after in steps if action.kind == "recycle")
        assert game.score == base + per_waste_card * from_waste - cost, game.code


def test_rules_vegas_table_and_won_score_match_the_vegas_plugin_and_real_games():
    start, per_card, other = table_values(page("rules"), "vegas-scoring")
    assert (start, per_card, other) == (vegas.STAKE, vegas.FOUNDATION_CARD, 0)
    at_most, turning = found(r"negative while at most (\d+) cards .* positive with the (\d+)th", page("rules"))
    assert start + per_card * at_most < 0 < start + per_card * turning == start + per_card * (at_most + 1)
    won = found(r"ends at (\+\d+) dollars", page("rules"))[0]
    games = list(played("V"))
    assert games
    for game, steps in games:
        assert game.is_won() and game.score == won and game.score_text == f"+${won}"
        assert all(after - before == (per_card if action.move.target_kind == "foundation" else other)
                   for before, action, after in steps)
    plugins = load_plugins()
    shown = re.findall(r"`([-+]?\$\d+)`", page("rules"))
    assert shown == [Game.from_text("KL1-D1V-AAAAAAA", plugins).format_score(s) for s in (208, 0, -52)]


def test_faq_scoring_numbers_match_the_plugins():
    faq = page("faq")
    assert found(r"counts points: (\d+) for each card put onto a foundation, (\d+) for each waste card put "
                 r"onto a column, (\d+) for each hidden card turned, minus (\d+) when", faq) == \
        [normal.FOUNDATION_CARD, normal.WASTE_TO_COLUMN, normal.TURNED_CARD, -normal.RECYCLE]
    assert found(r"start at (−\d+) dollars and earn (\d+) dollars", faq) == [vegas.STAKE, vegas.FOUNDATION_CARD]


@pytest.mark.parametrize("name, pattern", [
    ("faq", r"If you had (\d+) points when you turned the waste back into the stock, you lose only those (\d+) points"),
    ("faq", r"if a recycle cost you only (\d+) points because of the floor, undoing it gives back those (\d+) points"),
])
def test_recycle_cost_examples_follow_the_floor(name, pattern):
    had, lost = found(pattern, page(name))
    assert had - max(0, had + normal.RECYCLE) == lost < -normal.RECYCLE


def test_a_card_taken_back_scores_nothing():
    assert normal.klondike_score(20, take_back_action()) == 20
    assert vegas.klondike_score(-42, take_back_action()) == -42


def take_back_action():
    game = Game.from_text("KL1-D1N-AAAAAAB", load_plugins())
    for text in ["S", "T1-T7", "T5-T1", "T5-F"]:
        game.push_text(text)
    action = game.push_text("FH-T4")
    assert action.move.source in FOUNDATIONS
    return action
