"""Fixtures for every suite: the plugins as installed."""

import pytest

from solitaire_klondike.core import Plugins, load_plugins


@pytest.fixture(scope="session")
def plugins() -> Plugins:
    return load_plugins()
