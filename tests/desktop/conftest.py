"""Run the real game window under Xvfb and drive it with xdotool.

One Xvfb for the whole session; each :class:`App` is one ``klondike play`` process.  The app
writes its state after every frame to the file named by ``KLONDIKE_TEST_STATE_FILE``
(:meth:`Session.write_probe`); the tests read it, and read screen pixels with ImageMagick.
"""

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from window_app import MOTION_SPEED, App

SCREEN = (1280, 800)
TOOLS = ("Xvfb", "xdotool", "xrdb", "import")


def _free_display() -> int:
    for number in range(90, 190):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise RuntimeError("no free X display number")


def _start_xvfb(width: int, height: int, dpi: int | None = None):
    """An Xvfb server (and its display name); with ``dpi``, ``Xft.dpi`` set as a desktop would."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"desktop tests need {', '.join(missing)}: run the README's test command (Debian: xvfb xdotool imagemagick)")
    number = _free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-noreset"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            break
        time.sleep(0.05)
    if dpi:
        subprocess.run(["xrdb", "-merge"], input=f"Xft.dpi: {dpi}\n", text=True, check=True,
                       env={**os.environ, "DISPLAY": f":{number}"})
    return server, f":{number}"


@pytest.fixture(scope="session")
def display():
    server, name = _start_xvfb(*SCREEN)
    yield name
    server.terminate()
    server.wait(5)


@pytest.fixture(scope="session")
def hidpi_display():
    """A 2× screen: Xft.dpi 192 on a screen twice the size of :data:`SCREEN`."""
    server, name = _start_xvfb(SCREEN[0] * 2, SCREEN[1] * 2, dpi=192)
    yield name
    server.terminate()
    server.wait(5)


@pytest.fixture(scope="session")
def cache_home(tmp_path_factory):
    """The apps' card cache (the card atlas), shared by the session: each app's data folder links
    its folder ``cache`` here."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def launch(display, tmp_path, cache_home):
    """``launch(*args)`` starts an app on the test display; every app is stopped at the end."""
    apps: list[App] = []

    def start(*args: str, data: Path | None = None, language: str = "en_US.UTF-8", screen: str | None = None,
              motion_speed: str = MOTION_SPEED, env: dict[str, str] | None = None,
              shared_cache: bool = True) -> App:
        app = App(screen or display, data or tmp_path, *args, language=language,
                  cache=cache_home if shared_cache else None, motion_speed=motion_speed, env=env)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.kill()
