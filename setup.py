"""Building the package compiles the gettext catalogs it ships (``.po``) into the ``.mo`` that
:mod:`gettext` reads, next to each ``.po``: the game's words (``locales/``) and each built-in
plugin's own (``plugins/<name>/locales/``).  Everything else is in ``pyproject.toml``."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
CATALOGS = ("locales/*/LC_MESSAGES/game.po", "plugins/*/locales/*/LC_MESSAGES/*.po")


def compile_catalogs() -> None:
    """Write each catalog's ``.mo`` beside it, fuzzy entries left out (as ``msgfmt`` does)."""
    for pattern in CATALOGS:
        for po in sorted(ROOT.glob(pattern)):
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with po.with_suffix(".mo").open("wb") as target:
                write_mo(target, catalog)


class BuildPyWithCatalogs(build_py):
    def run(self) -> None:
        compile_catalogs()
        self.data_files = self._get_data_files()  # the list may predate the .mo files
        super().run()


setup(cmdclass={"build_py": BuildPyWithCatalogs})
