"""`make bench`: every benchmark, a readable table, and bench/results.json."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from bench.goals import goal_table

# Per kind of work on PostgreSQL (bench/pg_scaling.py): CPU per stored action in the bot
# process and in its backends, measured per process; the measured speedup of two processes
# beside the cores other work used meanwhile; what two processes would gain on 4 free cores.
PG_SCALING_GOALS = {
    f"pg_{work}_{figure}": goal for work in ("store", "table", "bot") for figure, goal in (
        ("cpu_ms_per_action_bot", ""), ("cpu_ms_per_action_pg", ""),
        ("cpu_ms_per_action_two_vs_one", "<= 1.1"), ("two_process_speedup", ""),
        ("other_process_cores", ""), ("predicted_speedup_4_cores", ">= 1.8"))}

# (module, goal text) — each module's run() returns {key: figure}.
BENCHES = [
    ("bench.doge_engine_bench", {"doge_random_games_per_s": ">= 50",
                                 "doge_heuristic_win_rate": "clearly > 0.25"}),
    ("bench.store_bench", {"store_action_ratio_p50": "<= 2", "store_action_ratio_p99": "<= 2",
                           "store_load_1000_games_s": "<= 5"}),
    ("bench.render_bench", {"doge_render_vs_rgb_encode": "<= 1.0", "doge_render_ratio": "<= 1.3",
                            "doge_png_bytes": "<= 100000"}),
    ("bench.discord_bench", {"ballot_click_p50_ms": "", "ballot_click_p99_ms": "<= 50",
                             "rss_1000_games_mb": "<= 300"}),
    ("bench.channel_bench", {"doge_channel_posts_per_year": "<= 12",
                             "doge_channel_pings_per_year": "", "doge_channel_kept_per_year": "",
                             "doge_channel_edits_per_year": "",
                             "doge_channel_lines_per_year": "<= 30"}),
    ("bench.discord_contract_bench", {"discord_contract_violations": "= 0",
                                      "contract_checked_requests": "",
                                      "soak_lost_steps": "= 0", "soak_other_problems": "= 0"}),
    ("bench.scheduler_bench", {"scheduler_cpu_s_per_hour_10k": "low",
                               "scheduler_reschedule_10k_s": "low"}),
    ("bench.pg_bench", {"pg_store_action_ratio_p50": "<= 2", "pg_deadlines_fired_twice": "= 0",
                        **PG_SCALING_GOALS, "pg_lock_wait_share": "<= 0.01",
                        "pg_other_process_cores": "", "pg_lanes_ran_dry": "= 0",
                        "pg_bare_two_process_speedup": ""}),  # a note without PostgreSQL
    ("bench.clans_engine_bench", {"clans_random_games_per_s": ">= 200"}),
    ("bench.recap_bench", {"recap_bytes_max": "< 8388608"}),
    ("bench.i18n_bench", {"i18n_missing": "= 0", "i18n_texts": ""}),
    ("bench.playouts_bench", {"doge_playouts_ratio": ">= 4", "clans_playouts_ratio": ">= 2"}),
    ("bench.clans_render_bench", {"clans_render_ratio": "<= 1.3",
                                  "clans_render_vs_rgb_encode": "<= 1.0",
                                  "clans_png_bytes": "<= 80000"}),
    ("bench.web_bench", {"web_step_page_p95_ms": "<= 100", "web_step_page_p50_ms": "",
                         "web_step_page_server_cpu_ms": "",
                         "web_uncached_step_ms": "", "web_board_render_ms": "",
                         "web_uncached_step_ratio": "<= 1.5", "web_page_bytes": "<= 60000",
                         "web_cached_step_cpu_ratio": "<= 2"}),
    ("bench.web_streams_bench", {"web_sql_per_s_10_streams": "",
                                 "web_sql_per_s_200_streams": "",
                                 "web_sql_per_s_200_vs_10_streams": "<= 1.2",
                                 "web_stream_rss_kb_each": ""}),
]


RUNNER = """
import inspect, json, sys, tempfile
from {module} import run
with tempfile.TemporaryDirectory() as tmp:
    wants_dir = "tmpdir" in inspect.signature(run).parameters
    print(json.dumps(run(tmpdir=tmp) if wants_dir else run()))
"""


def run_isolated(module_name: str) -> dict:
    """Each benchmark in its own process, so one's memory or caches never colour
    another's figures (the memory benchmark above all)."""
    out = subprocess.run([sys.executable, "-c", RUNNER.format(module=module_name)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def flatten(prefix: str, value, into: dict) -> None:
    if isinstance(value, dict):  # a small table of figures: one key each
        for key, inner in value.items():
            flatten(f"{prefix}.{key}" if prefix else str(key), inner, into)
    else:
        into[prefix] = value


def main() -> int:
    results: dict[str, float] = {}
    goals: dict[str, str] = {}
    for module_name, module_goals in BENCHES:
        started = time.perf_counter()
        flatten("", run_isolated(module_name), results)
        print(f"{module_name}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
        goals.update(module_goals)
    print("\n".join(goal_table(results, goals)))
    out = Path(__file__).parent / "results.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    print("written to bench/results.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
