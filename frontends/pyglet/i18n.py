"""The desktop game's words in English, Catalan, Greek, Spanish and Italian (no pyglet here).

Catalogs are ``locales/<lang>/LC_MESSAGES/game.po``, read at start by :func:`parse_po` (no
``.mo``, and no Babel import: only the chosen language's file is read).  Refresh them after
changing a message (from the repository root)::

    pybabel extract -k _ -k N_ --no-location --sort-output -o locales/game.pot frontends/pyglet frontends/refusals.py
    pybabel update -D game -i locales/game.pot -d locales --no-fuzzy-matching
"""

import json
import os
from collections.abc import Mapping
from importlib.resources import files

LANGUAGES = {"en": "English", "ca": "Català", "el": "Ελληνικά", "es": "Español", "it": "Italiano"}
DEFAULT_LANGUAGE = "en"
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_messages: dict[str, str] = {}
_current = [DEFAULT_LANGUAGE]


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


# The built-in plugins' names and descriptions, so the catalogs hold them.
PLUGIN_WORDS = (
    N_("Draw 1"), N_("Easy: each tap on the stock turns one card"),
    N_("Draw 3"), N_("Hard: each tap turns three cards and only the top one plays"),
    N_("Normal"), N_("Points for progress, unlimited passes through the stock"),
    N_("Vegas"), N_("Dollars: pay $52, win $5 a card on the foundations, one pass only"),
    N_("Vegas, three passes"), N_("Dollars as in Vegas, and the stock may be gone through three times"),
    N_("Cumulative Vegas"), N_("Vegas dollars that carry from game to game: your balance goes on"),
    N_("Timed Standard"), N_("Windows points against the clock: 2 off every 10 seconds, a bonus for a quick win"),
    N_("No scoring"), N_("Just the cards: no points, only the win counts"),
)


def _(message: str) -> str:
    """``message`` in the current language (English when the catalog lacks it)."""
    return _messages.get(message) or message


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for, as gettext reads them, else English."""
    environ = os.environ if environ is None else environ
    for item in environ.get("LANGUAGE", "").split(":"):
        if _code(item) in LANGUAGES:
            return _code(item)
    for variable in _LOCALE_VARIABLES[1:]:
        if environ.get(variable):
            code = _code(environ[variable])
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def _code(locale_name: str) -> str:
    """``'es_ES.UTF-8'`` → ``'es'``."""
    return locale_name.split(".")[0].split("@")[0].split("_")[0].lower()


def read_catalog(language: str) -> dict[str, str]:
    """The translated, non-fuzzy messages of one language's ``game.po``."""
    if language == DEFAULT_LANGUAGE:
        return {}
    path = files("solitaire_klondike.locales") / language / "LC_MESSAGES" / "game.po"
    return parse_po(path.read_text(encoding="utf-8"))


def parse_po(text: str) -> dict[str, str]:
    """The translated, non-fuzzy ``msgid``/``msgstr`` pairs of a ``.po`` file's text (the
    subset pybabel writes for this catalog: no contexts, no plurals)."""
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    field, fuzzy = "", False

    def finish() -> None:
        if entry.get("msgid") and entry.get("msgstr") and not fuzzy:
            messages[entry["msgid"]] = entry["msgstr"]

    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith('"'):
            entry[field] += json.loads(line)
        elif line.startswith(("msgid ", "msgstr ")):
            field, _sep, quoted = line.partition(" ")
            entry[field] = json.loads(quoted)
        elif not line or line.startswith("#"):
            if "msgstr" in entry:
                finish()
                entry, fuzzy = {}, False
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
    return messages


def set_language(language: str | None) -> str:
    """Switch every ``_()`` to ``language`` (``None``: the system's); answer the code in use."""
    code = language if language in LANGUAGES else system_language()
    _messages.clear()
    _messages.update(read_catalog(code))
    _current[0] = code
    return code


def current_language() -> str:
    return _current[0]
