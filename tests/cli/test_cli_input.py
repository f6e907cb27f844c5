"""The command line takes its options anywhere, reads moves in the order given, and fails with a clear
message on bad input: real processes, their output and exit status."""

import json
import os
import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

from cli_helpers import KLONDIKE, klondike

# Deal 6: T1 holds the ace of diamonds alone, T2 a face-down card under the jack of clubs. After S T1-F,
# T2-T1 is refused by R8 as the third move; anywhere else it is refused for another reason.
DEAL_6 = "KL1-D1N-AAAAAAG"
R8_THIRD = "klondike: move 3 of 3, T2-T1, is illegal (R8): An empty column takes only a king."


def test_options_may_stand_between_the_code_and_the_moves():
    result = klondike("replay", DEAL_6, "--json", "S", "S")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["moves_applied"] == 2
    piped = klondike("replay", DEAL_6, "--json", "-", stdin="S S S")
    assert json.loads(piped.stdout)["moves_applied"] == 3


def test_block_plugin_works_before_and_after_the_command():
    for args in (["--block-plugin", "vegas", "plugins"], ["plugins", "--block-plugin", "vegas"]):
        lines = klondike(*args).stdout.splitlines()
        assert any(line.startswith("vegas ") and line.endswith(" blocked") for line in lines), lines
    refused = klondike("deal", "KL1-D1V-AAAAAAG", "--block-plugin=vegas")
    assert refused.returncode == 2 and "(token V)" in refused.stderr


def test_moves_from_standard_input_stand_where_the_dash_stands():
    assert klondike("replay", DEAL_6, "S", "-", "T2-T1", stdin="T1-F\n").stderr.startswith(R8_THIRD)


def test_moves_from_a_file_stand_where_the_file_is_named(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("T1-F  # the ace of diamonds\n", encoding="utf-8")
    assert klondike("replay", DEAL_6, "S", "--file", str(moves), "T2-T1").stderr.startswith(R8_THIRD)
    assert klondike("replay", "--file", str(moves), DEAL_6, "T2-T1").stderr.startswith(
        "klondike: move 2 of 2, T2-T1, is illegal (R8): An empty column takes only a king.")


def test_a_byte_order_mark_is_ignored(tmp_path):
    moves = tmp_path / "notepad.txt"
    moves.write_bytes("\ufeffS\r\nS\r\n".encode("utf-8"))
    from_file = klondike("replay", DEAL_6, "--json", "--file", str(moves))
    from_stdin = subprocess.run([*KLONDIKE, "replay", DEAL_6, "--json", "-"], capture_output=True,
                                input="\ufeffS S".encode("utf-8"))
    assert from_file.returncode == 0 and json.loads(from_file.stdout)["moves_applied"] == 2
    assert from_stdin.returncode == 0 and json.loads(from_stdin.stdout)["moves_applied"] == 2


def test_moves_that_are_not_utf8_are_refused_with_a_message(tmp_path):
    moves = tmp_path / "latin1.txt"
    moves.write_bytes("S S # café\n".encode("latin-1"))
    result = klondike("replay", DEAL_6, "--file", str(moves))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"klondike: the moves in {moves} are not UTF-8 text (byte 0xe9 at offset 9); " \
                            "save them as UTF-8\n"
    piped = subprocess.run([*KLONDIKE, "replay", DEAL_6, "-"], capture_output=True, input=b"S \xff")
    assert piped.returncode == 2 and b"standard input are not UTF-8" in piped.stderr and b"Traceback" not in piped.stderr


def test_a_missing_moves_file_is_named():
    result = klondike("replay", DEAL_6, "--file", "no-such-moves.txt")
    assert result.returncode == 2
    assert result.stderr == "klondike: cannot read moves from no-such-moves.txt: No such file or directory\n"


def test_a_blocked_name_that_matches_no_plugin_is_told():
    result = klondike("plugins", "--block-plugin", "VEGAS")
    assert result.returncode == 0
    assert result.stderr == "klondike: no plugin is named VEGAS, so that name blocks nothing (did you mean vegas?)\n"
    assert any(line.startswith("vegas ") and line.endswith(" on") for line in result.stdout.splitlines())


def test_blocking_the_core_is_refused_with_a_reason():
    for args, env in ((["deal", DEAL_6, "--block-plugin", "core"], {}), (["deal", DEAL_6], {"SOLITAIRE_KLONDIKE_BLOCK": "core"})):
        result = subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, env={**os.environ, **env})
        assert result.returncode == 2 and result.stdout == ""
        assert "the plugin 'core' cannot be blocked" in result.stderr


def test_ctrl_c_while_reading_standard_input_ends_quietly_with_130():
    process = subprocess.Popen([*KLONDIKE, "replay", DEAL_6, "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_until_reading_standard_input(process.pid)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=20)
    assert process.returncode == 130 and stdout == b"" and stderr == b""


def wait_until_reading_standard_input(pid: int, timeout: float = 60) -> None:
    """Until the process sits in a read() of file descriptor 0, as Linux's /proc tells."""
    read_call = {"x86_64": "0", "aarch64": "63"}[platform.machine()]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
        if fields[:2] == [read_call, "0x0"]:
            return
        time.sleep(0.05)
    raise AssertionError("the command never waited on standard input")


def test_play_checks_its_code_before_looking_for_a_screen(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SOLITAIRE_KLONDIKE_DATA"] = str(tmp_path)
    result = subprocess.run([*KLONDIKE, "play", "BADCODE"], capture_output=True, text=True, env=env)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("klondike: bad game code BADCODE: This is not a game code.")


def test_version():
    result = klondike("--version")
    assert result.returncode == 0 and result.stdout.strip().split(" ")[0] == "klondike"
    assert result.stdout.split()[1][0].isdigit()


def test_every_command_describes_itself():
    listing = klondike("--help").stdout
    for command in ("play", "deal", "replay", "plugins", "stats"):
        assert f"\n    {command} " in listing
        own = klondike(command, "--help").stdout
        description = own.split("\n\n")[1]
        assert len(description.split()) >= 8, (command, own)


def test_replay_help_gives_the_notation_the_statuses_and_the_input_rules():
    text = " ".join(klondike("replay", "--help").stdout.split())
    for words in ("T3-T5 moves from column 3 onto column 5 the face-up card that fits there, with every card on top",
                  "FH-T2", "'-' for the moves of standard input and each --file, each where it stands",
                  "# starts a comment", "byte-order mark is ignored", "Exit status: 0", "1 a move is illegal",
                  "2 a bad game code or unreadable input", "3 a plugin failed", "130 interrupted"):
        assert words in text, words


def test_help_says_where_the_data_and_the_card_cache_live_and_how_to_move_them(tmp_path):
    xdg = {"XDG_DATA_HOME": str(tmp_path / "d"), "XDG_CACHE_HOME": str(tmp_path / "c")}
    env = {k: v for k, v in os.environ.items() if k != "SOLITAIRE_KLONDIKE_DATA"}
    text = " ".join(subprocess.run([*KLONDIKE, "--help"], capture_output=True, text=True, env={**env, **xdg}).stdout.split())
    assert f"klondike.sqlite3, in {tmp_path / 'd' / 'solitaire-klondike'}." in text
    assert f"(about 16 MB) in {tmp_path / 'c' / 'solitaire-klondike'};" in text
    assert ("To move both, set the variable SOLITAIRE_KLONDIKE_DATA to another folder: the file goes in that folder, "
            "the drawn cards in the folder cache inside it.") in text
    moved = {**env, **xdg, "SOLITAIRE_KLONDIKE_DATA": str(tmp_path / "mine")}
    text = " ".join(subprocess.run([*KLONDIKE, "--help"], capture_output=True, text=True, env=moved).stdout.split())
    assert f"klondike.sqlite3, in {tmp_path / 'mine'}." in text
    assert f"(about 16 MB) in {tmp_path / 'mine' / 'cache'};" in text


def test_json_and_export_together_are_refused(tmp_path):
    env = {**os.environ, "SOLITAIRE_KLONDIKE_DATA": str(tmp_path)}
    result = subprocess.run([*KLONDIKE, "stats", "--json", "--export", str(tmp_path / "g.csv")],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 2 and "not allowed with argument --json" in result.stderr
    assert not (tmp_path / "g.csv").exists()


def test_output_cut_short_by_the_reader_ends_quietly():
    shell = f"{' '.join(KLONDIKE)} replay {DEAL_6} --json S | head -c 1"
    result = subprocess.run(["sh", "-c", shell], capture_output=True, text=True)
    assert result.stdout == "{" and "Traceback" not in result.stderr and "Broken pipe" not in result.stderr


def test_python_dash_m_runs_the_same_command():
    assert subprocess.run([sys.executable, "-m", "solitaire_klondike.frontends.cli", "--version"],
                          capture_output=True, text=True).stdout.startswith("klondike ")
