"""Every hook is prefixed, typed, documented in one shape, and exercised by a test (as datasette does)."""

import inspect
from pathlib import Path

import pytest

from solitaire_klondike.core import hookspecs

HOOKS = [getattr(hookspecs, name) for name in dir(hookspecs) if name.startswith("klondike_")]
TESTS = Path(__file__).parent.parent


def test_there_are_hooks_and_only_prefixed_ones():
    assert len(HOOKS) >= 7
    marked = [n for n in dir(hookspecs) if hasattr(getattr(hookspecs, n), "solitaire_klondike_spec")]
    assert sorted(marked) == sorted(h.__name__ for h in HOOKS)


@pytest.mark.parametrize("hook", HOOKS, ids=lambda h: h.__name__)
def test_every_hook_is_typed_and_documented(hook):
    signature = inspect.signature(hook)
    assert signature.return_annotation is not inspect.Signature.empty
    assert all(p.annotation is not inspect.Parameter.empty for p in signature.parameters.values())
    doc = inspect.getdoc(hook)
    assert doc and doc.splitlines()[0].endswith(".")
    assert "Implemented by" in doc or "implemented by" in doc.lower()
    for name in signature.parameters:
        assert f":param {name}:" in doc
    firstresult = hook.solitaire_klondike_spec["firstresult"]
    assert ("Stops at first non-None result." in doc) == firstresult


@pytest.mark.parametrize("hook", HOOKS, ids=lambda h: h.__name__)
def test_every_hook_is_implemented_in_a_test(hook):
    sources = "".join(p.read_text() for p in TESTS.rglob("*.py") if p.name != Path(__file__).name)
    assert f"def {hook.__name__}(" in sources
