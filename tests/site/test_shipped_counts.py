"""The FAQ's count of the winnable deals that come with the game, read from the English page, against
the shipped data files that the New Game window and `klondike new` deal from."""
import re

from site_paths import SITE

from solitaire_klondike.analysis.grades import GRADES
from solitaire_klondike.analysis.shipped import graded_deals

VARIANTS = {"Draw 1 · Normal": "D1N", "Draw 3 · Normal": "D3N", "Draw 1 · Vegas": "D1V", "Draw 3 · Vegas": "D3V"}


def test_the_faq_counts_the_shipped_deals_of_every_variant_and_grade():
    section = (SITE / "faq.md").read_text(encoding="utf-8").split("{ #winnable-deals }", 1)[1]
    table = re.search(r"^(\|.*\|\n)+", section, re.MULTILINE).group(0)
    rows = [[cell.strip() for cell in row.strip("|").split("|")] for row in table.splitlines()]
    assert rows[0][1:] == [grade.capitalize() for grade in GRADES]
    stated = {VARIANTS[row[0]]: [int(cell) for cell in row[1:]] for row in rows[2:]}
    assert stated == {variant: [graded_deals(variant).count(grade) for grade in GRADES] for variant in VARIANTS.values()}
