"""Game codes such as ``KL1-D1N-AAAAAAG`` (R3)."""

import random
import re
import string
from collections.abc import Iterable
from typing import Any, NamedTuple

PREFIX = "KL1"
DEAL_LETTERS = 7
DEAL_COUNT = 26**DEAL_LETTERS
_TOKEN = re.compile(r"[A-Z0-9]+")
# Case folding of ASCII letters only: str.upper() would turn look-alikes into letters ("ß" into "SS",
# "ﬄ" into "FFL", "ı" into "I") and let a wrong code through.
_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)


class InvalidCodeError(ValueError):
    """Raised for a game code that cannot be read; the message says what is wrong in English.

    Each kind of fault has its own subclass, whose fields let a front end say it in any language.
    """


class CodeShapeError(InvalidCodeError):
    """The code is not three parts joined by dashes (a dash missing, or one too many)."""

    def __init__(self, text: str) -> None:
        super().__init__(f"{text!r} is not a game code: it needs three parts joined by dashes, like KL1-D1N-AAAAAAG")
        self.text = text


class CodePrefixError(InvalidCodeError):
    """The first part is not ``KL1``."""

    def __init__(self, prefix: str) -> None:
        super().__init__(f"the code must start with {PREFIX}, not {prefix!r}")
        self.prefix = prefix


class DealLengthError(InvalidCodeError):
    """The deal part does not have seven characters."""

    def __init__(self, letters: str) -> None:
        super().__init__(f"the deal part {letters!r} must have exactly {DEAL_LETTERS} letters, it has {len(letters)}")
        self.letters = letters
        self.length = len(letters)


class DealLettersError(InvalidCodeError):
    """The deal part holds something other than the letters A–Z (``bad`` lists what)."""

    def __init__(self, letters: str) -> None:
        super().__init__(f"the deal part {letters!r} may hold only the letters A–Z")
        self.letters = letters
        self.bad = "".join(dict.fromkeys(ch for ch in letters if not "A" <= ch <= "Z"))


class VariantShapeError(InvalidCodeError):
    """The middle part is not capital letters and digits."""

    def __init__(self, variant: str) -> None:
        super().__init__(f"the middle part {variant!r} must be a draw token then a scoring token, like D1N")
        self.variant = variant


class UnknownTokenError(InvalidCodeError):
    """The middle part names a token no installed plugin has; ``kind`` is ``"draw"`` or ``"scoring"``."""

    def __init__(self, token: str, kind: str, variant: str) -> None:
        shown = token or "(none)"
        super().__init__(f"unknown {kind} token {shown!r} in {variant!r}: no installed {kind} plugin has it")
        self.token, self.kind, self.variant = token, kind, variant


class PluginTurnedOffError(InvalidCodeError):
    """A token names a plugin the player has turned off: ``kind``, ``token`` and the plugin's ``name``."""

    def __init__(self, kind: str, token: str, name: str) -> None:
        super().__init__(f"the {kind} plugin {name!r} (token {token}) is turned off; turn it on in the Plugins "
                         f"window or with: klondike plugins --enable {name}")
        self.kind, self.token, self.name = kind, token, name


class AmbiguousVariantError(InvalidCodeError):
    """The middle part splits two ways with the installed tokens (``readings``: the (draw, scoring) pairs)."""

    def __init__(self, variant: str, readings: list[tuple[str, str]]) -> None:
        shown = " or ".join(f"{d}+{s}" for d, s in readings)
        super().__init__(
            f"the middle part {variant!r} reads two ways ({shown}); two installed plugins have clashing tokens")
        self.variant, self.readings = variant, readings


def deal_letters(deal: int) -> str:
    """``deal_letters(6) == 'AAAAAAG'``: base 26, most significant letter first, A = 0."""
    if not 0 <= deal < DEAL_COUNT:
        raise ValueError(f"deal number {deal} is outside 0–{DEAL_COUNT - 1}")
    letters = []
    for _ in range(DEAL_LETTERS):
        deal, digit = divmod(deal, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def deal_number(letters: str) -> int:
    """The inverse of :func:`deal_letters`."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A")
    return number


class _CodeFields(NamedTuple):
    draw: str
    scoring: str
    deal: int


class GameCode(_CodeFields):
    """A deal and the tokens of the draw and scoring plugins that play it."""

    __slots__ = ()

    def __new__(cls, draw: str, scoring: str, deal: int) -> "GameCode":
        deal_letters(deal)   # raises unless the deal is one a code can name
        return super().__new__(cls, draw, scoring, deal)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> "GameCode":  # type: ignore[override]  # _replace goes through here
        return cls(*iterable)

    def __str__(self) -> str:
        return f"{PREFIX}-{self.draw}{self.scoring}-{deal_letters(self.deal)}"

    @property
    def variant(self) -> str:
        return self.draw + self.scoring

    def with_deal(self, deal: int) -> "GameCode":
        return GameCode(self.draw, self.scoring, deal)

    @classmethod
    def random(cls, draw: str, scoring: str, rng: random.Random | None = None) -> "GameCode":
        """A new game: the deal number is drawn uniformly from the whole range."""
        return cls(draw, scoring, (rng or random.SystemRandom()).randrange(DEAL_COUNT))

    @classmethod
    def parse(cls, text: str, draw_tokens: Iterable[str], scoring_tokens: Iterable[str]) -> "GameCode":
        """Read a code, splitting its middle part with the tokens of the installed plugins."""
        clean = text.strip().translate(_ASCII_UPPER)
        parts = clean.split("-")
        if len(parts) != 3:
            raise CodeShapeError(text.strip())
        prefix, variant, letters = parts
        if prefix != PREFIX:
            raise CodePrefixError(prefix)
        if len(letters) != DEAL_LETTERS:
            raise DealLengthError(letters)
        if not all("A" <= ch <= "Z" for ch in letters):
            raise DealLettersError(letters)
        if not _TOKEN.fullmatch(variant):
            raise VariantShapeError(variant)
        draw, scoring = split_variant(variant, set(draw_tokens), set(scoring_tokens))
        return cls(draw, scoring, deal_number(letters))


def split_variant(variant: str, draws: set[str], scorings: set[str]) -> tuple[str, str]:
    """Split ``D1N`` into ``('D1', 'N')`` with the known tokens, or say which token is unknown.

    The known tokens are tried, not every place to cut, so a long text takes linear time."""
    readings = sorted(((draw, variant[len(draw):]) for draw in draws
                       if draw and variant.startswith(draw) and variant[len(draw):] in scorings),
                      key=lambda pair: len(pair[0]))
    if len(readings) == 1:
        return readings[0]
    if readings:
        raise AmbiguousVariantError(variant, readings)
    draw = max((d for d in draws if d and variant.startswith(d)), key=len, default=None)
    if draw is not None:
        raise UnknownTokenError(variant[len(draw):], "scoring", variant)
    scoring = max((s for s in scorings if s and variant.endswith(s)), key=len, default=None)
    unknown = variant[: len(variant) - len(scoring)] if scoring else variant
    raise UnknownTokenError(unknown, "draw", variant)
