"""``klondike solve``: the verdict, the line, states and time, as text and JSON; replay's statuses for bad input."""

import json

from cli_helpers import klondike

from solitaire_klondike.core import Game, Move, load_plugins


def test_solve_prints_a_winning_line_that_replay_then_wins():
    data = json.loads(klondike("solve", "KL1-D1N-AAAAAAG", "S", "S", "--json").stdout)
    assert set(data) >= {"code", "verdict", "moves", "states", "seconds"}
    assert data["code"] == "KL1-D1N-AAAAAAG" and data["verdict"] == "winnable" and data["states"] > 0
    replayed = json.loads(klondike("replay", "KL1-D1N-AAAAAAG", "S", "S", *data["moves"], "--json").stdout)
    assert replayed["won"] is True


def test_solve_text_names_the_verdict_the_line_the_states_and_the_time():
    result = klondike("solve", "KL1-D1N-AAAAAAG", "--budget", "20")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Game KL1-D1N-AAAAAAG after 0 moves"
    assert lines[1] == "Verdict: winnable"
    assert lines[2].startswith("Winning line (")
    assert lines[3].startswith("States searched: ") and lines[4].startswith("Time: ")


def test_solve_reads_moves_from_standard_input_and_a_file(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("S  # a tap\nS\n")
    from_file = json.loads(klondike("solve", "KL1-D1N-AAAAAAG", "--file", str(moves), "--json").stdout)
    from_stdin = json.loads(klondike("solve", "KL1-D1N-AAAAAAG", "-", "--json", stdin="S S").stdout)
    game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
    game.push(Move.stock())
    game.push(Move.stock())
    for data in (from_file, from_stdin):
        assert data["verdict"] == "winnable"
        trial = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
        for text in ["S", "S", *data["moves"]]:
            trial.push_text(text)
        assert trial.is_won()


def test_a_spent_budget_is_undecided_with_exit_zero():
    result = klondike("solve", "KL1-D1V-AAAAAAB", "--budget", "0.2", "--json")   # one pass: undecided for seconds
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["verdict"] == "undecided" and data["moves"] == []


def test_bad_input_gets_the_statuses_of_replay():
    illegal = klondike("solve", "KL1-D1N-AAAAAAG", "T1-T2")
    assert illegal.returncode == 1 and "move 1 of 1, T1-T2, is illegal" in illegal.stderr
    assert klondike("solve", "KL1-D1N-AAAAAAG", "T9-T1").returncode == 1
    assert klondike("solve", "KL1-D1N-AAAAAG").returncode == 2
    budget = klondike("solve", "KL1-D1N-AAAAAAG", "--budget", "soon")
    assert budget.returncode == 2 and "'soon' is not a number of seconds" in budget.stderr
    assert klondike("solve", "KL1-D1N-AAAAAAG", "--budget", "-1").returncode == 2
    unread = klondike("solve", "KL1-D1N-AAAAAAG", "--file", "/no/such/file")
    assert unread.returncode == 2 and unread.stdout == ""


def test_with_the_solver_plugin_blocked_the_plugin_status_is_returned():
    result = klondike("solve", "KL1-D1N-AAAAAAG", "--block-plugin", "solver")
    assert result.returncode == 3 and "no plugin answered klondike_solve" in result.stderr

