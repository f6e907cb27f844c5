"""The type check sees each folder of the package under the name it installs as."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_typecheck_links_every_package_folder_under_its_installed_name():
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    links = ROOT / "typecheck"
    for name, folder in setup["package-dir"].items():
        link = links.joinpath(*name.split("."))
        assert link.is_symlink() and link.resolve() == (ROOT / folder).resolve(), name
    assert sorted(p.name for p in (links / "solitaire_klondike").iterdir()) == sorted(
        name.split(".")[1] for name in setup["package-dir"])


def test_typecheck_links_every_conftest_but_the_top_one_under_its_folder_name():
    """pytest finds each folder's conftest.py as ``conftest``; mypy checks the ones below tests/
    under the name of their folder (``desktop_conftest``), through a link, since one name cannot
    be given to four modules."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    folders = sorted(path.parent.name for path in (ROOT / "tests").glob("*/conftest.py"))
    links = ROOT / "typecheck" / "conftests"
    assert sorted(path.name for path in links.iterdir()) == [f"{folder}_conftest.py" for folder in folders]
    for folder in folders:
        link = links / f"{folder}_conftest.py"
        assert link.is_symlink() and link.resolve() == (ROOT / "tests" / folder / "conftest.py").resolve()
    assert "typecheck/conftests" in mypy["files"] and "tests" in mypy["files"]
    assert all(f"tests/{path.name}" in mypy["mypy_path"] for path in (ROOT / "tests").iterdir()
               if path.is_dir() and any(path.glob("*.py")))
