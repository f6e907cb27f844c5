"""Ctrl-C in the terminal that started the desktop game: a quiet end with status 130, nothing lost."""

import signal

from test_window import DEAL_G, spot, visible_point


def test_ctrl_c_ends_the_game_quietly_and_the_next_start_resumes_it(launch, tmp_path):
    app = launch("play", DEAL_G)
    app.after(lambda: app.click(*visible_point(spot(app.state, 0))), lambda s: s["moves"] == 1)
    app.process.send_signal(signal.SIGINT)
    assert app.process.wait(10) == 130
    app.log.close()
    log = (tmp_path / "app.log").read_text(errors="replace")
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log
    again = launch()
    assert again.state["code"] == DEAL_G and again.state["moves"] == 1 and again.state["foundations"][2] == 1
