"""Issue 14, done means: every shipped variant plays through a code in `klondike replay`, scored
as its rules say.  The won lines come from tests/data/won_games.txt; no card comes back from a
foundation in them, so each final score follows from the rules by hand."""

import json
import subprocess
import sys

import pytest
from game_helpers import won_games

from solitaire_klondike.core import Game, load_plugins

LINES = dict(won_games())
VEGAS_LINE = LINES["KL1-D1V-AAAAAAC"]      # one pass through the stock: fits every variant
NORMAL_LINE = LINES["KL1-D1N-AAAAAAC"]


def replay(code: str, moves: list[str]) -> dict:
    done = subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "replay", code, *moves, "--json"],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def normal_points(code: str, moves: list[str]) -> int:
    """R15 by hand for a won line with no card back: 10 a foundation card, 5 a waste card onto a
    column, 5 each of the 21 hidden cards (all turned in a won game), -100 a recycle (the engine
    only says which taps recycle; none comes before 100 points here)."""
    game = Game.from_text(code, load_plugins())
    recycles = sum(game.push_text(m).kind == "recycle" for m in moves)
    return 52 * 10 + 5 * sum(m.startswith("W-T") for m in moves) + 21 * 5 - 100 * recycles


@pytest.mark.parametrize("scoring, score, text", [
    ("V", 208, "+$208"),          # R16: -52 + 52 × 5
    ("V3", 208, "+$208"),
    ("VC", 208, "+$208"),         # each game as Vegas; the balance is the statistics' (no store here)
    ("NS", 0, ""),                # no score at all
])
def test_every_dollar_and_no_score_variant_replays_its_won_line(scoring, score, text):
    result = replay(f"KL1-D1{scoring}-AAAAAAC", VEGAS_LINE)
    assert result["won"] and (result["score"], result["score_text"]) == (score, text)


def test_timed_standard_replays_its_won_line_with_and_without_time():
    assert not any(m.startswith("F") for m in NORMAL_LINE)
    points = normal_points("KL1-D1N-AAAAAAC", NORMAL_LINE)
    assert replay("KL1-D1N-AAAAAAC", NORMAL_LINE)["score"] == points
    assert replay("KL1-D1TS-AAAAAAC", NORMAL_LINE)["score"] == points                      # won in 0 s: no bonus
    assert replay("KL1-D1TS-AAAAAAC", [*NORMAL_LINE, "--seconds", "70"])["score"] == points + 10_000   # 700,000 / 70
