"""A progress bar on standard error: deals done, rate and time left."""

import sys
import time
from typing import TextIO

WIDTH = 24
TEMPLATE = "{bar} {done}/{total} {share}  {rate} deals/min  left {left}"


class Progress:
    """Redrawn in place on a terminal (at most 10 times a second); elsewhere a line every ``every`` seconds."""

    def __init__(self, total: int, done: int, stream: TextIO | None = None, every: float = 10.0,
                 template: str = TEMPLATE) -> None:
        self.total, self.done, self.started_with, self.template = total, done, done, template
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.every = 0.1 if self.live else every
        self.start = self.last = time.monotonic()
        self.shown = -1

    def advance(self) -> None:
        self.done += 1
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            self.show()

    def text(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = round(share * WIDTH)
        elapsed = time.monotonic() - self.start
        fresh = self.done - self.started_with
        rate = fresh / elapsed * 60 if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate * 60 if rate else None
        return self.template.format(bar=f"[{'#' * filled}{'.' * (WIDTH - filled)}]", done=self.done, total=self.total,
                                    share=f"{share:6.1%}", rate=f"{rate:.1f}", left=_duration(left))

    def show(self, end: str = "") -> None:
        if not self.live and self.shown == self.done:
            return
        self.shown = self.done
        if self.live:
            self.stream.write("\r" + self.text() + end)
        else:
            self.stream.write(self.text() + "\n")
        self.stream.flush()

    def finish(self) -> None:
        self.show("\n")


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"
