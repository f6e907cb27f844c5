"""Statistics computed from the game records.

:func:`compute_statistics` returns a dict with one entry per variant key (``"D1N"``, ``"D3V"``…, the
draw token then the scoring token) and one under ``"total"``, each a dict of:

- ``played``, ``won``: games recorded (won or abandoned after an action) and games won;
- ``win_rate``: ``won / played`` as a fraction from 0 to 1 (0 when nothing was played);
- ``current_streak``, ``longest_streak``: wins in a row, now and at best;
- ``best_score``: the highest final score, or ``None`` (in ``"total"`` also ``None`` when the games
  were scored by more than one scoring plugin, whose scores do not compare);
- ``fastest_win_seconds``: the shortest time from deal to win, or ``None``;
- ``fewest_moves_win``: the fewest moves in a won game, or ``None``;
- ``vegas_balance``: for Vegas variants (scoring token ``V``), and in ``"total"`` when there is one,
  the sum of the final scores of their games.
"""

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

VEGAS = "V"
TOTAL = "total"


def compute_statistics(records: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Statistics from game records given oldest first."""
    records = list(records)
    by_variant: dict[str, list[Mapping[str, Any]]] = {}
    for record in records:
        by_variant.setdefault(record["variant"], []).append(record)
    result = {variant: _summary(by_variant[variant]) for variant in sorted(by_variant)}
    result[TOTAL] = _summary(records)
    if len({r["scoring"] for r in records}) > 1:
        result[TOTAL]["best_score"] = None
    return result


def _summary(records: list[Mapping[str, Any]]) -> dict[str, Any]:
    wins = [r for r in records if r["won"]]
    streak = longest = 0
    for record in records:
        streak = streak + 1 if record["won"] else 0
        longest = max(longest, streak)
    summary: dict[str, Any] = {
        "played": len(records),
        "won": len(wins),
        "win_rate": len(wins) / len(records) if records else 0.0,
        "current_streak": streak,
        "longest_streak": longest,
        "best_score": max((r["score"] for r in records), default=None),
        "fastest_win_seconds": min((game_seconds(r) for r in wins), default=None),
        "fewest_moves_win": min((r["moves"] for r in wins), default=None),
    }
    vegas = [r for r in records if r["scoring"] == VEGAS]
    if vegas:
        summary["vegas_balance"] = sum(r["score"] for r in vegas)
    return summary


def game_seconds(record: Mapping[str, Any]) -> float:
    """The time from a record's deal to its end, in seconds."""
    elapsed = datetime.fromisoformat(record["ended_at"]) - datetime.fromisoformat(record["started_at"])
    return round(elapsed.total_seconds(), 3)
