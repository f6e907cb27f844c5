"""The player's language and the game's words, for the desktop and the command line (no pyglet here).

The words are the gettext catalogs ``locales/<lang>/LC_MESSAGES/game.po``; building the package
compiles them to ``.mo`` (``setup.py``), which :mod:`gettext` reads, plural forms included.  A
plugin's words come from its own catalog (:class:`~solitaire_klondike.core.Catalog`), in the same
language.  After changing a message, refresh the catalogs from the repository root, translate, and
build again (``pip install -e .``)::

    pybabel extract -k _ -k N_ -k ngettext:1,2 --no-location --sort-output -o locales/game.pot frontends player_data
    pybabel update -D game -i locales/game.pot -d locales --no-fuzzy-matching
"""

import os
from collections.abc import Mapping

from solitaire_klondike import locales
from solitaire_klondike.core import Catalog, current_language
from solitaire_klondike.core import set_language as set_core_language

LANGUAGES = {"en": "English", "ca": "Català", "el": "Ελληνικά", "es": "Español", "it": "Italiano"}
DEFAULT_LANGUAGE = "en"
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
GAME_WORDS = Catalog("game", os.path.dirname(locales.__file__))


def _(message: str) -> str:
    """``message`` in the current language (English when the catalog lacks it)."""
    return GAME_WORDS.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` of a message with plural forms, in the current language."""
    return GAME_WORDS.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it here."""
    return message


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for, read as gettext reads them, else English:
    ``LANGUAGE`` (a list: its first language we have), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    environ = os.environ if environ is None else environ
    for item in environ.get("LANGUAGE", "").split(":"):
        if _code(item) in LANGUAGES:
            return _code(item)
    for variable in _LOCALE_VARIABLES[1:]:
        if environ.get(variable):
            code = _code(environ[variable])
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def choose_language(override: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``override`` (a setting, ``--lang``) when it is one of :data:`LANGUAGES`, else the system's."""
    return override if override in LANGUAGES else system_language(environ)


def set_language(language: str | None) -> str:
    """Switch every word (the game's and the plugins') to ``language``, or the system's for ``None``
    or a language we do not have; answer the code in use."""
    code = choose_language(language)
    set_core_language(code)
    return code


def _code(locale_name: str) -> str:
    """``'es_ES.UTF-8'`` → ``'es'``."""
    return locale_name.split(".")[0].split("@")[0].split("_")[0].lower()


__all__ = ["LANGUAGES", "N_", "_", "choose_language", "current_language", "ngettext", "set_language",
           "system_language"]
