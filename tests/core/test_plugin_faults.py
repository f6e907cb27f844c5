"""Issue 9, cases 6 and 8-13: no plugin can crash the game or corrupt its output, and every command
keeps the README's exit statuses (3: a plugin failed). The plugin is the real, pip-installed
``klondike-faulty`` distribution (tests/plugin_dists/faulty), failing the way ``KLONDIKE_FAULT`` says."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

KLONDIKE = [sys.executable, "-m", "solitaire_klondike.frontends.cli"]
CODE = "KL1-D1N-AAAAAAG"


def klondike(site: Path, fault: str, *args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(site), "KLONDIKE_FAULT": fault, **env}
    return subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, env=environment, timeout=timeout)


def plugin_line(result: subprocess.CompletedProcess) -> str:
    return next(line for line in result.stdout.splitlines() if line.startswith("a_faulty"))


def test_r3_a_plugin_claiming_a_built_in_token_is_refused_naming_both_and_the_built_in_plays(faulty_site):
    """Case 6: ``a_faulty`` sorts before ``draw1`` and declares D1; D1 stays Draw 1."""
    listed = klondike(faulty_site, "steal-D1", "plugins")
    assert listed.returncode == 0
    assert "failed: plugin 'a_faulty': draw token 'D1' is already taken by plugin 'draw1'" in plugin_line(listed)
    replay = klondike(faulty_site, "steal-D1", "replay", CODE, "S", "--json")
    assert replay.returncode == 0 and len(json.loads(replay.stdout)["waste"]) == 1  # draw one, not five


@pytest.mark.parametrize("fault, why", [
    ("token-7", "token 7 must be a string"), ("token-None", "token None must be a string"),
    ("name-None", "must give a name and a description as text"),
    ("import-SystemExit", "cannot be imported: SystemExit: import-SystemExit"),
    ("import-KeyboardInterrupt", "cannot be imported: KeyboardInterrupt: import-KeyboardInterrupt"),
])
def test_a_plugin_with_a_wrong_declaration_or_leaving_at_import_is_named_and_every_command_works(
        faulty_site, fault, why):
    """Case 9 (and the New Game window's variant named None, case 7)."""
    listed = klondike(faulty_site, fault, "plugins")
    assert listed.returncode == 0 and why in plugin_line(listed) and "a_faulty" in listed.stderr
    replay = klondike(faulty_site, fault, "replay", CODE, "S", "--json")
    assert replay.returncode == 0 and json.loads(replay.stdout)["code"] == CODE


@pytest.mark.parametrize("fault, why", [
    ("deal-strings", "cards (0 to 51) and face-down counts must be whole numbers"),
    ("deal-None", "a layout holds sequences"),
])
def test_a_deal_of_cards_that_are_not_numbers_is_refused_as_the_plugins_failure(faulty_site, fault, why):
    """Case 10 (the deal of a draw plugin: only a game's draw or scoring plugin may deal)."""
    for command in (("deal", "KL1-DFN-AAAAAAG"), ("replay", "KL1-DFN-AAAAAAG", "S")):
        result = klondike(faulty_site, fault, *command)
        assert result.returncode == 3, result.stderr
        assert "klondike_deal got a wrong answer from plugin 'a_faulty'" in result.stderr and why in result.stderr
        assert "--block-plugin a_faulty" in result.stderr and "Traceback" not in result.stderr


def test_a_score_beyond_64_bits_is_refused_as_the_plugins_failure(faulty_site):
    """Case 11: the move is refused, so nothing the store cannot keep is ever played."""
    result = klondike(faulty_site, "score-huge", "replay", "KL1-D1F-AAAAAAG", "S")
    assert result.returncode == 3 and "Traceback" not in result.stderr
    assert "beyond the scores the game keeps (64-bit)" in result.stderr and "--block-plugin a_faulty" in result.stderr


def test_a_score_text_that_fails_is_named_in_replay_exit_3_and_in_stats(faulty_site, tmp_path):
    """Case 8: replay stops with status 3; stats shows its table with plain numbers and names the plugin."""
    replay = klondike(faulty_site, "format-raise", "replay", "KL1-D1F-AAAAAAG", "S")
    assert replay.returncode == 3 and "Traceback" not in replay.stderr
    assert "plugin 'a_faulty' raised in klondike_format_score: ValueError" in replay.stderr
    data = tmp_path / "data"
    from solitaire_klondike.core import Game, load_plugins
    from solitaire_klondike.player_data import open_store

    site = str(faulty_site)
    sys.path.insert(0, site)
    os.environ["KLONDIKE_FAULT"] = "format-raise"
    os.environ["KLONDIKE_FAULT_AFTER"] = str(tmp_path / "not-yet")
    try:
        game = Game.from_text("KL1-D1F-AAAAAAG", load_plugins())
        store = open_store(data)
        store.game_started(game)
        game.push_text("S")
        store.action_done(game)
        store.game_left(game)
        store.close()
    finally:
        sys.path.remove(site)
        del os.environ["KLONDIKE_FAULT"], os.environ["KLONDIKE_FAULT_AFTER"]
        sys.modules.pop("klondike_faulty", None)
    stats = klondike(faulty_site, "format-raise", "stats", SOLITAIRE_KLONDIKE_DATA=str(data))
    assert stats.returncode == 0 and "Traceback" not in stats.stderr  # the table, with plain numbers
    assert "plugin 'a_faulty' raised in klondike_format_score" in stats.stderr
    assert "its scores are shown as plain numbers (leave it out with --block-plugin a_faulty)" in stats.stderr


def test_what_a_plugin_prints_never_reaches_json_and_a_closed_pipe_ends_quietly(faulty_site, tmp_path):
    """Case 12."""
    replay = klondike(faulty_site, "print", "replay", CODE, "S", "S", "--json")
    assert replay.returncode == 0 and json.loads(replay.stdout)["score_text"] == "0"
    assert "klondike_faulty: imported" in replay.stderr and "klondike_faulty: formatting" in replay.stderr
    listed = klondike(faulty_site, "print", "deal", CODE, "--json")
    assert json.loads(listed.stdout)["code"] == CODE
    environment = {**os.environ, "PYTHONPATH": str(faulty_site), "KLONDIKE_FAULT": "print"}
    closed = subprocess.Popen([*KLONDIKE, "replay", CODE, *["S"] * 30], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=environment)
    closed.stdout.close()  # the reader went away before the first line
    errors = closed.stderr.read().decode()
    assert closed.wait(60) != 0 and "Traceback" not in errors


@pytest.mark.parametrize("fault, doing", [("import-hang", "importing"),
                                          ("hook-hang", "answering klondike_format_score")])
def test_a_plugin_that_hangs_is_named_within_the_limit_with_the_way_out(faulty_site, fault, doing):
    """Case 13: the watchdog names the plugin, tells --block-plugin, and stops with status 3."""
    started = time.monotonic()
    result = klondike(faulty_site, fault, "replay", CODE, "S", "--json", timeout=30,
                      SOLITAIRE_KLONDIKE_PLUGIN_SECONDS="2")
    took = time.monotonic() - started
    assert result.returncode == 3 and result.stdout == ""
    assert f"plugin 'a_faulty' has not finished {doing} after 2 seconds" in result.stderr
    assert "--block-plugin a_faulty" in result.stderr
    assert took < 20
    blocked = klondike(faulty_site, fault, "--block-plugin", "a_faulty", "replay", CODE, "S", "--json", timeout=30,
                       SOLITAIRE_KLONDIKE_PLUGIN_SECONDS="2")
    assert blocked.returncode == 0 and json.loads(blocked.stdout)["code"] == CODE


STOPPED_PLUGIN = """
import time
from solitaire_klondike.core import watchdog
with watchdog.watching("slow", "answering klondike_solve"):
    print("working", flush=True)
    for _ in range(30):   # 1.5 s of work in small steps: a stop lands in the middle
        time.sleep(0.05)
print("answered")
"""


def test_time_the_whole_program_is_stopped_is_not_held_against_the_plugin_at_work():
    """Ctrl-Z (SIGSTOP) for 4 s during a 1.5 s plugin call, limit 2 s: when continued, the call
    finishes and the program goes on; only the time the program ran counts."""
    env = {**os.environ, "SOLITAIRE_KLONDIKE_PLUGIN_SECONDS": "2"}
    process = subprocess.Popen([sys.executable, "-c", STOPPED_PLUGIN], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline() == "working\n"
    time.sleep(0.3)
    process.send_signal(signal.SIGSTOP)
    time.sleep(4)
    process.send_signal(signal.SIGCONT)
    out, errors = process.communicate(timeout=30)
    assert (process.returncode, out, errors) == (0, "answered\n", "")   # not stopped by the watchdog
