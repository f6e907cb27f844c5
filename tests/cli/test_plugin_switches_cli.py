"""`klondike plugins --enable/--disable NAME`: the remembered choice, in a real data file."""

import os
import subprocess
import sys

KLONDIKE = [sys.executable, "-m", "solitaire_klondike.frontends.cli"]


def klondike(data, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SOLITAIRE_KLONDIKE_DATA": str(data)}
    return subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, env=env)


def states(output: str) -> dict[str, str]:
    return {line.split()[0]: line.split()[-1] for line in output.splitlines()[1:]}


def test_disable_is_remembered_and_refuses_new_codes_until_enabled(tmp_path):
    done = klondike(tmp_path, "plugins", "--disable", "vegas3")
    assert done.returncode == 0 and states(done.stdout)["vegas3"] == "off"
    assert states(klondike(tmp_path, "plugins").stdout)["vegas3"] == "off"
    refused = klondike(tmp_path, "replay", "KL1-D1V3-AAAAAAG", "T1-F")
    assert refused.returncode == 2 and "turned off" in refused.stderr and "--enable vegas3" in refused.stderr
    done = klondike(tmp_path, "plugins", "--enable", "vegas3")
    assert done.returncode == 0 and states(done.stdout)["vegas3"] == "on"
    assert klondike(tmp_path, "replay", "KL1-D1V3-AAAAAAG", "T1-F").returncode == 0


def test_block_plugin_wins_for_the_run_over_the_remembered_choice(tmp_path):
    klondike(tmp_path, "plugins", "--enable", "vegas3")
    assert states(klondike(tmp_path, "--block-plugin", "vegas3", "plugins").stdout)["vegas3"] == "blocked"
    assert states(klondike(tmp_path, "plugins").stdout)["vegas3"] == "on"


def test_the_core_and_unknown_names_are_refused_and_nothing_changes(tmp_path):
    refused = klondike(tmp_path, "plugins", "--disable", "core")
    assert refused.returncode == 2 and "cannot be turned off" in refused.stderr
    refused = klondike(tmp_path, "plugins", "--disable", "nosuch")
    assert refused.returncode == 2 and "no plugin named 'nosuch'" in refused.stderr
    assert not (tmp_path / "klondike.sqlite3").exists()
    klondike(tmp_path, "plugins", "--disable", "draw1")
    refused = klondike(tmp_path, "plugins", "--disable", "draw3")
    assert refused.returncode == 2 and "only draw plugin left on" in refused.stderr
    assert states(klondike(tmp_path, "plugins").stdout)["draw3"] == "on"
