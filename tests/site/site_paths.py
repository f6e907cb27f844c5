"""Where the site's sources, catalogs and build are, and how Chromium is started."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
sys.path.insert(0, str(SITE))  # the site's own modules: examples, hook_reference, pictures
LOCALES = ROOT / "locales"
HTML_OUT = ROOT / "build" / "site"
LANGUAGES = ("ca", "el", "es", "it")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
