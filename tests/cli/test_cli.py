"""The ``klondike`` command as a user runs it: a real process, its output and exit status."""

import json
import subprocess
import sys

from game_helpers import won_games

KLONDIKE = [sys.executable, "-m", "solitaire_klondike.frontends.cli"]


def klondike(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, input=stdin)


def test_deal_json_lists_columns_stock_waste_and_foundations():
    result = klondike("deal", "kl1-d3v-aaaaaag", "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and data["code"] == "KL1-D3V-AAAAAAG"
    assert [len(column) for column in data["tableau"]] == [1, 2, 3, 4, 5, 6, 7]
    assert data["tableau"][1] == [{"card": "2H", "face_up": False}, {"card": "JC", "face_up": True}]
    assert data["stock"][:3] == ["QH", "JH", "AS"] and len(data["stock"]) == 24
    assert data["waste"] == [] and data["foundations"] == {"S": [], "H": [], "D": [], "C": []}


def test_deal_text_shows_face_down_cards_in_brackets():
    result = klondike("deal", "KL1-D1N-AAAAAAG")
    assert "T2: [2H] JC" in result.stdout and "Stock, 24 cards, next first: QH JH AS" in result.stdout


def test_malformed_code_is_refused_with_a_message_and_nothing_on_stdout():
    result = klondike("deal", "KL1-D1N-AAAAA")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("klondike: bad game code KL1-D1N-AAAAA: The last part of a code has seven letters from A "
                             "to Z, like KL1-D1N-AAAAAAG.\n")


def test_replay_a_won_game_prints_score_and_win():
    code, moves = next(g for g in won_games() if g[0] == "KL1-D1V-AAAAAAC")
    data = json.loads(klondike("replay", code, *moves, "--json").stdout)
    assert data["won"] is True and data["score"] == 208 and data["score_text"] == "+$208"
    assert data["moves_applied"] == len(moves) and all(len(data["foundations"][s]) == 13 for s in "SHDC")
    text = klondike("replay", code, *moves).stdout
    assert "Score: +$208\nWon: yes\nMoves applied: 112" in text


def test_replay_reads_moves_from_standard_input_and_from_a_file(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("# the first draws\nS S\nS S   # four\nW-T1\n")
    from_file = json.loads(klondike("replay", "KL1-D1N-AAAAAAC", "--file", str(moves), "--json").stdout)
    from_stdin = json.loads(klondike("replay", "KL1-D1N-AAAAAAC", "-", "--json", stdin="S S S S\nW-T1").stdout)
    assert from_file == from_stdin and from_file["moves_applied"] == 5 and from_file["score"] == 5


def test_an_illegal_move_stops_the_replay_naming_the_move_its_place_and_why():
    result = klondike("replay", "KL1-D1N-AAAAAAG", "S", "T1-F", "T2-T1", "S")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        "klondike: move 3 of 4, T2-T1, is illegal (R8): An empty column takes only a king.\n"
    )


def test_deal_and_replay_print_the_position_notation_that_reads_back():
    from solitaire_klondike.core import Game, Position, load_plugins

    dealt = klondike("deal", "KL1-D3V-AAAAAAG", "--position")
    played = klondike("replay", "KL1-D3V-AAAAAAG", "S", "T1-F", "--position")
    assert dealt.returncode == played.returncode == 0
    game = Game.from_text("KL1-D3V-AAAAAAG", load_plugins())
    assert dealt.stdout == game.position.to_text() + "\n"
    for text in ("S", "T1-F"):
        game.push_text(text)
    assert played.stdout == game.position.to_text() + "\n"
    assert Position.from_text(played.stdout).key() == game.position.key()
    assert json.loads(klondike("replay", "KL1-D3V-AAAAAAG", "S", "--json").stdout)["position"].split()[2] == "|QHJHAS"


def test_a_stock_tap_that_does_nothing_is_illegal_in_a_replay():
    taps = ["S"] * 25
    result = klondike("replay", "KL1-D1V-AAAAAAG", *taps)
    assert result.returncode == 1
    assert "move 25 of 25, S, is illegal (R14): The stock cannot be turned again with this scoring." in result.stderr


def test_a_move_that_is_not_notation_is_named():
    result = klondike("replay", "KL1-D1N-AAAAAAG", "S", "T9-T1")
    assert result.returncode == 1 and "move 2 of 2, T9-T1, is not a move: write S, or two places" in result.stderr


def test_without_a_screen_the_game_says_so_instead_of_crashing(tmp_path):
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SOLITAIRE_KLONDIKE_DATA"] = str(tmp_path)
    result = subprocess.run(KLONDIKE, capture_output=True, text=True, env=env)
    assert result.returncode == 4 and "Traceback" not in result.stderr
    assert "there is no screen to open the game window on" in result.stderr
    result = subprocess.run([*KLONDIKE, "play"], capture_output=True, text=True, env={**env, "DISPLAY": ":254"})
    assert result.returncode == 4 and "Traceback" not in result.stderr
