"""Shared fixtures: the site built once per session, served locally, and a Chromium browser."""
import functools
import http.server
import subprocess
import sys
import threading

import pytest
from playwright.sync_api import sync_playwright
from site_paths import CHROMIUM, CHROMIUM_ARGS, HTML_OUT, ROOT, SITE


@pytest.fixture(scope="session")
def build_result():
    """Run the one build command; the finished process (its output included)."""
    return subprocess.run([sys.executable, str(SITE / "build.py"), "build"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="session")
def site_url(build_result):
    """Base URL of the built site, served by a local http.server thread on a free port."""
    assert build_result.returncode == 0, build_result.stdout + build_result.stderr
    handler = functools.partial(QuietHandler, directory=str(HTML_OUT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    tab = context.new_page()
    yield tab
    context.close()
