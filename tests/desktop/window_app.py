"""A real game process on an Xvfb display, driven with xdotool and read through its state file."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

LAUNCH = "import sys; from solitaire_klondike.frontends.cli import main; sys.exit(main())"
MOTION_SPEED = "3"   # the cards still move in the tests, three times as fast as for a player


def _clicks(repeat: int) -> list[str]:
    """xdotool's words for ``repeat`` left clicks 60 ms apart, as a player double-clicks (its own
    ``--delay`` would also wait after the last click)."""
    args: list[str] = []
    for number in range(repeat):
        args += [*(["sleep", "0.06"] if number else []), "click", "--delay", "0", "1"]
    return args


class App:
    """One game process on the test display, with helpers that speak window coordinates
    (pyglet's: origin bottom-left, y up)."""

    def __init__(self, display: str, data: Path, *args: str, language: str = "en_US.UTF-8", cache: Path | None,
                 motion_speed: str = MOTION_SPEED, env: dict[str, str] | None = None) -> None:
        """``cache``: a folder the data folder's ``cache`` links to, unless it has its own."""
        self.display, self.data = display, data
        self.state_file = data / "state.json"
        self.state_file.unlink(missing_ok=True)
        if cache is not None and not (data / "cache").exists():
            (data / "cache").symlink_to(cache, target_is_directory=True)
        env = {**os.environ, "DISPLAY": display, "SOLITAIRE_KLONDIKE_DATA": str(data),
               "KLONDIKE_TEST_STATE_FILE": str(self.state_file), "LANG": language, "LANGUAGE": "", "LC_ALL": "",
               **({"XDG_CACHE_HOME": str(cache)} if cache else {}),  # the GL driver's shaders, not the user's
               "KLONDIKE_MOTION_SPEED": motion_speed, **(env or {})}
        self.log = open(data / "app.log", "ab")  # noqa: SIM115 (open while the game runs, closed by quit)
        self.process = subprocess.Popen([sys.executable, "-c", LAUNCH, *args], env=env, stdout=self.log, stderr=self.log)
        self.state = self.wait(lambda s: s["frames"] >= 1, timeout=20)
        self.window = str(self.state["x_window"])
        self.screen_width = int(self._xdotool("getdisplaygeometry").split()[0])
        self._xdotool("windowfocus", "--sync", self.window)

    def _xdotool(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                              check=True, capture_output=True, text=True).stdout

    def read(self) -> dict:
        for _ in range(50):
            try:
                return json.loads(self.state_file.read_text(encoding="utf-8"))
            except (FileNotFoundError, json.JSONDecodeError):
                time.sleep(0.02)
        raise AssertionError("the app wrote no state; log: " + (self.data / "app.log").read_text(errors="replace"))

    def wait(self, predicate, timeout: float = 5.0, moving: bool = False) -> dict:
        """Poll the state until ``predicate(state)`` and (unless ``moving``) no card moves; fail
        with the last state."""
        end, state = time.monotonic() + timeout, None
        while time.monotonic() < end:
            if self.process.poll() is not None and not self.state_file.exists():
                raise AssertionError("the app exited: " + (self.data / "app.log").read_text(errors="replace"))
            if self.state_file.exists():
                state = self.read()
                if predicate(state) and (moving or not state["moving"]):
                    self.state = state
                    return state
            time.sleep(0.03)
        raise AssertionError(f"timed out; last state: {json.dumps(state)[:2000] if state else None}")

    def after(self, action, predicate=None, timeout: float = 5.0, moving: bool = False) -> dict:
        """Do ``action`` and wait for a new frame (and for ``predicate`` when given)."""
        frames = self.read()["frames"]
        action()
        return self.wait(lambda s: s["frames"] > frames and (predicate is None or predicate(s)), timeout, moving)

    # --- input ---------------------------------------------------------------

    def _to_screen(self, x: float, y: float) -> tuple[str, str]:
        return str(round(x)), str(round(self.read()["window"][1] - y))

    def click(self, x: float, y: float, repeat: int = 1) -> None:
        self._xdotool("mousemove", "--window", self.window, *self._to_screen(x, y))
        self._xdotool(*_clicks(repeat))

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        self._xdotool("mousemove", "--window", self.window, *self._to_screen(*start))
        self._xdotool("mousedown", "1")
        for step in range(1, 6):
            x = start[0] + (end[0] - start[0]) * step / 5
            y = start[1] + (end[1] - start[1]) * step / 5
            self._xdotool("mousemove", "--window", self.window, *self._to_screen(x, y))
            time.sleep(0.02)
        self._xdotool("mouseup", "1")

    def gesture(self, *steps: tuple) -> None:
        """Several pointer commands in one xdotool call: ``("move", x, y)`` (window coordinates),
        ``("down",)``, ``("up",)``, ``("click", repeat)``."""
        height, args = self.state["window"][1], []
        for name, *values in steps:
            if name == "move":
                args += ["mousemove", "--window", self.window, str(round(values[0])), str(round(height - values[1]))]
            elif name == "click":
                args += _clicks(values[0])
            else:
                args += ["mouse" + name, "1"]
        self._xdotool(*args)

    def key(self, *names: str) -> None:
        self._xdotool("key", "--delay", "30", *names)

    def key_fast(self, *names: str) -> None:
        """Many keys at once, each pressed and let go in turn: the game takes them in order however
        fast they come (the X server queues them)."""
        self._xdotool("key", "--delay", "0", *names)

    def type(self, text: str) -> None:
        self._xdotool("type", "--delay", "20", text)

    def hover(self, x: float, y: float) -> None:
        self._xdotool("mousemove", "--window", self.window, *self._to_screen(x, y))

    def resize(self, width: int, height: int) -> None:
        self._xdotool("windowsize", "--sync", self.window, str(width), str(height))

    # --- what the player sees -------------------------------------------------

    def pixels(self) -> tuple[bytes, int, int, int, int]:
        """The window's pixels as RGB bytes, with its on-screen origin and size."""
        geometry = dict(line.strip().split("=") for line in
                        self._xdotool("getwindowgeometry", "--shell", self.window).splitlines() if "=" in line)
        raw = subprocess.run(["import", "-display", self.display, "-window", "root", "-depth", "8", "rgb:-"],
                             check=True, capture_output=True).stdout
        return raw, int(geometry["X"]), int(geometry["Y"]), int(geometry["WIDTH"]), int(geometry["HEIGHT"])

    def pixel(self, x: float, y: float, shot=None) -> tuple[int, int, int]:
        raw, left, top, _w, height = shot or self.pixels()
        sx, sy = left + round(x), top + height - 1 - round(y)
        offset = 3 * (sy * self.screen_width + sx)
        return tuple(raw[offset:offset + 3])

    def screenshot(self, path: Path) -> None:
        subprocess.run(["import", "-display", self.display, "-window", self.window, str(path)], check=True)

    def quit(self) -> int:
        """Close the window with Ctrl+Q, as a player would, and return the exit status."""
        self.key("ctrl+q")
        status = self.process.wait(10)
        self.log.close()
        return status

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)
        self.log.close()
