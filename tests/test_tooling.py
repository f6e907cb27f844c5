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
