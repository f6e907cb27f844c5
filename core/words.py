"""The player's language, and the gettext catalogs that carry words in it.

A plugin ships its words as ``<folder>/<lang>/LC_MESSAGES/<domain>.mo`` inside its own package
(compiled from the ``.po`` when the package is built) and names them with a :class:`Catalog` in
its :class:`~solitaire_klondike.core.Variant`.  Front ends show its name and description through
the catalog, in the language set with :func:`set_language`; the plugin translates any other word
it shows with :meth:`Catalog.gettext` or :meth:`Catalog.ngettext`.  A language the catalog lacks
reads the English given.
"""

import gettext
from functools import cache
from pathlib import Path
from typing import NamedTuple

ENGLISH = "en"
_language = [ENGLISH]


def set_language(code: str) -> None:
    """Every catalog answers in ``code`` (``"en"``, ``"ca"``, ``"el"``...) from now on."""
    _language[0] = code


def current_language() -> str:
    return _language[0]


class Catalog(NamedTuple):
    """A gettext domain and the folder holding ``<lang>/LC_MESSAGES/<domain>.mo``."""

    domain: str
    folder: str

    @classmethod
    def beside(cls, module_file: str, domain: str) -> "Catalog":
        """The catalog in the ``locales`` folder next to a module: ``Catalog.beside(__file__, "vegas")``."""
        return cls(domain, str(Path(module_file).parent / "locales"))

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        """The catalog in ``language`` (the current one when not given)."""
        return _translations(self.domain, self.folder, language or current_language())

    def gettext(self, message: str) -> str:
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.translations().ngettext(singular, plural, count)


@cache
def _translations(domain: str, folder: str, language: str) -> gettext.NullTranslations:
    return gettext.translation(domain, folder, [language], fallback=True)
