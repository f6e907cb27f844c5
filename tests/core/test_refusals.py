"""Refusals as values: the rule, the kind, the cards and piles; and a sentence for each in every
language, chosen from those fields alone (R6–R11, R14)."""

import re
from pathlib import Path

import polib
import pytest
from game_helpers import game_on, play

from solitaire_klondike.core import (
    FOUNDATION,
    STOCK,
    WASTE,
    AmbiguousVariantError,
    CodePrefixError,
    CodeShapeError,
    DealLengthError,
    DealLettersError,
    Game,
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    Move,
    Pile,
    PluginTurnedOffError,
    Refusal,
    RefusalKind,
    UnknownTokenError,
    Variant,
    VariantShapeError,
    load_plugins,
    parse_card,
)
from solitaire_klondike.core.legality import why_illegal
from solitaire_klondike.frontends.refusals import Message, code_error_message, move_error_message, refusal_message

LOCALES = Path(__file__).parents[2] / "locales"
LANGUAGES = ("ca", "el", "es", "it")
FIELDS = re.compile(r"\{(\w+)\}")
ALL_SUITS_IN_COLUMNS = ["".join(f"{r}{s.lower()}" for r in ["a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q"]) + f"K{s}" for s in "SHDC"]


def sample_refusals() -> list[Refusal]:
    """One real refusal of each kind (and of each form a kind takes), from real games."""
    plugins = load_plugins()
    dealt = Game.from_text("KL1-D1V-AAAAAAG", plugins)   # T1 AD, T2 [2H] JC, T3 [7C] [3D] KD, T4 ... 10C
    refusals = [
        dealt.why_illegal(Move.parse("W-F")),                    # the waste is empty
        dealt.why_illegal(Move.parse("T2-T1"), index=0),         # a face-down card
        dealt.why_illegal(Move.parse("T3-F")),                   # KD is no ace
        dealt.why_illegal(Move.parse("T2-T3")),                  # nothing of T2 fits on KD
        game_on(ALL_SUITS_IN_COLUMNS).why_illegal(Move.stock()),  # nothing to draw
        game_on(["5H", "KD", "2c9S8H"]).why_illegal(Move.parse("T3-T4")),  # T4 empty, no king
        game_on(["5H", "QD", "2c9S8H"]).why_illegal(Move.parse("T3-T1"), index=2),  # 8H on 5H
        game_on(["5H", "QD", "2c9S8H"]).why_illegal(Move.parse("T3-F"), index=1),   # not the top
    ]
    for _ in range(24):
        dealt.push(Move.stock())
    refusals += [
        dealt.why_illegal(Move.stock()),                          # Vegas: no recycle
        dealt.why_illegal(Move.parse("W-T4")),                    # a waste card that does not fit
        dealt.why_illegal(Move.parse("W-F"), index=0),            # not the top of the waste
        game_on(["5H", "AS", "2S"]).why_illegal(Move.parse("W-T4")),  # T4 empty: only a king
    ]
    taken = play(game_on(["5H", "AS", "2S"]), "T2-F T3-F")
    refusals.append(taken.why_illegal(Move.parse("FS-T1"), index=0))   # not the top of a foundation
    limited = dealt.search_position()
    limited.recycle_limit = 1
    limited.make(Move.stock())
    limited.make(Move.stock())
    limited.stock, limited.waste = [], limited.waste + limited.stock[::-1]
    refusals.append(why_illegal(limited, Move.stock()))
    assert None not in refusals
    return refusals  # type: ignore[return-value]


SAMPLES = sample_refusals()


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def test_every_kind_of_refusal_is_met_in_real_play():
    assert {r.kind for r in SAMPLES} == set(RefusalKind)


def test_a_refusal_names_its_rule_kind_cards_and_piles_and_reads_as_before():
    by_kind = {}
    for r in SAMPLES:
        by_kind.setdefault(r.kind, r)
    fit = next(r for r in SAMPLES if r.kind is RefusalKind.DOES_NOT_FIT and r.card is not None)
    assert (fit.rule, fit.pile, fit.move, fit.card, fit.onto) == ("R6", Pile.T1, Move.parse("T3-T1"), *cards("8H 5H"))
    assert str(fit) == "8H does not fit on 5H in T1: it needs a black 4 (R6)"
    column = next(r for r in SAMPLES if r.kind is RefusalKind.DOES_NOT_FIT and r.card is None)
    assert str(column) == "no face-up card of T2 fits on KD in T3: it needs a black Q (R6)"
    order = by_kind[RefusalKind.FOUNDATION_ORDER]
    assert (order.rule, order.card, order.onto, order.pile) == ("R10", parse_card("KD"), parse_card("AD"), Pile.FD)
    assert str(order) == "KD cannot go to the diamonds foundation, which takes AD next (R10)"
    assert by_kind[RefusalKind.KING_ONLY].rule == "R8" and by_kind[RefusalKind.NO_RECYCLE].rule == "R14"
    assert by_kind[RefusalKind.RECYCLES_USED].recycles == 1
    assert str(by_kind[RefusalKind.NOTHING_TO_DRAW]) == "the stock and the waste are both empty: there is nothing to draw (R14)"


def test_r6_the_illegal_move_error_carries_the_refusal_and_changes_nothing():
    game = game_on(["8S", "7H", "7C"])
    before = game.position.key()
    with pytest.raises(IllegalMoveError) as caught:
        game.push(Move.parse("T3-T1"))
    assert caught.value.refusal == game.why_illegal(Move.parse("T3-T1"))
    assert caught.value.refusal.kind is RefusalKind.DOES_NOT_FIT and caught.value.reason == str(caught.value.refusal)
    assert game.position.key() == before


def bad_codes() -> list[InvalidCodeError]:
    plugins = load_plugins()

    class Clash:
        @staticmethod
        def klondike_variant() -> Variant:
            return Variant("scoring", "VN", "clash", "with D1V, D1VN reads D1+VN and D1V+N")

    class DrawD1V:
        @staticmethod
        def klondike_variant() -> Variant:
            return Variant("draw", "D1V", "clash", "with VN, D1VN reads D1+VN and D1V+N")

    plugins.add(Clash(), "clash")
    plugins.add(DrawD1V(), "draw-d1v")
    errors = []
    for text in ("KL1-D1N", "KL2-D1N-AAAAAAA", "KL1-D1N-AAA", "KL1-D1N-AAAAAA1", "KL1-D_1N-AAAAAAA",
                 "KL1-D9N-AAAAAAA", "KL1-D1X-AAAAAAA", "KL1-D1VN-AAAAAAA"):
        with pytest.raises(InvalidCodeError) as caught:
            plugins.parse_code(text)
        errors.append(caught.value)
    plugins.turn("vegas3", on=False)
    with pytest.raises(InvalidCodeError) as caught:
        plugins.parse_code("KL1-D1V3-AAAAAAA")
    return [*errors, caught.value]


def test_r3_each_fault_of_a_code_has_its_own_error_with_its_fields():
    shape, prefix, length, letters, middle, draw, scoring, clash, off = bad_codes()
    assert isinstance(shape, CodeShapeError) and shape.text == "KL1-D1N"
    assert isinstance(prefix, CodePrefixError) and prefix.prefix == "KL2"
    assert isinstance(length, DealLengthError) and (length.letters, length.length) == ("AAA", 3)
    assert isinstance(letters, DealLettersError) and letters.bad == "1"
    assert isinstance(middle, VariantShapeError) and middle.variant == "D_1N"
    assert isinstance(draw, UnknownTokenError) and (draw.token, draw.kind) == ("D9", "draw")
    assert isinstance(scoring, UnknownTokenError) and (scoring.token, scoring.kind) == ("X", "scoring")
    assert isinstance(clash, AmbiguousVariantError) and sorted(clash.readings) == [("D1", "VN"), ("D1V", "N")]
    assert isinstance(off, PluginTurnedOffError) and (off.kind, off.token, off.name) == ("scoring", "V3", "vegas3")
    assert str(draw) == "unknown draw token 'D9' in 'D9N': no installed draw plugin has it"


def bad_moves() -> list[InvalidMoveError]:
    errors = []
    for text in ("T1", "T9-T1", "T1-W", "T1-FH", "FS-F"):
        with pytest.raises(InvalidMoveError) as caught:
            Move.parse(text)
        errors.append(caught.value)
    return errors


def test_each_fault_of_a_move_text_has_its_kind_and_the_part_at_fault():
    found = [(e.kind, e.text, e.part) for e in bad_moves()]
    assert found == [("not_a_move", "T1", ""), ("not_a_source", "T9-T1", "T9"), ("not_a_target", "T1-W", "W"),
                     ("foundation_target", "T1-FH", "FH"), ("same_pile", "FS-F", "F")]
    assert {kind for kind, _, _ in found} == set(InvalidMoveError.KINDS)
    assert str(bad_moves()[1]) == "'T9-T1': 'T9' is not a source pile (W, T1–T7, FS, FH, FD, FC)"


def all_messages() -> list[Message]:
    return ([refusal_message(r) for r in SAMPLES] + [code_error_message(e) for e in bad_codes()]
            + [move_error_message(e) for e in bad_moves()])


def test_every_code_error_class_is_met():
    assert {type(e) for e in bad_codes()} == set(InvalidCodeError.__subclasses__())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_and_code_error_has_a_translation_with_the_same_fields(language):
    catalog = {e.msgid: e for e in polib.pofile(str(LOCALES / language / "LC_MESSAGES" / "game.po"))}
    for message in all_messages():
        entry = catalog.get(message.text)
        assert entry is not None and entry.msgstr and "fuzzy" not in entry.flags, (language, message.text)
        assert set(FIELDS.findall(entry.msgstr)) == set(FIELDS.findall(message.text)) <= set(message.params)
        assert entry.msgstr.format(**message.params)


def test_refusal_sentences_name_the_cards_with_suit_symbols():
    fit = next(r for r in SAMPLES if r.kind is RefusalKind.DOES_NOT_FIT and r.card is not None)
    text = refusal_message(fit).translated(lambda s: s)
    assert "does not fit on" in text and any(symbol in text for symbol in "♠♥♦♣")
    assert refusal_message(fit, card_text=str).params["card"] == str(fit.card)


def test_the_stock_and_waste_moves_are_named_in_refusals():
    stock = next(r for r in SAMPLES if r.kind is RefusalKind.NO_RECYCLE)
    assert stock.move.source is STOCK and stock.pile is STOCK
    top = next(r for r in SAMPLES if r.kind is RefusalKind.NOT_TOP_CARD and r.pile is WASTE)
    assert top.rule == "R9" and top.move.target is FOUNDATION
