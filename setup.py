"""Building the package compiles the gettext catalogs it ships (``.po``) into the ``.mo`` that
:mod:`gettext` reads, next to each ``.po``: the game's words (``locales/``) and each built-in
plugin's own (``plugins/<name>/locales/``).  It also compiles the search path (``COMPILED``: the
position's moves and the solver) to C with mypyc, from the same Python files: the same search, more
than twice as fast.  Without a C compiler, or with ``SOLITAIRE_KLONDIKE_PURE_PYTHON=1``, those modules stay
plain Python.  Everything else is in ``pyproject.toml``."""

import os
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
CATALOGS = ("locales/*/LC_MESSAGES/game.po", "plugins/*/locales/*/LC_MESSAGES/*.po")
# Through typecheck/solitaire_klondike, whose links name each folder by its package, as mypyc needs.
COMPILED = ("core/cards.py", "core/piles.py", "core/position.py", "plugins/solver/deadlock.py",
            "plugins/solver/finder.py", "plugins/solver/moves.py", "plugins/solver/search.py")
PURE_VARIABLE = "SOLITAIRE_KLONDIKE_PURE_PYTHON"
GROUP = "solitaire_klondike_search"  # the name of the library that holds the compiled code


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


class BuildExtOrStayPure(build_ext):
    """Compile the search path; if the compiler fails, build nothing of it (the modules stay Python)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers: the game works, only slower
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            stay_pure(error)


def stay_pure(why: object) -> None:
    """Say so, and remove what an earlier build compiled into this folder (``pip install -e``): it
    would run instead of the sources."""
    for path in (*(name.removesuffix(".py") for name in COMPILED), GROUP + "__mypyc"):
        for built in ROOT.glob(f"{path}.*.so"):
            built.unlink()
    print(f"warning: the search path stays plain Python (the solver about half as fast): {why}", file=sys.stderr)


def compiled() -> list[Extension]:
    if os.environ.get(PURE_VARIABLE):
        stay_pure(f"{PURE_VARIABLE} is set")
        return []
    try:
        from mypyc.build import mypycify

        return mypycify([f"typecheck/solitaire_klondike/{path}" for path in COMPILED], opt_level="3", group_name=GROUP)
    except (Exception, SystemExit) as error:  # mypyc missing or refusing: the game works, only slower
        stay_pure(f"mypyc: {error!r}")
        return []


setup(cmdclass={"build_py": BuildPyWithCatalogs, "build_ext": BuildExtOrStayPure}, ext_modules=compiled())
