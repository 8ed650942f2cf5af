"""Every benchmark runs, at a tiny size. `make bench` and `make bench-ai` take minutes and
are not part of CI, so a change elsewhere that breaks a benchmark is caught here instead.
The figures at these sizes mean nothing; what is checked is that each module runs and
returns the keys `make bench` (or `make bench-ai`) reports, as numbers."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest

from bench.__main__ import BENCHES
from tests.postgres import need_postgres

BENCH_DIR = Path(__file__).resolve().parents[2] / "bench"
AI_BENCH = "bench.ai_bench"  # `make bench-ai`, not part of `make bench`
PG_BENCH = "bench.pg_bench"

GOAL_KEYS: dict[str, set[str]] = {module: set(goals) for module, goals in BENCHES}
GOAL_KEYS[AI_BENCH] = {"doge_strong_vs_normal_win_4p", "clans_strong_vs_normal_win_4p",
                       "strong_decision_s_p95", "ai_view_independence_violations",
                       "doge_stalemate_share_max", "doge_past_year_60",
                       "doge_years_p99_strong_vs_normal"}

# Tiny sizes: run() arguments (its tmpdir is added where it takes one) ...
SMALL_ARGS: dict[str, dict[str, Any]] = {
    "bench.doge_engine_bench": {"games": 2, "duel_games": 4},
    "bench.store_bench": {},
    "bench.render_bench": {"repeats": 1},
    "bench.discord_bench": {"concurrent_games": 2, "live_games": 4},
    "bench.channel_bench": {},
    # Two tables over five days still restart the bot once (every fourth day).
    "bench.discord_contract_bench": {"soak_games": 2, "soak_days": 5},
    "bench.scheduler_bench": {"deadlines": 40},
    PG_BENCH: {},
    "bench.clans_engine_bench": {"seconds": 0.05},
    "bench.recap_bench": {},
    "bench.i18n_bench": {},
    "bench.playouts_bench": {"seconds": 0.1},
    "bench.clans_render_bench": {"repeats": 1},
    "bench.web_bench": {"clients": 4, "rounds": 2, "steps": 1, "moves": 8},
    "bench.web_streams_bench": {},  # its figures name its sizes: a shorter window instead
    # A strong Doge game at the live budget alone takes about 17 s, so the strong seat
    # searches 20 simulations a decision here: every part of the benchmark still runs.
    AI_BENCH: {"games": 1, "positions": 1, "processes": 2, "simulations": 20,
               "level_games": 4},
}
# ... and module constants, for benchmarks whose sizes live there. pg_bench hands
# SPEEDUP_SECONDS to its worker processes on their command line.
SMALL_CONSTANTS: dict[str, dict[str, Any]] = {
    "bench.store_bench": {"SAMPLES": 20, "WARMUP": 2, "LOAD_GAMES": 5},
    "bench.channel_bench": {"YEARS": 1},
    "bench.recap_bench": {"SEEDS": range(1, 2)},
    "bench.web_streams_bench": {"WINDOW_S": 0.5},
    PG_BENCH: {"SAMPLES": 20, "WARMUP": 2, "DEADLINES": 50, "SPEEDUP_GAMES": 2,
               "SPEEDUP_SECONDS": 0.5, "SPEEDUP_ROUNDS": 1},
}


def test_every_benchmark_module_is_run_by_make_bench() -> None:
    """A new benchmark missing from BENCHES would run nowhere, not even here; one listed
    that no longer exists would break `make bench`."""
    on_disk = {f"bench.{path.stem}" for path in BENCH_DIR.glob("*_bench.py")}
    listed = [module for module, _ in BENCHES]
    assert len(listed) == len(set(listed))
    assert set(listed) | {AI_BENCH} == on_disk
    assert set(SMALL_ARGS) == on_disk, "give every benchmark a tiny size in SMALL_ARGS"
    assert set(SMALL_CONSTANTS) <= on_disk


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@pytest.mark.parametrize("name", [*GOAL_KEYS])
def test_benchmark_runs_at_a_tiny_size(name: str, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module(name)
    for constant, value in SMALL_CONSTANTS.get(name, {}).items():
        assert hasattr(module, constant), (name, constant)
        monkeypatch.setattr(module, constant, value)
    kwargs = dict(SMALL_ARGS[name])
    if "tmpdir" in inspect.signature(module.run).parameters:  # as `make bench` calls it
        kwargs["tmpdir"] = str(tmp_path)
    result = module.run(**kwargs)

    if name == PG_BENCH and "pg_skipped" in result:
        assert isinstance(result["pg_skipped"], str)
        need_postgres()  # fails under REQUIRE_POSTGRES (CI), else skips with the reason
        pytest.fail(f"a PostgreSQL server answers, yet the benchmark says: {result}")
    missing = GOAL_KEYS[name] - set(result)
    assert not missing, f"{name} no longer reports {sorted(missing)}"
    not_numbers = {key: result[key] for key in GOAL_KEYS[name] if not _is_number(result[key])}
    assert not not_numbers, f"{name} reports figures that are not numbers: {not_numbers}"
    if name == PG_BENCH:  # the games queued outlast the window, however short
        assert result["pg_lanes_ran_dry"] == 0
