"""Packing ``klondike analyze`` results into the shipped data files: added to what is there, the
easier grade kept for a deal found twice, every command named in the file's header."""

import gzip

from solitaire_klondike.analysis.journal import HEADER, Row
from solitaire_klondike.analysis.pack import pack
from solitaire_klondike.analysis.shipped import format_deals, parse
from solitaire_klondike.core import GameCode


def _run(path, rows):
    lines = [Row(deal, str(GameCode("D3", "V", deal)), verdict, moves, 100, 0.5, grade).line()
             for deal, verdict, moves, grade in rows]
    path.write_text(HEADER + "".join(lines), encoding="ascii")
    return path


def _read(folder):
    text = gzip.decompress((folder / "D3V.txt.gz").read_bytes()).decode("ascii")
    return text, parse("D3V", text)


def test_new_runs_are_added_to_the_shipped_file_keeping_the_easier_grade_and_naming_every_command(tmp_path):
    old = format_deals({"medium": [7, 8]}, "Old deals, from:\nklondike analyze --variant D3V --deals 7..8 --budget 6")
    (tmp_path / "D3V.txt.gz").write_bytes(gzip.compress(old.encode("ascii")))
    first = _run(tmp_path / "a.csv", [(5, "winnable", 90, "hard"), (6, "unwinnable", None, None),
                                      (7, "winnable", 95, "expert"), (9, "undecided", None, None)])
    second = _run(tmp_path / "b.csv", [(5, "winnable", 80, "easy"), (10, "winnable", 99, "expert")])
    assert pack([(first, 0.5), (second, 2.0)], tmp_path) == {"D3V": 4}
    text, shipped = _read(tmp_path)
    assert shipped.by_grade == {"easy": (5,), "medium": (7, 8), "expert": (10,)}
    assert text.splitlines()[1:4] == ["# klondike analyze --variant D3V --deals 7..8 --budget 6",
                                      "# klondike analyze --variant D3V --deals 5..7,9 --budget 0.5",
                                      "# klondike analyze --variant D3V --deals 5,10 --budget 2"]

