"""Vegas scoring (R16): dollars from -52, +5 a foundation card, one pass through the stock (R14);
each game on its own (R17): the dollars carry only in Cumulative Vegas."""

from solitaire_klondike.core import Action, Catalog, Variant, hookimpl

STAKE = -52
FOUNDATION_CARD = 5

WORDS = Catalog.beside(__file__, "vegas")  # its name and description in ca, el, es, it


@hookimpl
def klondike_variant() -> Variant:
    return Variant("scoring", "V", "Vegas", "Dollars: pay $52, win $5 a card on the foundations, one pass only",
                   words=WORDS)


@hookimpl
def klondike_recycle_limit() -> int:
    return 0


@hookimpl
def klondike_initial_score() -> int:
    return STAKE


@hookimpl
def klondike_score(score: int, action: Action) -> int:
    return score + FOUNDATION_CARD if action.move.target_kind == "foundation" else score


@hookimpl
def klondike_format_score(score: int) -> str:
    if score == 0:
        return "$0"
    return f"{'+' if score > 0 else '-'}${abs(score)}"
