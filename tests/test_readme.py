"""The README's set-up commands are the ones CI runs."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n\s*(.+?)\n\s*```", (ROOT / "README.md").read_text(), re.S)[:2]


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = [line for line in (ROOT / ".ci/run").read_text().splitlines() if line and not line.startswith(("#", "set ", "cd "))]
    assert ci_lines == [readme_commands()[1]]


def test_the_first_command_installs_and_starts_the_game():
    install = readme_commands()[0]
    assert "pip install ." in install and install.endswith(".venv/bin/klondike")
