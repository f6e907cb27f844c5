"""Desktop game figures under Xvfb with Mesa's software renderer, beside a bare pyglet window.

Prints, for the game and for a bare window that draws nothing: the time from process start to
the first frame (the median of several starts; for the game also its very first start, before
the card atlas is cached), the CPU time per frame with a full table, and the CPU used over 5 idle
seconds; then the game's CPU over a minute with a game in progress (its clock shows the seconds),
and over idle seconds with the clock stopped (the window hidden, the game won); then the CPU time
per frame while cards move: a whole deal dealt card by card, and a long column dragged across the
table.

    .venv/bin/python benchmarks/bench_desktop.py        # starts its own Xvfb
    nice -n -10 .venv/bin/python benchmarks/bench_desktop.py --own-xvfb --runs 9
"""

import argparse
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

RUNS = 5
FRAMES = 60
IDLE_SECONDS = 5.0
PLAY_SECONDS = 60.0
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


def _atlas_cache(env: Mapping[str, str]) -> Path:
    """The card atlas cache every run shares (each run's data folder links its ``cache`` here)."""
    return Path(env["XDG_CACHE_HOME"]) / "solitaire-klondike"


def _share_cache(env: Mapping[str, str], folder: Path) -> None:
    _atlas_cache(env).mkdir(parents=True, exist_ok=True)
    if not (folder / "cache").exists():
        (folder / "cache").symlink_to(_atlas_cache(env), target_is_directory=True)


def _won_moves() -> list[str]:
    """The moves that win the deal :data:`FULL_TABLE` (tests/data/won_games.txt)."""
    data = (Path(__file__).parents[1] / "tests" / "data" / "won_games.txt").read_text()
    return next(line for line in data.splitlines() if line.startswith(FULL_TABLE)).split(":")[1].split()


def _start(kind: str, env: dict, folder: Path, args: tuple[str, ...] = ("play", "KL1-D1N-AAAAAAG")
           ) -> tuple[subprocess.Popen, float]:
    """Start the game (with ``args``) or the bare window; answer the process and its seconds to
    the first frame."""
    state = folder / "state.json"
    state.unlink(missing_ok=True)
    _share_cache(env, folder)
    command = [sys.executable, "-c", LAUNCH_GAME, *args] if kind == "game" else [sys.executable, "-c", BARE, str(state)]
    env = {**env, "SOLITAIRE_KLONDIKE_DATA": str(folder), "KLONDIKE_TEST_STATE_FILE": str(state)}
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not state.exists():
        if process.poll() is not None:
            raise RuntimeError(f"the {kind} process exited with status {process.returncode}")
        time.sleep(0.002)
    return process, time.perf_counter() - started


def cold_start(env: dict) -> float:
    """The game's start-up time with no cached card atlas (Mesa's shader cache stays warm)."""
    shutil.rmtree(_atlas_cache(env), ignore_errors=True)
    with tempfile.TemporaryDirectory() as folder:
        process, seconds = _start("game", env, Path(folder))
        time.sleep(1.0)   # lets it cache the atlas
        process.kill()
        process.wait()
    return seconds


def _cpu_while(process: subprocess.Popen, env: Mapping[str, str], seconds: float) -> float:
    """CPU seconds of the process (and of our Xvfb) over ``seconds``, after a second to settle."""
    time.sleep(1.0)
    before = _cpu_seconds(process.pid) + _server_cpu(env)
    time.sleep(seconds)
    return _cpu_seconds(process.pid) + _server_cpu(env) - before


def clock_costs(env: dict, play_seconds: float) -> tuple[float, float, float]:
    """CPU seconds with a game in progress over ``play_seconds`` (its clock shows the seconds),
    then over the idle period with the window hidden, and with a game just won (clock stopped)."""
    from solitaire_klondike.core import Game, load_plugins
    from solitaire_klondike.player_data import open_store

    plugins = load_plugins()
    won = _won_moves()
    figures = []
    for moves, hide, seconds in ((["S"], False, play_seconds), (["S"], True, IDLE_SECONDS),
                                 (won, False, IDLE_SECONDS)):
        with tempfile.TemporaryDirectory() as folder:
            store = open_store(Path(folder))
            game = Game.from_text(FULL_TABLE if moves is won else "KL1-D1N-AAAAAAG", plugins)
            store.game_started(game)
            for move in moves:
                game.push_text(move)
                store.action_done(game)
            store.close()
            process, _seconds = _start("game", env, Path(folder), ())
            if hide:
                window = json.loads((Path(folder) / "state.json").read_text())["x_window"]
                subprocess.run(["xdotool", "windowunmap", "--sync", str(window)], env=env, check=True)
            figures.append(_cpu_while(process, env, seconds))
            process.kill()
            process.wait()
    return figures[0], figures[1], figures[2]


def startups(env: dict, runs: int) -> dict[str, list[float]]:
    """Seconds from start to first frame of the bare window and of the game, started in turn."""
    times: dict[str, list[float]] = {"bare": [], "game": []}
    for _run in range(runs):
        for kind, kept in times.items():
            with tempfile.TemporaryDirectory() as folder:
                process, seconds = _start(kind, env, Path(folder))
                kept.append(seconds)
                process.kill()
                process.wait()
    return times


def idle_cpu(kind: str, env: dict) -> float:
    """CPU seconds over the idle period once started (the game on a new deal: its clock waits)."""
    with tempfile.TemporaryDirectory() as folder:
        process, _seconds = _start(kind, env, Path(folder))
        used = _cpu_while(process, env, IDLE_SECONDS)
        process.kill()
        process.wait()
    return used


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


def _frame(window) -> None:
    """Draw one frame and wait until it is on screen.  (``window.draw`` outside ``pyglet.app.run``
    only queues ``on_draw``: the frame would be a bare flip.)"""
    import pyglet

    window.switch_to()
    window.on_draw()
    window.flip()
    pyglet.gl.glFinish()


def _moving_frames(window, kind: str) -> tuple[float, int]:
    """CPU seconds and frames while the cards move: a deal from start to end, or a long column
    dragged in small steps (one frame per step)."""

    from solitaire_klondike.core import COLUMNS

    started, frames = time.process_time() + _server_cpu(os.environ), 0
    if kind == "deal":
        window.refresh(animate=True, deal=True)
        while window.table.step():
            _frame(window)
            frames += 1
    else:
        layout, position = window.layout, window.session.game.position
        column = max(COLUMNS, key=lambda c: len(position.tableau[c]) - position.hidden[c])
        first = layout.column_spots(position, column)[position.hidden[column]].rect
        x, y = first.x + first.w / 2, first.y + first.h - 4
        window.controller.press(x, y)
        for step in range(1, FRAMES + 1):
            window.on_mouse_drag(x + step * 6, y - step * 3, 6, -3, 1, 0)
            _frame(window)
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
        game = Game.from_text(FULL_TABLE, plugins)
        for move in _won_moves()[:FULL_TABLE_MOVES]:
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
        _frame(window)
    if kind in ("deal", "drag"):
        seconds, frames = _moving_frames(window, kind)
        print(json.dumps({"ms": seconds / frames * 1000, "frames": frames}))
        return
    started = time.process_time() + _server_cpu(os.environ)
    for _ in range(FRAMES):
        _frame(window)
    print(json.dumps({"ms": (time.process_time() + _server_cpu(os.environ) - started) / FRAMES * 1000}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="starts of each window, in turn (default %(default)s)")
    parser.add_argument("--play-seconds", type=float, default=PLAY_SECONDS,
                        help="seconds of a game in progress measured (default %(default)s)")
    parser.add_argument("--start-only", action="store_true", help="only the start-up figures")
    parser.add_argument("--own-xvfb", action="store_true", help="start an Xvfb even when DISPLAY is set")
    options = parser.parse_args()
    env = {**os.environ, "LIBGL_ALWAYS_SOFTWARE": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # a player's install keeps compiled modules, as pyglet's are
    server = None
    if "DISPLAY" not in os.environ or options.own_xvfb:
        env["DISPLAY"] = ":" + str(150 + os.getpid() % 40)
        server = subprocess.Popen(["Xvfb", env["DISPLAY"], "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env["BENCH_XVFB_PID"] = str(server.pid)
        time.sleep(1.0)
    cache = tempfile.TemporaryDirectory()
    env["XDG_CACHE_HOME"] = cache.name   # the atlas and Mesa's shader cache, shared by the runs
    try:
        startups(env, 1)                 # warms Mesa's shader cache
        cold_start(env)                  # caches the card atlas for the warm runs
        starts = startups(env, options.runs)
        if not options.start_only:
            rows = {kind: (idle_cpu(kind, env), frame_cost(kind, env)) for kind in ("bare", "game")}
            moving = {kind: frame_cost(kind, env) for kind in ("deal", "drag")}
            playing, hidden, won = clock_costs(env, options.play_seconds)
        cold = cold_start(env)           # last: no run after it pays anything it leaves behind
    finally:
        cache.cleanup()
        if server:
            server.terminate()
    bare, game = statistics.median(starts["bare"]), statistics.median(starts["game"])
    print(f"{'':36}{'bare window':>12}{'game':>12}{'ratio':>9}")
    print(f"{f'start to first frame (s), {options.runs} runs':36}{bare:>12.3f}{game:>12.3f}{game / bare:>8.2f}x")
    print(f"{'  fastest, slowest (s)':36}{min(starts['bare']):>6.3f}{max(starts['bare']):>6.3f}"
          f"{min(starts['game']):>6.3f}{max(starts['game']):>6.3f}")
    print(f"{'first start, no atlas cache (s)':36}{bare:>12.3f}{cold:>12.3f}{cold / bare:>8.2f}x")
    if options.start_only:
        return
    for name, index in (("CPU per frame (ms)*", 1), (f"CPU over {IDLE_SECONDS:.0f} s idle (s)*", 0)):
        b, g = rows["bare"][index], rows["game"][index]
        print(f"{name:36}{b:>12.3f}{g:>12.3f}{f'{g / b:.2f}x' if b > 1e-3 else '-':>9}")
    print(f"{'CPU a minute, game in play (s)*':36}{'':>12}{playing * 60 / options.play_seconds:>12.3f}")
    print(f"{f'CPU over {IDLE_SECONDS:.0f} s, window hidden (s)*':36}{'':>12}{hidden:>12.3f}")
    print(f"{f'CPU over {IDLE_SECONDS:.0f} s, game won (s)*':36}{'':>12}{won:>12.3f}")
    print(f"{'CPU per frame, deal moving (ms)*':36}{'':>12}{moving['deal']:>12.3f}")
    print(f"{'CPU per frame, column dragged (ms)*':36}{'':>12}{moving['drag']:>12.3f}")
    if server:
        print("* the program's CPU plus the Xvfb server's, which may do the rendering (indirect GLX)")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--frames":
        _child_frames(sys.argv[2])
    else:
        main()
