"""A plugin that goes wrong in the one way ``KLONDIKE_FAULT`` names (and behaves otherwise).

Its entry-point name, ``a_faulty``, sorts before every built-in. With ``KLONDIKE_FAULT_AFTER``
naming a file, the hooks behave until that file exists, then fail: a failure in the middle of a game.

Faults: ``import-SystemExit``, ``import-KeyboardInterrupt``, ``import-hang``; ``token-7``, ``token-None``,
``name-None``, ``steal-D1`` (declares the draw token D1); ``deal-strings``, ``deal-None`` (a draw variant
``DF`` dealing cards that are not numbers: only a game's draw or scoring plugin may deal); ``draw-raise`` (a draw variant ``DF`` whose draw count raises);
``score-huge`` (a scoring variant ``F`` scoring 2**70); ``score-raise`` (its score raises); ``format-raise`` (a scoring variant ``F`` whose
score text raises); ``other-format-raise`` (no variant, its score text raises in every game);
``hook-hang`` (no variant, its score text never answers); ``print`` (prints everywhere, answers nothing).
"""

import os
import time

from solitaire_klondike.core import Layout, Variant, standard_layout

FAULT = os.environ.get("KLONDIKE_FAULT", "")
print("klondike_faulty: imported")  # a plugin that talks on standard output


def failing() -> bool:
    after = os.environ.get("KLONDIKE_FAULT_AFTER")
    return after is None or os.path.exists(after)


if FAULT.startswith("import-"):
    if FAULT == "import-hang":
        while True:
            time.sleep(1)
    raise {"import-SystemExit": SystemExit, "import-KeyboardInterrupt": KeyboardInterrupt}[FAULT](FAULT)

if FAULT in ("token-7", "token-None", "name-None", "steal-D1"):
    def klondike_variant() -> Variant:
        token = {"token-7": 7, "token-None": None}.get(FAULT, "D1" if FAULT == "steal-D1" else "DF")
        return Variant("draw", token, None if FAULT == "name-None" else "Faulty", "A draw plugin")  # type: ignore[arg-type]

    def klondike_draw_count() -> int | None:
        return 5

if FAULT.startswith("deal-"):
    def klondike_variant() -> Variant:
        return Variant("draw", "DF", "Faulty deal", "A draw plugin whose deal breaks")

    def klondike_draw_count() -> int | None:
        return 1

    def klondike_deal(deal: int) -> Layout | None:
        if not failing():
            return None
        if FAULT == "deal-None":
            return Layout(None, None, None)  # type: ignore[arg-type]
        layout = standard_layout(deal)
        return Layout(tuple(tuple(str(c) for c in col) for col in layout.tableau), layout.face_down, layout.stock)  # type: ignore[misc]

if FAULT == "draw-raise":
    def klondike_variant() -> Variant:
        return Variant("draw", "DF", "Faulty draw", "A draw plugin that breaks")

    def klondike_draw_count() -> int | None:
        if failing():
            raise RuntimeError("the draw count is broken")
        return 1

if FAULT in ("score-huge", "format-raise", "score-raise"):
    def klondike_variant() -> Variant:
        return Variant("scoring", "F", "Faulty scoring", "A scoring plugin that breaks")

    def klondike_initial_score() -> int:
        return 0

    def klondike_recycle_limit() -> int:
        return -1

    def klondike_score(score: int, action: object) -> int:
        if FAULT == "score-raise" and failing():
            raise RuntimeError("the score is broken")
        return 2**70 if FAULT == "score-huge" and failing() else score + 1

    def klondike_format_score(score: int) -> str | None:
        if FAULT == "format-raise" and failing():
            raise ValueError("cannot format a score")
        return f"{score} pts"

if FAULT in ("other-format-raise", "hook-hang"):
    def klondike_format_score(score: int) -> str | None:
        if failing():
            if FAULT == "hook-hang":
                while True:
                    time.sleep(1)
            raise ZeroDivisionError("no score text today")
        return None

if FAULT == "print":
    def klondike_format_score(score: int) -> str | None:
        print("klondike_faulty: formatting", score)
        return None

    def klondike_draw_count() -> int | None:
        print("klondike_faulty: counting")
        return None
