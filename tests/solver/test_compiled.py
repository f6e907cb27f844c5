"""The search path compiled by mypyc (``setup.py``): installed compiled, built from the sources as they
are, and the same search as those sources run as plain Python."""

import ast
import importlib
import importlib.machinery
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SETUP = ROOT / "setup.py"


def compiled_modules() -> dict[str, Path]:
    """Each module ``setup.py`` compiles, by its name, with its source."""
    tree = ast.parse(SETUP.read_text())
    paths = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                 and getattr(node.targets[0], "id", None) == "COMPILED")
    return {"solitaire_klondike." + path.removesuffix(".py").replace("/", "."): ROOT / path for path in paths}


def test_the_search_path_is_installed_compiled_from_its_sources_as_they_are():
    for name, source in compiled_modules().items():
        # the file the import system finds for it (a compiled module's own __file__ and spec name no real file)
        package, _, leaf = name.rpartition(".")
        built = Path(importlib.machinery.PathFinder.find_spec(leaf, importlib.import_module(package).__path__).origin)
        assert built.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), f"{name} runs as plain Python"
        assert built.stat().st_mtime >= source.stat().st_mtime, \
            f"{source} changed after it was compiled: run the README's install command (pip install -e .) again"


# Runs a solve with the compiled modules, or with their Python sources (a finder put first that loads them).
SOLVE = """
import importlib.util, json, sys
sources = json.loads(sys.argv[2])
class Sources:
    def find_spec(self, name, path=None, target=None):
        return importlib.util.spec_from_file_location(name, sources[name]) if name in sources else None
if sys.argv[1] == "python":
    sys.meta_path.insert(0, Sources())
from solitaire_klondike.core import Game, load_plugins
import solitaire_klondike.plugins.solver.search as search
verdict = Game.from_text(sys.argv[3], load_plugins()).solve(60)
print(json.dumps([search.__file__, verdict.verdict, verdict.states, verdict.found_after, list(map(str, verdict.moves))]))
"""


@pytest.mark.parametrize("code", ["KL1-D1N-EAULKBK", "KL1-D3N-CPPSMZD", "KL1-D3N-DNGXLCY"])
def test_the_compiled_search_is_the_same_search_as_its_python_source(code):
    """The same verdict, line and count of positions (each search is counted, not timed)."""
    sources = json.dumps({name: str(path) for name, path in compiled_modules().items()})
    answers = {}
    for build in ("compiled", "python"):
        run = subprocess.run([sys.executable, "-c", SOLVE, build, sources, code],
                             capture_output=True, text=True, check=True)
        answers[build] = json.loads(run.stdout)
    assert answers["python"][0].endswith(".py") and not answers["compiled"][0].endswith(".py")
    assert answers["python"][1:] == answers["compiled"][1:]
    assert answers["python"][1] in ("winnable", "unwinnable") and answers["python"][2] > 1000
