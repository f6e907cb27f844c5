"""Fixtures: real plugins (the draw plugins dealing easy deals below 1000) and a data folder in tmp_path."""

from pathlib import Path

import pytest
from store_helpers import make_plugins

from solitaire_klondike.core import Plugins


@pytest.fixture
def plugins() -> Plugins:
    return make_plugins()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"
