"""The CSV an analysis writes: one row per deal, appended and flushed to disk one at a time.

A run stopped at any moment (Ctrl-C, kill, power cut) leaves every finished row on disk and at
most one torn line at the end; opening the file again drops that line and reports which deals
are done, so the run goes on without losing or repeating a row.
"""

import fcntl
import os
from dataclasses import dataclass
from pathlib import Path

COLUMNS = ("deal", "code", "verdict", "moves", "states", "seconds", "grade")
HEADER = ",".join(COLUMNS) + "\n"
VERDICTS = ("winnable", "unwinnable", "undecided")


class JournalError(ValueError):
    """The output file cannot be used; nothing in it was changed."""


@dataclass(frozen=True)
class Row:
    """One analysed deal: ``moves`` is the winning line's length and ``grade`` its grade (winnable only)."""

    deal: int
    code: str
    verdict: str
    moves: int | None
    states: int
    seconds: float
    grade: str | None

    def line(self) -> str:
        moves = "" if self.moves is None else str(self.moves)
        return f"{self.deal},{self.code},{self.verdict},{moves},{self.states},{self.seconds:.3f},{self.grade or ''}\n"

    @classmethod
    def parse(cls, line: str) -> "Row":
        """Read one line of the file; ``ValueError`` when it is not a whole row."""
        cells = line.rstrip("\n").split(",")
        if len(cells) != len(COLUMNS) or not line.endswith("\n"):
            raise ValueError("not a complete row")
        deal, code, verdict, moves, states, seconds, grade = cells
        if verdict not in VERDICTS or not code.startswith("KL1-") or (verdict == "winnable") != bool(moves):
            raise ValueError("not a row of klondike analyze")
        return cls(int(deal), code, verdict, int(moves) if moves else None, int(states), float(seconds), grade or None)

    @property
    def variant(self) -> str:
        return self.code.split("-")[1]


class Journal:
    """The output file, locked and open for appending, with the rows it already held."""

    def __init__(self, path: Path, variant: str) -> None:
        self.path = path
        try:
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        except OSError as exc:
            raise JournalError(f"cannot open {path} for writing: {exc.strerror}") from exc
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._fd)
            raise JournalError(
                f"another klondike analyze is writing {path}; wait for it or choose another --out") from None
        try:
            self.rows = self._read(variant)
        except JournalError:
            self.close()
            raise

    def _read(self, variant: str) -> dict[int, Row]:
        with open(self._fd, "rb", closefd=False) as handle:
            data = handle.read()
        if not data.strip(b"\0"):
            self._truncate_and_append(0, HEADER)
            _sync_folder(self.path)
            return {}
        if not data.startswith(HEADER.encode()):
            raise JournalError(f"{self.path} is not a file of klondike analyze "
                               f"(its first line is not {HEADER.strip()!r}); choose another --out")
        lines = data[len(HEADER):].split(b"\n")
        whole, torn = lines[:-1], lines[-1]
        rows: dict[int, Row] = {}
        kept = len(HEADER)
        for number, raw in enumerate(whole, start=2):
            try:
                row = Row.parse(raw.decode() + "\n")
            except ValueError:
                if number - 2 == len(whole) - 1:  # a torn last line that happened to end in a newline
                    torn = raw
                    break
                raise JournalError(f"line {number} of {self.path} is not a row of klondike analyze: {raw[:60]!r}; "
                                   "the file was changed by something else, so it is left as it is") from None
            if row.variant != variant:
                raise JournalError(f"{self.path} holds deals of {row.variant}, not {variant}; choose another --out")
            rows[row.deal] = row
            kept += len(raw) + 1
        if torn or kept != len(data):
            self._truncate_and_append(kept, "")
        return rows

    def _truncate_and_append(self, length: int, text: str) -> None:
        os.ftruncate(self._fd, length)
        if text:
            os.write(self._fd, text.encode())
        os.fsync(self._fd)

    def write(self, row: Row) -> None:
        """Append one row and wait until it is on disk."""
        os.write(self._fd, row.line().encode())
        os.fsync(self._fd)
        self.rows[row.deal] = row

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def _sync_folder(path: Path) -> None:
    """Make the new file's name itself survive a power cut."""
    folder = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
