"""How long Doge games between computer players last, with a new table's settings (no
year limit; the stalemate end of D-9.4 after `STALEMATE_YEARS` quiet years), part of
`make bench-ai`.

For each table (`easy`, `normal`, `strong`: four seats of that level; `strong_vs_normal`:
one `strong` seat against three `normal`), suffixed with its name:
- `doge_years_p50_<table>`, `doge_years_p99_<table>`: the year the games ended in;
- `doge_stalemate_share_<table>`: the share ended by the stalemate end; the largest is
  `doge_stalemate_share_max` (goal: at most 0.02 at every level);
- `doge_past_year_60`: games of any table still running after year 60 (goal: none).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE as DOGE
from bot.tables.kits import get_kit

# The tables measured: a name and the level of each seat. Four strong seats think four
# times as long as one: they play an eighth as many games (`STRONG_TABLE_SHARE`).
TABLES = {
    "easy": ("easy",) * 4,
    "normal": ("normal",) * 4,
    "strong": ("strong",) * 4,
}
STRONG_TABLE_SHARE = 0.125
LONG_GAME = 60  # years: no game between computer players should run longer


def table_settings() -> dict[str, Any]:
    """The settings of a table opened with no options."""
    return get_kit("doge").settings_for({})


def play_table(levels: Sequence[str], number: int) -> tuple[int, str, list[int]]:
    """One game with a seat of each of `levels`: the year it ended in, why, and its
    winners."""
    kit = get_kit("doge")
    state = DOGE.new_game([PlayerSpec(f"P{i}") for i in range(len(levels))],
                          table_settings(), random.Random(f"years:{number}"))
    step = 0
    while not DOGE.is_over(state):
        seat = DOGE.pending(state)[0]
        rng = random.Random(f"{number}:{step}:{seat}")
        DOGE.apply_in_place(state, kit.ai_action(state, seat, rng, levels[seat]))
        step += 1
    return state.result["year"], state.result["reason"], list(state.result["winners"])


def percentile(values: Sequence[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(ends: dict[str, list[tuple[int, str]]]) -> dict[str, Any]:
    """The figures of each table from its games' (year, reason), keyed
    `doge_years_p50_<table>` and so on, and the worst of them against the goals."""
    out: dict[str, Any] = {}
    for table, games in ends.items():
        years = [y for y, _ in games]
        out[f"doge_years_p50_{table}"] = percentile(years, 0.5)
        out[f"doge_years_p99_{table}"] = percentile(years, 0.99)
        out[f"doge_stalemate_share_{table}"] = round(
            sum(1 for _, why in games if why == "stalemate") / len(games), 3)
        out[f"doge_games_{table}"] = len(games)
    out["doge_stalemate_share_max"] = max(out[f"doge_stalemate_share_{t}"] for t in ends)
    out["doge_past_year_60"] = sum(1 for games in ends.values() for y, _ in games
                                   if y > LONG_GAME)
    return out
