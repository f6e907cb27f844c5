"""Issue 9, case 14 (R3): the code parser takes only ASCII letters and digits in the code's form,
after trimming and case folding, and reads a long text in linear time."""

import pytest

from solitaire_klondike.core import DEAL_COUNT, GameCode
from solitaire_klondike.core.codes import (
    CodePrefixError,
    DealLengthError,
    DealLettersError,
    UnknownTokenError,
    VariantShapeError,
)

DRAWS, SCORINGS = {"D1", "D3"}, {"N", "V"}


def parse(text: str) -> GameCode:
    return GameCode.parse(text, DRAWS, SCORINGS)


@pytest.mark.parametrize("text, error", [
    ("KL1-D1N-AAAAAß", DealLengthError),       # "ß".upper() is "SS": it used to read as AAAAASS
    ("KL1-D1N-AAAAﬄ", DealLengthError),        # "ﬄ".upper() is "FFL": it used to read as AAAAFFL
    ("KL1-D1N-AAAAAAı", DealLettersError),     # the dotless i became I
    ("kl1-d1n-aaaaaaſ", DealLettersError),     # the long s became S
    ("KL1-Dı1N-AAAAAAG", VariantShapeError),
    ("ＫL1-D1N-AAAAAAG", CodePrefixError),     # a full-width K
    ("KL1-D１N-AAAAAAG", VariantShapeError),   # a full-width digit
])
def test_r3_look_alike_letters_are_refused_with_the_usual_message(text, error):
    with pytest.raises(error):
        parse(text)


def test_r3_ascii_case_and_surrounding_space_still_do_not_matter():
    assert parse("  kl1-d3v-aaaaaag\t\n") == GameCode("D3", "V", 6)
    assert parse("Kl1-D1n-ZZZZZZZ") == GameCode("D1", "N", DEAL_COUNT - 1)


@pytest.mark.parametrize("size", [10**5, 10**6])
def test_r3_a_very_long_text_is_refused_at_once(size):
    """A quadratic reading would take hours at these sizes; the figures are in benchmarks/bench_codes.py."""
    with pytest.raises(UnknownTokenError, match="unknown draw token"):
        parse("KL1-" + "Q" * size + "-AAAAAAG")
    with pytest.raises(UnknownTokenError, match="unknown scoring token"):
        parse("KL1-D1" + "Q" * size + "-AAAAAAG")
    with pytest.raises(DealLengthError):
        parse("KL1-D1N-" + "A" * size)
