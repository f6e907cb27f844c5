"""``klondike stats``: the statistics as a table or as JSON, and the game records as CSV."""

import argparse
import csv
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solitaire_klondike.core import Plugins
from solitaire_klondike.frontends.formats import duration_text, percent_text, score_text, scoring_token, variant_text
from solitaire_klondike.frontends.i18n import ngettext

from .opening import open_store
from .statistics import TOTAL, game_seconds

EXIT_CANNOT_WRITE = 2
CSV_COLUMNS = ("code", "variant", "started_at", "ended_at", "seconds", "moves", "undos", "score", "won",
               "took_back_from_foundation", "in_statistics", "in_progress")


def stats_command(args: argparse.Namespace, plugins: Plugins) -> int:
    """Print the statistics (``args.json``: as JSON), or write the records to ``args.export``."""
    store = open_store()
    try:
        for notice in store.notices:
            print(f"klondike: {notice.text}", file=sys.stderr)
        if args.export:
            try:
                playing = store.game_in_progress()
                count = export_csv(store.records() + ([playing] if playing else []), Path(args.export))
            except OSError as exc:
                print(f"klondike: cannot write {args.export}: {exc.strerror}", file=sys.stderr)
                return EXIT_CANNOT_WRITE
            print(ngettext("Wrote {count} game record to {file}.", "Wrote {count} game records to {file}.", count)
                  .format(count=count, file=args.export))
            return 0
        stats = store.statistics(plugins.carrying_scorings())
        print(json.dumps(stats, indent=2) if args.json else stats_table(stats, plugins))
        return 0
    finally:
        store.close()


def export_csv(records: list[dict[str, Any]], path: Path) -> int:
    """Write one CSV line per game record (the game in progress has no ``ended_at``); return how many."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for r in records:
            writer.writerow([r["code"], r["variant"], r["started_at"], r["ended_at"], game_seconds(r), r["moves"],
                             r["undos"], r["score"], _yes(r["won"]), _yes(r["took_back"]), _yes(not r["reset_at"]),
                             _yes(not r["ended_at"])])
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
