"""Fixtures for every suite: the plugins as installed; and a check that the catalogs are compiled."""

import pytest
from catalog_words import ROOT, mo_words, po_words

from solitaire_klondike.core import Plugins, load_plugins


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once when a catalog's .mo is missing or older than its .po: every translated word would be wrong."""
    for po in [*ROOT.glob("locales/*/LC_MESSAGES/game.po"), *ROOT.glob("plugins/*/locales/*/LC_MESSAGES/*.po")]:
        mo = po.with_suffix(".mo")
        if mo.exists() and mo_words(mo) == po_words(po):
            continue
        pytest.exit(f"{po.relative_to(ROOT)} is not compiled: build the package again "
                    "(.venv/bin/pip install -e .), which compiles the catalogs", returncode=2)


@pytest.fixture(scope="session")
def plugins() -> Plugins:
    return load_plugins()
