"""Deal lists such as ``0..9999`` or ``5,17,900..910``."""

from collections.abc import Iterator
from dataclasses import dataclass

from solitaire_klondike.core import DEAL_COUNT


class DealSpecError(ValueError):
    """A deal list that cannot be read; the message says which part and why."""


@dataclass(frozen=True)
class DealSpec:
    """Ranges of deal numbers, both ends included, in the order written (a deal named twice counts once)."""

    ranges: tuple[tuple[int, int], ...]

    @classmethod
    def parse(cls, text: str) -> "DealSpec":
        if not text.strip():
            raise DealSpecError("no deals given: write numbers and ranges like 0..9999 or 5,17,900..910")
        ranges = []
        for part in text.split(","):
            part = part.strip()
            first, dots, last = part.partition("..")
            if not part:
                raise DealSpecError(f"empty item in {text!r}: remove the extra comma")
            low = _number(first, part)
            high = _number(last, part) if dots else low
            if high < low:
                raise DealSpecError(f"the range {part!r} runs backwards: write the smaller number first")
            ranges.append((low, high))
        return cls(tuple(ranges))

    def __iter__(self) -> Iterator[int]:
        done: list[tuple[int, int]] = []
        for low, high in self.ranges:
            for deal in range(low, high + 1):
                if not any(a <= deal <= b for a, b in done):
                    yield deal
            done.append((low, high))

    def __contains__(self, deal: object) -> bool:
        return any(low <= deal <= high for low, high in self.ranges) if isinstance(deal, int) else False

    def __len__(self) -> int:
        count, reach = 0, -1
        for low, high in sorted(self.ranges):
            count += max(0, high - max(low, reach + 1) + 1)
            reach = max(reach, high)
        return count

    def __str__(self) -> str:
        return ",".join(str(a) if a == b else f"{a}..{b}" for a, b in self.ranges)


def _number(text: str, part: str) -> int:
    text = text.strip()
    if not text.isdecimal() or not text.isascii():
        raise DealSpecError(f"{part!r} is not a deal number or a range like 900..910")
    value = int(text)
    if value >= DEAL_COUNT:
        raise DealSpecError(f"deal {value} is out of range: deal numbers go from 0 to {DEAL_COUNT - 1}")
    return value
