"""The engine benchmark runs and reports its key."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "clans_engine_bench.py"


def test_benchmark_reports_games_per_second_c_6_1() -> None:
    spec = importlib.util.spec_from_file_location("clans_engine_bench", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.run(seconds=0.2)
    assert set(result) == {"clans_random_games_per_s"}
    assert isinstance(result["clans_random_games_per_s"], float)
    assert result["clans_random_games_per_s"] > 0
