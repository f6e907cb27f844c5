"""Fixtures for every suite: the plugins as installed, and a third-party plugin that fails on purpose;
and a check that the catalogs are compiled."""

import subprocess
import sys
from pathlib import Path

import pytest
from catalog_words import ROOT, mo_words, po_words

from solitaire_klondike.core import Plugins, load_plugins

DISTS = Path(__file__).parent / "plugin_dists"


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


@pytest.fixture(scope="session")
def faulty_site(tmp_path_factory) -> Path:
    """A folder where the real ``klondike-faulty`` distribution is pip-installed (put it on
    ``PYTHONPATH`` and name its fault in ``KLONDIKE_FAULT``)."""
    target = tmp_path_factory.mktemp("faulty-site-packages")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target",
                    str(target), str(DISTS / "faulty")], check=True, capture_output=True)
    return target
