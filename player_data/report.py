"""``klondike stats``: the statistics as a table or as JSON, and the game records as CSV."""

import argparse
import csv
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solitaire_klondike.core import PluginError, Plugins
from solitaire_klondike.frontends.formats import duration_text, percent_text, score_text, scoring_token, variant_text
from solitaire_klondike.frontends.i18n import ngettext

from .opening import open_store
from .statistics import TOTAL, game_seconds
from .store import Store

EXIT_CANNOT_WRITE = 2
CSV_COLUMNS = ("code", "variant", "started_at", "ended_at", "seconds", "moves", "undos", "score", "won",
               "took_back_from_foundation", "in_statistics", "in_progress")


def stats_command(args: argparse.Namespace, plugins: Plugins) -> int:
    """Print the statistics (``args.json``: as JSON), or write the records to ``args.export``.

    The store's notices go to standard error once the records are read (reading finds damage)."""
    store = open_store()
    try:
        records = store.records()
        if args.export:
            playing = store.game_in_progress()
            records += [playing] if playing else []
            return _export(store, records, Path(args.export), args.force)
        stats = store.statistics(plugins.carrying_scorings())
        _tell_failing_scorers(stats, plugins)
        print(json.dumps(stats, indent=2) if args.json else stats_table(stats, plugins))
        return 0
    finally:
        for notice in store.notices:
            print(f"klondike: {notice.text}", file=sys.stderr)
        store.close()


def _tell_failing_scorers(stats: dict[str, dict[str, Any]], plugins: Plugins) -> None:
    """Name each scoring plugin that fails to write a score: the table shows its scores as plain numbers."""
    failed: set[str] = set()
    for key in stats:
        token = scoring_token(plugins, key)
        try:
            if token is not None:
                plugins.format_score(token, 0)
        except PluginError as exc:
            if str(exc) not in failed:
                failed.add(str(exc))
                hint = f" (leave it out with --block-plugin {exc.plugin})" if exc.plugin else ""
                print(f"klondike: {exc}; its scores are shown as plain numbers{hint}", file=sys.stderr)


def _export(store: Store, records: list[dict[str, Any]], target: Path, force: bool) -> int:
    """Write the records to ``target``, never over the data file, nor over another file unless ``force``."""
    refusal = export_refusal(store, target, force)
    if refusal:
        print(f"klondike: {refusal}; nothing was written.", file=sys.stderr)
        return EXIT_CANNOT_WRITE
    try:
        count = export_csv(records, target)
    except OSError as exc:
        print(f"klondike: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_CANNOT_WRITE
    print(ngettext("Wrote {count} game record to {file}.", "Wrote {count} game records to {file}.", count)
          .format(count=count, file=target))
    return 0


def export_refusal(store: Store, target: Path, force: bool) -> str | None:
    """Why the records may not be written to ``target``, or ``None``."""
    if not store.read:
        return "your data could not be read, so there are no records to export"
    if store.path is not None and _is_data_file(target, store.path):
        return f"{target} is the game's own data file, which an export never replaces"
    if target.is_dir():
        return f"{target} is a folder"
    if (target.exists() or target.is_symlink()) and not force:
        return f"{target} already exists; add --force to replace it"
    return None


def _is_data_file(target: Path, data: Path) -> bool:
    """Whether ``target`` is the data file or one of its ``-wal``/``-shm``/``-journal`` companions
    (by name, through links, or as the same file under another name)."""
    names = [data.with_name(data.name + suffix) for suffix in ("", "-wal", "-shm", "-journal")]
    resolved = target.resolve()
    for name in names:
        if resolved == name.resolve():
            return True
        try:
            if os.path.samefile(target, name):
                return True
        except OSError:
            pass
    return False


def export_csv(records: list[dict[str, Any]], path: Path) -> int:
    """Write one CSV line per game record (the game in progress has no ``ended_at``) to a temporary file
    beside ``path``, then rename it over ``path``; return how many."""
    handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed below, then renamed
        "w", newline="", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False)
    try:
        with handle:
            writer = csv.writer(handle)
            writer.writerow(CSV_COLUMNS)
            for r in records:
                writer.writerow([r["code"], r["variant"], r["started_at"], r["ended_at"], game_seconds(r),
                                 r["moves"], r["undos"], r["score"], _yes(r["won"]), _yes(r["took_back"]),
                                 _yes(not r["reset_at"]), _yes(not r["ended_at"])])
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise
    return len(records)


def stats_table(stats: dict[str, dict[str, Any]], plugins: Plugins) -> str:
    """A readable table, one line per variant and one for the total, scores shown as each plugin shows them."""
    balance = any("balance" in s for s in stats.values())
    header = ["Variant", "Played", "Won", "Win rate", "Streak", "Longest", "Best score", "Fastest win", "Fewest moves"]
    rows = [header + (["Balance"] if balance else [])]
    variants = [key for key in stats if key != TOTAL]
    for key in [*variants, TOTAL]:
        s = stats[key]
        label = "Total" if key == TOTAL else _label(key, plugins)
        scored = variants if key == TOTAL else [key]
        row = [label, str(s["played"]), str(s["won"]), percent_text(s["win_rate"]), str(s["current_streak"]),
               str(s["longest_streak"]), _score(plugins, scored, s["best_score"]),
               _maybe(s["fastest_win_seconds"], duration_text), _maybe(s["fewest_moves_win"], str)]
        if balance:
            row.append(_score(plugins, [v for v in scored if "balance" in stats[v]], s.get("balance")))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) + balance)]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()
             for row in rows]
    if not variants:
        lines.append("No games recorded yet: a game counts once it is won, or left after its first move.")
    return "\n".join(lines)


def _label(key: str, plugins: Plugins) -> str:
    name = variant_text(plugins, key)
    return f"{key} (plugin not installed)" if name == key else f"{name} ({key})"


def _score(plugins: Plugins, variants: list[str], score: int | None) -> str:
    """A score of these variants, as their scoring plugin writes it (a plain number when they have several)."""
    if score is None:
        return "-"
    scorings = {scoring_token(plugins, v) or v for v in variants}
    return score_text(plugins, scorings.pop() if len(scorings) == 1 else "", score)


def _maybe(value: Any, fmt: Callable[[Any], str]) -> str:
    return "-" if value is None else fmt(value)


def _yes(flag: Any) -> str:
    return "yes" if flag else "no"
