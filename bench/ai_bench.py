"""`make bench-ai`: how strong the `strong` level is, how long it thinks, and whether it
ever reads more than its seat's view. Not part of `make bench` (it takes many minutes).

- `{game}_strong_vs_normal_win_4p`: four-player games, one `strong` seat against three
  `normal` ones, the strong seat rotated through the seats; its share of the games won
  (a shared first place counts its share; a fair share is 0.25), with a 95% interval.
- `strong_decision_s_p95`: the strong seat's decisions at the live budget (a fixed count
  of simulations, so a run repeats exactly), CPU seconds of the process thinking.
- `ai_view_independence_violations`: positions of both games where the strong level chose
  differently when handed another full state with the same view for its seat.
- `doge_years_p50`, `doge_years_p99`, `doge_stalemate_share`, `doge_past_year_60`: how
  long Doge games last, for four seats of each level and for one strong against three
  normal (`ai_years.py`).

Every game is played with the settings of a table opened with no options: no year limit.

Games run in one process per core. `python -m bench.ai_bench --games 20` is a shorter run.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.ai_years import STRONG_TABLE_SHARE, TABLES, play_table, summary, table_settings
from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE as CLANS
from bot.games.doge import ENGINE as DOGE
from bot.tables.ai_pool import default_processes
from bot.tables.kits import get_kit

ENGINES = {"doge": DOGE, "clans": CLANS}
RESULTS = Path(__file__).with_name("ai-results.json")
SETTINGS = {"doge": table_settings(), "clans": {}}  # a new table's: no year limit
CHECK_SIMULATIONS = 40  # the view check compares choices; a small budget checks as well


def winners(game: str, state: Any) -> list[int]:
    if game == "doge":
        return list(state.result["winners"])
    return [s for s, r in enumerate(CLANS.ranking(state)) if r == 1]


@contextmanager
def strong_budget(game: str, simulations: int | None) -> Iterator[None]:
    """The strong level searches `simulations` a decision in this process meanwhile
    (None: its live budget)."""
    from bot.games.clans import strong as clans_strong
    from bot.games.doge import strong as doge_strong

    module = doge_strong if game == "doge" else clans_strong
    budget = module.SIMULATIONS
    module.SIMULATIONS = simulations or budget
    try:
        yield
    finally:
        module.SIMULATIONS = budget


Played = tuple[float, list[float], tuple[int, str] | None]


def play_game(game: str, number: int, simulations: int | None = None) -> Played:
    """One game, the strong seat at `number % 4`: its share of the win, the CPU seconds
    of each of its decisions (at the live budget unless `simulations` is given) and, in
    Doge, the year the game ended in and why."""
    with strong_budget(game, simulations):
        return _play_game(game, number)


def play_level_table(table: str, number: int,
                     simulations: int | None = None) -> tuple[int, str]:
    """One Doge game of four seats of the level `table`: the year it ended in, why."""
    with strong_budget("doge", simulations):
        return play_table(TABLES[table], number)[:2]


def _play_game(game: str, number: int) -> Played:
    engine, kit = ENGINES[game], get_kit(game)
    state = engine.new_game([PlayerSpec(f"P{i}") for i in range(4)], SETTINGS[game],
                            random.Random(f"{game}:{number}"))
    strong = number % 4
    thinking: list[float] = []
    step = 0
    while not engine.is_over(state):
        seat = engine.pending(state)[0]
        rng = random.Random(f"{number}:{step}:{seat}")
        if seat == strong:
            started = time.process_time()
            action = kit.ai_action(state, seat, rng, "strong")
            thinking.append(time.process_time() - started)
        else:
            action = kit.ai_action(state, seat, rng, "normal")
        engine.apply_in_place(state, action)
        step += 1
    won = winners(game, state)
    end = (state.result["year"], state.result["reason"]) if game == "doge" else None
    return (1 / len(won) if strong in won else 0.0), thinking, end


def interval(shares: list[float]) -> list[float]:
    """A 95% interval of the mean share (normal approximation; shares lie in [0, 1])."""
    n = len(shares)
    mean = sum(shares) / n
    var = sum((s - mean) ** 2 for s in shares) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return [round(max(0.0, mean - half), 3), round(min(1.0, mean + half), 3)]


def view_violations(game: str, count: int, seed: int = 0) -> tuple[int, int]:
    """Over `count` positions: hand the strong level the true state, then a state sampled
    from the seat's view (`determinize`, so every secret differs); count differing
    choices. Returns (violations, positions checked)."""
    from tests.ai.helpers import positions

    engine, kit = ENGINES[game], get_kit(game)
    violations = checked = 0
    rng = random.Random(seed)
    with strong_budget(game, CHECK_SIMULATIONS):
        for state in positions(game, count, seed=seed, smart=0.5 if game == "doge" else 0.15):
            if engine.is_over(state):
                continue
            seat = rng.choice(engine.pending(state))
            other = engine.determinize(engine.public_view(state, seat), rng)
            first = kit.ai_action(state, seat, random.Random(seed + checked), "strong")
            second = kit.ai_action(other, seat, random.Random(seed + checked), "strong")
            violations += first != second
            checked += 1
    return violations, checked


def progress(figures: dict[str, Any]) -> None:
    """A part's figures as soon as they are known (a long run stopped early keeps them)."""
    print(json.dumps(figures), file=sys.stderr, flush=True)


def run(games: int = 200, positions: int = 600, processes: int | None = None,
        simulations: int | None = None, level_games: int = 200) -> dict:
    """`simulations` lowers the strong seat's budget in the games, for a quick check that
    the benchmark runs; its figures are then not the live level's. `level_games`: Doge
    games of each four-seat table (`STRONG_TABLE_SHARE` of them for four strong seats)."""
    processes = processes or max(2, default_processes())
    out: dict[str, Any] = {}
    thinking: list[float] = []
    ends: dict[str, list[tuple[int, str]]] = {}
    started = time.monotonic()
    with ProcessPoolExecutor(processes) as pool:
        checks = [pool.submit(view_violations, g, positions, 5) for g in ENGINES]
        for table in TABLES:
            count = level_games if table != "strong" else \
                max(1, round(level_games * STRONG_TABLE_SHARE))
            ends[table] = list(pool.map(play_level_table, [table] * count, range(count),
                                        [simulations] * count))
            progress(summary({table: ends[table]}))
        for game in ENGINES:
            results = list(pool.map(play_game, [game] * games, range(games),
                                    [simulations] * games))
            shares = [share for share, _, _ in results]
            for _, times, _ in results:
                thinking.extend(times)
            if game == "doge":
                ends["strong_vs_normal"] = [end for _, _, end in results if end]
            out[f"{game}_strong_vs_normal_win_4p"] = round(sum(shares) / len(shares), 3)
            out[f"{game}_strong_vs_normal_win_4p_95"] = interval(shares)
            out[f"{game}_games"] = games
            progress({k: v for k, v in out.items() if k.startswith(game)})
        found = [c.result() for c in checks]
    out.update(summary(ends))
    thinking.sort()
    out["strong_decision_s_p95"] = round(thinking[int(0.95 * (len(thinking) - 1))], 3)
    out["strong_decision_s_p50"] = round(thinking[len(thinking) // 2], 3)
    out["ai_view_independence_violations"] = sum(v for v, _ in found)
    out["ai_view_independence_positions"] = sum(n for _, n in found)
    out["minutes"] = round((time.monotonic() - started) / 60, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each game")
    parser.add_argument("--positions", type=int, default=600,
                        help="positions of each game for the view check")
    parser.add_argument("--level-games", type=int, default=200,
                        help="Doge games of each four-seat table (an eighth of it for "
                             "four strong seats)")
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    out = run(args.games, args.positions, args.processes, level_games=args.level_games)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
