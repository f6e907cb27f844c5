"""Desktop game figures under Xvfb with Mesa's software renderer, beside a bare pyglet window.

Prints, for the game and for a bare window that draws nothing: the time from process start to
the first frame (for the game also its very first start, before the card atlas is cached), the
CPU time per frame with a full table, and the CPU used over 5 idle seconds (for the game also
with a game in progress, whose clock redraws once a second); then the game's CPU
time per frame while cards move: a whole deal dealt card by card, and a long column dragged
across the table.

    .venv/bin/python benchmarks/bench_desktop.py        # starts its own Xvfb
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

RUNS = 3
FRAMES = 60
IDLE_SECONDS = 5.0
FULL_TABLE = "KL1-D1V-AAAAAAC"   # tests/data/won_games.txt: a line of play that spreads the cards
FULL_TABLE_MOVES = 45
LAUNCH_GAME = "import sys; from solitaire_klondike.frontends.cli import main; sys.exit(main())"
BARE = """
import os, sys, pyglet
window = pyglet.window.Window(1100, 760, caption="bare", resizable=True)
@window.event
def on_draw():
    window.clear()
    if not os.path.exists(sys.argv[1]):
        open(sys.argv[1], "w").write('{"frames": 1}')
pyglet.clock.schedule_once(lambda dt: window.draw(dt), 0)
pyglet.app.run(interval=None)
"""


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(kind: str, env: dict, folder: Path) -> tuple[subprocess.Popen, float]:
    """Start the game or the bare window; answer the process and its seconds to the first frame."""
    state = folder / "state.json"
    state.unlink(missing_ok=True)
    game_args = [sys.executable, "-c", LAUNCH_GAME, "play", "KL1-D1N-AAAAAAG"]
    args = game_args if kind == "game" else [sys.executable, "-c", BARE, str(state)]
    env = {**env, "SOLITAIRE_KLONDIKE_DATA": str(folder), "KLONDIKE_TEST_STATE_FILE": str(state)}
    started = time.perf_counter()
    process = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not state.exists():
        if process.poll() is not None:
            raise RuntimeError(f"the {kind} process exited with status {process.returncode}")
        time.sleep(0.002)
    return process, time.perf_counter() - started


def cold_start(env: dict) -> float:
    """The game's start-up time with no cached card atlas (Mesa's shader cache stays warm)."""
    shutil.rmtree(Path(env["XDG_CACHE_HOME"]) / "solitaire-klondike", ignore_errors=True)
    with tempfile.TemporaryDirectory() as folder:
        process, seconds = _start("game", env, Path(folder))
        time.sleep(1.0)   # lets it cache the atlas
        process.kill()
        process.wait()
    return seconds


def idle_in_play(env: dict) -> float:
    """CPU seconds over the idle period with a game in progress (its clock shows the seconds)."""
    from solitaire_klondike.core import Game, load_plugins
    from solitaire_klondike.player_data import open_store

    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder))
        game = Game.from_text("KL1-D1N-AAAAAAG", load_plugins())
        store.game_started(game)
        game.push_text("S")
        store.action_done(game)
        store.close()
        state = Path(folder) / "state.json"
        env = {**env, "SOLITAIRE_KLONDIKE_DATA": folder, "KLONDIKE_TEST_STATE_FILE": str(state)}
        process = subprocess.Popen([sys.executable, "-c", LAUNCH_GAME], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        while not state.exists():
            time.sleep(0.01)
        time.sleep(1.0)
        before = _cpu_seconds(process.pid) + _server_cpu(env)
        time.sleep(IDLE_SECONDS)
        used = _cpu_seconds(process.pid) + _server_cpu(env) - before
        process.kill()
        process.wait()
    return used


def start_and_idle(kind: str, env: dict) -> tuple[float, float]:
    """The median start-up time, and the CPU seconds used over the idle period of the last run."""
    times, idle = [], 0.0
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            process, seconds = _start(kind, env, Path(folder))
            times.append(seconds)
            time.sleep(1.0)
            before = _cpu_seconds(process.pid) + _server_cpu(env)
            time.sleep(IDLE_SECONDS)
            idle = _cpu_seconds(process.pid) + _server_cpu(env) - before
            process.kill()
            process.wait()
    return statistics.median(times), idle


def _server_cpu(env: Mapping[str, str]) -> float:
    """CPU seconds of our own Xvfb, where indirect GLX may do the rendering (0 when not ours)."""
    pid = env.get("BENCH_XVFB_PID")
    return _cpu_seconds(int(pid)) if pid else 0.0


def frame_cost(kind: str, env: dict) -> float:
    """CPU milliseconds per frame, measured in a child process (``kind``: bare, game, deal, drag)."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**env, "SOLITAIRE_KLONDIKE_DATA": folder}
        out = subprocess.run([sys.executable, __file__, "--frames", kind], env=env, check=True,
                             capture_output=True, text=True).stdout
    return json.loads(out)["ms"]


def _moving_frames(window, kind: str) -> tuple[float, int]:
    """CPU seconds and frames while the cards move: a deal from start to end, or a long column
    dragged in small steps (one frame per step)."""
    import pyglet

    from solitaire_klondike.core import COLUMNS

    started, frames = time.process_time() + _server_cpu(os.environ), 0
    if kind == "deal":
        window.refresh(animate=True, deal=True)
        while window.table.step():
            window.draw(0)
            pyglet.gl.glFinish()
            frames += 1
    else:
        layout, position = window.layout, window.session.game.position
        column = max(COLUMNS, key=lambda c: len(position.tableau[c]) - position.hidden[c])
        first = layout.column_spots(position, column)[position.hidden[column]].rect
        x, y = first.x + first.w / 2, first.y + first.h - 4
        window.controller.press(x, y)
        for step in range(1, FRAMES + 1):
            window.on_mouse_drag(x + step * 6, y - step * 3, 6, -3, 1, 0)
            window.draw(0)
            pyglet.gl.glFinish()
            frames += 1
        assert window.controller.drag and len(window.controller.drag.spots) >= 5, "a long column is dragged"
    return time.process_time() + _server_cpu(os.environ) - started, frames


def _child_frames(kind: str) -> None:
    import pyglet


    if kind != "bare":
        from solitaire_klondike.core import Game, load_plugins
        from solitaire_klondike.frontends.pyglet.session import Session
        from solitaire_klondike.frontends.pyglet.window import KlondikeWindow
        from solitaire_klondike.player_data import open_store

        plugins = load_plugins()
        data = Path(__file__).parents[1] / "tests" / "data" / "won_games.txt"
        line = next(text for text in data.read_text().splitlines() if text.startswith(FULL_TABLE))
        game = Game.from_text(FULL_TABLE, plugins)
        for move in line.split(":")[1].split()[:FULL_TABLE_MOVES]:
            game.push_text(move)
        session = Session.open(plugins, open_store(), game.code)
        session.game = game
        window = KlondikeWindow(session)
        window.controller.set_game(game)
        window.refresh()
        window._table_press = True
    else:
        window = pyglet.window.Window(1100, 760)
        window.on_draw = window.clear
    for _ in range(5):
        window.dispatch_events()
        window.draw(0)
    if kind in ("deal", "drag"):
        seconds, frames = _moving_frames(window, kind)
        print(json.dumps({"ms": seconds / frames * 1000, "frames": frames}))
        return
    started = time.process_time() + _server_cpu(os.environ)
    for _ in range(FRAMES):
        window.draw(0)
        pyglet.gl.glFinish()
    print(json.dumps({"ms": (time.process_time() + _server_cpu(os.environ) - started) / FRAMES * 1000}))


def main() -> None:
    env = {**os.environ, "LIBGL_ALWAYS_SOFTWARE": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # a player's install keeps compiled modules, as pyglet's are
    server = None
    if "DISPLAY" not in os.environ or "--own-xvfb" in sys.argv:
        env["DISPLAY"] = ":" + str(150 + os.getpid() % 40)
        server = subprocess.Popen(["Xvfb", env["DISPLAY"], "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env["BENCH_XVFB_PID"] = str(server.pid)
        time.sleep(1.0)
    cache = tempfile.TemporaryDirectory()
    env["XDG_CACHE_HOME"] = cache.name   # the atlas and Mesa's shader cache, shared by the runs
    try:
        start_and_idle("bare", env)      # warms Mesa's shader cache
        cold_start(env)                  # caches the card atlas for the warm runs
        rows = {kind: (*start_and_idle(kind, env), frame_cost(kind, env)) for kind in ("bare", "game")}
        moving = {kind: frame_cost(kind, env) for kind in ("deal", "drag")}
        playing = idle_in_play(env)
        cold = cold_start(env)           # last: no run after it pays anything it leaves behind
    finally:
        cache.cleanup()
        if server:
            server.terminate()
    print(f"{'':30}{'bare window':>14}{'game':>14}{'ratio':>9}")
    names = ("start to first frame (s)", "CPU per frame (ms)*", f"CPU over {IDLE_SECONDS:.0f} s idle (s)*")
    lines = [(name, rows["bare"][index], rows["game"][index]) for index, name in zip((0, 2, 1), names)]
    lines.insert(1, ("first start, no atlas cache (s)", rows["bare"][0], cold))
    for name, bare, game in lines:
        ratio = f"{game / bare:.2f}x" if bare > 1e-3 else "-"
        print(f"{name:30}{bare:>14.3f}{game:>14.3f}{ratio:>9}")
    print(f"{'CPU over 5 s, game in play (s)*':30}{'':>14}{playing:>14.3f}")
    print(f"{'CPU per frame, deal moving (ms)*':30}{'':>14}{moving['deal']:>14.3f}")
    print(f"{'CPU per frame, column dragged (ms)*':30}{'':>14}{moving['drag']:>14.3f}")
    if server:
        print("* the program's CPU plus the Xvfb server's, which may do the rendering (indirect GLX)")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--frames":
        _child_frames(sys.argv[2])
    else:
        main()
