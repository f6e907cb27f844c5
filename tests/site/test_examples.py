"""Every example of the Examples page, replayed with the engine and the real CLI, does what the page says."""
import os
import subprocess
import sys

import pytest
from examples import MARKER, load_examples, replay, run_klondike
from site_paths import LANGUAGES, ROOT, SITE

from solitaire_klondike.core import (
    CARD_NAMES,
    COLUMNS,
    FOUNDATIONS,
    NO_LIMIT,
    STOCK,
    WASTE,
    Game,
    Move,
    Position,
    load_plugins,
    parse_card,
)
from solitaire_klondike.core.cards import RANK, fits_on

PAGES_OUT = ROOT / "build" / "site-pages"

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


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_page_shows_what_the_command_answers_in_its_language(replays, build_result, name, lang):
    """Each command on the Examples page, run as a user runs it with LANGUAGE set, answers exactly what
    the page of that language shows under it."""
    done = replays[name]
    page = (PAGES_OUT / ("examples.md" if lang == "en" else f"examples.{lang}.md")).read_text(encoding="utf-8")
    shown = done.console(lang)
    assert f"```console\n{shown}\n```" in page
    env = {**os.environ, "LANGUAGE": lang, "LC_ALL": "", "LANG": "C.UTF-8"}
    for args in done.commands():
        result = subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, env=env)
        assert f"$ klondike {' '.join(args)}\n{(result.stdout + result.stderr).rstrip()}" in shown
        assert result.returncode == (1 if "refused" in EXAMPLES[name] else 0)


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


CLAIMS = [(name, claim) for name, example in EXAMPLES.items() for claim in example.get("claims", [])]
RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(name):
    """``"QS"`` as the page writes it: "queen of spades"."""
    return f"{RANK_WORDS.get(name[:-1], name[:-1])} of {SUIT_WORDS[name[-1]]}"


def column_words(pile):
    return f"column {pile[1:]}"


def section(name):
    """The English text of an example's section on the Examples page."""
    page = (SITE / "examples.md").read_text(encoding="utf-8")
    return " ".join(page.split(f"{{ #{name} }}", 1)[1].split("\n## ", 1)[0].split())


def position_line(done):
    """What `klondike replay ... --position` prints for a position example: one line."""
    return run_klondike(done.commands()[-1], "en")


def claim_holds(done, claim):
    """Check one claim of examples.yml against the engine, or for a position example against the
    position read back from its --position line; answer the words the page must use for it."""
    game = done.game
    position = Position.from_text(position_line(done)) if done.example.get("position") else game.position
    if "top" in claim or "under" in claim:
        pile = Move.parse(f"{claim.get('top') or claim['under']}-F").source
        depth = -1 if "top" in claim else -2
        assert CARD_NAMES[position.tableau[pile][depth]] == claim["card"]
        return [card_words(claim["card"]), column_words(claim.get("top") or claim["under"])]
    if "empty" in claim:
        assert position.tableau[Move.parse(f"{claim['empty']}-F").source] == []
        return [column_words(claim["empty"]), "empty"]
    if "hidden" in claim:
        assert position.hidden[Move.parse(f"{claim['hidden']}-F").source] > 0
        return [column_words(claim["hidden"]), "hidden card"]
    if "fan" in claim:
        assert [CARD_NAMES[c] for c in position.waste[-position.waste_fan:]] == claim["fan"]
        return [card_words(card) for card in claim["fan"]]
    if "fits" in claim or "does_not_fit" in claim:
        card = parse_card(claim.get("fits") or claim["does_not_fit"])
        column = position.tableau[Move.parse(f"{claim['onto']}-F").source]
        fits = fits_on(card, column[-1]) if column else RANK[card] == 13
        assert fits == ("fits" in claim)
        return [card_words(claim.get("fits") or claim["does_not_fit"]), column_words(claim["onto"])]
    if "stock" in claim:
        assert len(position.stock) == claim["stock"]
        return []
    if "field" in claim:  # the page quotes a field of the line (a column's part of the first one)
        field = position_line(done).split(" ")[claim["field"] - 1]
        if "column" in claim:
            field = field.split("/")[COLUMNS.index(Move.parse(f"{claim['column']}-F").source)]
        assert field == str(claim["text"])
        return [f"(`{claim['text']}`)"]
    if "next" in claim:
        assert CARD_NAMES[position.stock[-1]] == claim["next"]
        return [f"{card_words(claim['next'])} next"]
    if "foundation" in claim:
        assert CARD_NAMES[position.top_card(Move.parse(f"{claim['foundation']}-T1").source)] == claim["card"]
        return [card_words(claim["card"])]
    if "passes" in claim:
        assert position.recycles == claim["passes"]
        return [f"turned back into the stock (here `{claim['passes']}`)"]
    if "draw" in claim:
        assert position.draw_count == claim["draw"]
        return [f"a tap turns (here `{claim['draw']}`)"]
    if "no_limit" in claim:
        assert position.recycle_limit == NO_LIMIT
        return ["`-` means no limit"]
    if "waste_onto_columns" in claim:
        assert sum(1 for m in game.history if m.source == WASTE and m.target in COLUMNS) == claim["waste_onto_columns"]
        return [f"{claim['waste_onto_columns']} cards from the waste", f"{claim['waste_onto_columns']} × 5"]
    if "recycle_cost" in claim:
        assert recycle_costs(done.example) == claim["recycle_cost"]
        return [f"costs {claim['recycle_cost']} points", f"− {claim['recycle_cost']} = {game.score}"]
    raise AssertionError(f"unknown claim {claim}")


@pytest.mark.parametrize("name, claim", CLAIMS, ids=[f"{n}-{c}" for n, c in CLAIMS])
def test_what_the_page_says_about_the_position_is_true(replays, name, claim):
    """Each claim holds in the engine's position, and the page's text names its cards and numbers."""
    words = claim_holds(replays[name], claim)
    text = section(name)
    for phrase in words:
        assert phrase in text, (phrase, text)


def test_the_position_line_reads_back_as_the_engines_position(replays):
    """The --position line of the position example is the engine's position, field for field."""
    done = replays["position"]
    line = position_line(done)
    assert len(line.split(" ")) == 7 and "\n" not in line
    assert Position.from_text(line) == done.game.position and Position.from_text(line).to_text() == line
    shown = done.console("en")
    assert shown.endswith(f"--position\n{line}")


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
