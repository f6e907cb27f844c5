"""Deal lists and the resumable CSV file of ``klondike analyze``, on real files."""

import os

import pytest

from solitaire_klondike.analysis.journal import HEADER, Journal, JournalError, Row
from solitaire_klondike.analysis.spec import DealSpec, DealSpecError


def test_spec_reads_ranges_and_lists_in_order_and_counts_a_repeated_deal_once():
    spec = DealSpec.parse(" 5, 17,900..903,16..18 ")
    assert list(spec) == [5, 17, 900, 901, 902, 903, 16, 18]
    assert len(spec) == 8 and str(spec) == "5,17,900..903,16..18"
    assert len(DealSpec.parse("0..9999")) == 10_000 and len(DealSpec.parse("0..8031810175")) == 26**7


@pytest.mark.parametrize("text, message", [
    ("", "no deals given: write numbers and ranges like 0..9999 or 5,17,900..910"),
    ("5,,7", "empty item in '5,,7': remove the extra comma"),
    ("10..3", "the range '10..3' runs backwards: write the smaller number first"),
    ("1-5", "'1-5' is not a deal number or a range like 900..910"),
    ("-3", "'-3' is not a deal number or a range like 900..910"),
    ("0..", "'0..' is not a deal number or a range like 900..910"),
    ("8031810176", "deal 8031810176 is out of range: deal numbers go from 0 to 8031810175"),
])
def test_spec_refuses_bad_lists_saying_which_part_and_why(text, message):
    with pytest.raises(DealSpecError) as caught:
        DealSpec.parse(text)
    assert str(caught.value) == message


def row(deal: int, verdict: str = "winnable") -> Row:
    won = verdict == "winnable"
    return Row(deal, f"KL1-D1N-AAAAAA{chr(65 + deal)}", verdict, 90 + deal if won else None, 1000 + deal, 0.25,
               "easy" if won else None)


def test_rows_written_are_read_back_when_the_file_is_opened_again(tmp_path):
    path = tmp_path / "out.csv"
    journal = Journal(path, "D1N")
    for deal, verdict in [(3, "winnable"), (1, "undecided"), (2, "unwinnable")]:
        journal.write(row(deal, verdict))
    journal.close()
    assert path.read_text().splitlines()[:2] == [HEADER.strip(), "3,KL1-D1N-AAAAAAD,winnable,93,1003,0.250,easy"]
    again = Journal(path, "D1N")
    assert again.rows == {1: row(1, "undecided"), 2: row(2, "unwinnable"), 3: row(3)}
    again.close()


@pytest.mark.parametrize("tail", [b"4,KL1-D1N-AAAAAAE,winn", b"\0\0\0\0\0\0", b"4,KL1-D1N-AAAAAAE,winnable,9\n"])
def test_a_torn_last_line_after_a_power_cut_is_dropped_and_the_rest_kept(tmp_path, tail):
    path = tmp_path / "out.csv"
    journal = Journal(path, "D1N")
    journal.write(row(1))
    journal.write(row(2))
    journal.close()
    whole = path.read_bytes()
    path.write_bytes(whole + tail)
    again = Journal(path, "D1N")
    assert sorted(again.rows) == [1, 2] and path.read_bytes() == whole
    again.write(row(4))
    again.close()
    assert path.read_bytes() == whole + row(4).line().encode()


def test_a_file_that_is_not_an_analysis_or_holds_another_variant_is_refused_and_left_as_it_is(tmp_path):
    other = tmp_path / "notes.csv"
    other.write_text("name,score\nana,3\n")
    with pytest.raises(JournalError, match="is not a file of klondike analyze"):
        Journal(other, "D1N")
    assert other.read_text() == "name,score\nana,3\n"
    mine = tmp_path / "d1n.csv"
    Journal(mine, "D1N").close()
    journal = Journal(mine, "D1N")
    journal.write(row(1))
    journal.close()
    before = mine.read_bytes()
    with pytest.raises(JournalError, match="holds deals of D1N, not D3V; choose another --out"):
        Journal(mine, "D3V")
    broken = before.replace(b"winnable,91", b"winnable,x", 1) + row(2).line().encode()
    mine.write_bytes(broken)
    with pytest.raises(JournalError, match=r"line 2 of .* is not a row of klondike analyze"):
        Journal(mine, "D1N")
    assert mine.read_bytes() == broken


def test_two_runs_cannot_write_the_same_file_at_once(tmp_path):
    path = tmp_path / "out.csv"
    first = Journal(path, "D1N")
    with pytest.raises(JournalError, match="another klondike analyze is writing"):
        Journal(path, "D1N")
    first.close()
    Journal(path, "D1N").close()
    assert os.path.getsize(path) == len(HEADER)
