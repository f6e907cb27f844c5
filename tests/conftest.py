"""Fixtures for every suite: the plugins as installed, and a third-party plugin that fails on purpose."""

import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_klondike.core import Plugins, load_plugins

DISTS = Path(__file__).parent / "plugin_dists"


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
