"""Statistics computed from the game records.

:func:`compute_statistics` returns a dict with one entry per variant key (``"D1N"``, ``"D3V"``…, the
draw token then the scoring token) and one under ``"total"``, each a dict of:

- ``played``, ``won``: games played (won, abandoned after an action, or in progress with an
  action: a game counts as played from its first action) and games won;
- ``win_rate``: ``won / played`` as a fraction from 0 to 1 (0 when nothing was played);
- ``current_streak``, ``longest_streak``: wins in a row, now and at best;
- ``best_score``: the highest final score, or ``None`` (in ``"total"`` also ``None`` when the games
  were scored by more than one scoring plugin, whose scores do not compare);
- ``fastest_win_seconds``: the shortest play time of a win (see :func:`game_seconds`), or ``None``;
- ``fewest_moves_win``: the fewest moves in a won game, or ``None``;
- ``balance``: for a variant whose scoring plugin carries its score from game to game (Cumulative Vegas:
  ``carries_score`` in its :class:`~solitaire_klondike.core.Variant`), the sum of the final scores
  of its games; in ``"total"`` the sum over every such game, or ``None`` when they were scored by
  more than one such plugin.
"""

import sqlite3
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime
from typing import Any

Record = Mapping[str, Any] | sqlite3.Row

TOTAL = "total"


def compute_statistics(
    records: Iterable[Record], playing: Iterable[Record] = (), carrying: Collection[str] = (),
) -> dict[str, dict[str, Any]]:
    """Statistics from game records given oldest first, and the game in progress if it has an action
    (``playing``: rows with ``variant`` and ``scoring``), which counts as played and nothing more;
    ``carrying``: the scoring tokens whose score carries from game to game."""
    records, playing = list(records), list(playing)
    by_variant: dict[str, list[Record]] = {}
    for record in records + playing:
        by_variant.setdefault(record["variant"], [])
    for record in records:
        by_variant[record["variant"]].append(record)
    result = {
        variant: _summary(by_variant[variant], sum(p["variant"] == variant for p in playing), carrying)
        for variant in sorted(by_variant)
    }
    result[TOTAL] = _summary(records, len(playing), carrying)
    if len({r["scoring"] for r in records}) > 1:
        result[TOTAL]["best_score"] = None
    if len({r["scoring"] for r in records if r["scoring"] in carrying}) > 1:
        result[TOTAL]["balance"] = None
    return result


def _summary(records: list[Record], in_progress: int, carrying: Collection[str]) -> dict[str, Any]:
    wins = [r for r in records if r["won"]]
    played = len(records) + in_progress
    streak = longest = 0
    for record in records:
        streak = streak + 1 if record["won"] else 0
        longest = max(longest, streak)
    summary: dict[str, Any] = {
        "played": played,
        "won": len(wins),
        "win_rate": len(wins) / played if played else 0.0,
        "current_streak": streak,
        "longest_streak": longest,
        "best_score": max((r["score"] for r in records), default=None),
        "fastest_win_seconds": min((game_seconds(r) for r in wins), default=None),
        "fewest_moves_win": min((r["moves"] for r in wins), default=None),
    }
    carried = [r for r in records if r["scoring"] in carrying]
    if carried:
        summary["balance"] = sum(r["score"] for r in carried)
    return summary


def game_seconds(record: Record) -> float:
    """The time a game was played, in seconds: while it was open, not while the game was closed (for records
    older than that measure, the time from the deal to the end)."""
    if "played_seconds" in record.keys() and record["played_seconds"] is not None:  # noqa: SIM118 (a Row iterates its values)
        return round(record["played_seconds"], 3)
    elapsed = datetime.fromisoformat(record["ended_at"]) - datetime.fromisoformat(record["started_at"])
    return round(elapsed.total_seconds(), 3)
