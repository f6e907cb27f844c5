"""How long reading a game code takes as the text grows: the time per character must stay flat.

Run: ``python benchmarks/bench_codes.py``. A reading that tries every place to cut the middle part
grows with the square of its length (seconds at 100,000 characters); this one grows linearly.
"""

import contextlib
import time

from solitaire_klondike.core import GameCode, InvalidCodeError


def main() -> None:
    draws, scorings = {"D1", "D3"}, {"N", "V"}
    print(f"{'characters':>12}  {'ms':>9}  {'ns per character':>17}")
    for size in (10**3, 10**4, 10**5, 10**6, 10**7):
        text = "KL1-D1" + "Q" * size + "-AAAAAAG"
        start = time.perf_counter()
        with contextlib.suppress(InvalidCodeError):
            GameCode.parse(text, draws, scorings)
        took = time.perf_counter() - start
        print(f"{size:>12,}  {took * 1000:>9.2f}  {took / size * 1e9:>17.1f}")


if __name__ == "__main__":
    main()
