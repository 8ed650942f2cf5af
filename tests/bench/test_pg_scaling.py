"""The scaling model of bench/pg_scaling.py and the /proc readings it is built on."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path

import asyncpg
import pytest

from bench.pg_scaling import (
    BackendWatch,
    Window,
    figures,
    predicted_speedup,
    throughput_bound,
)
from bench.proc_cpu import TICKS_PER_S, machine_ticks, process_ticks
from tests.postgres import ADMIN_URL, fresh_database

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _window(bot_ms: float, pg_ms: float, actions: int = 1000, active: int = 100,
            locked: int = 0) -> Window:
    """A window of `actions` actions costing these CPU milliseconds each."""
    ticks_per_ms = TICKS_PER_S / 1000
    return Window(seconds=1.0, actions=actions,
                  bot_ticks=round(bot_ms * actions * ticks_per_ms),
                  pg_ticks=round(pg_ms * actions * ticks_per_ms),
                  active_samples=active, lock_samples=locked)


def test_one_process_is_bound_by_its_own_core_or_by_all_cores() -> None:
    window = _window(bot_ms=1.0, pg_ms=1.0)
    assert throughput_bound(1, 8, window) == pytest.approx(1000)  # its Python: one core
    assert throughput_bound(1, 1, window) == pytest.approx(500)  # the one core is shared
    assert throughput_bound(4, 4, window) == pytest.approx(2000)


def test_two_processes_double_when_cores_are_free_and_nothing_waits() -> None:
    one, two = _window(1.0, 0.5), _window(1.0, 0.5)
    assert predicted_speedup(one, two, 4) == pytest.approx(2.0)
    assert predicted_speedup(one, two, 8) == pytest.approx(2.0)
    # On two cores one process and its backends already use 1.5 of them.
    assert predicted_speedup(one, two, 2) == pytest.approx(4 / 3)


def test_more_cpu_per_action_with_two_processes_lowers_the_prediction() -> None:
    one, two = _window(1.0, 0.5), _window(1.25, 0.5)
    assert predicted_speedup(one, two, 4) == pytest.approx(1.6)


def test_lock_waits_bound_the_speedup_as_amdahl_says() -> None:
    one, two = _window(1.0, 0.5), _window(1.0, 0.5, active=100, locked=50)
    assert predicted_speedup(one, two, 8) == pytest.approx(1 / (0.5 + 0.5 / 2))


def test_windows_add_up_and_figures_are_ratios_of_the_sums() -> None:
    total = _window(1.0, 0.5, actions=1000) + _window(3.0, 0.5, actions=1000)
    assert total.actions == 2000 and total.seconds == 2.0
    assert total.ms_per_action(total.bot_ticks) == pytest.approx(2.0)
    found = figures("store", _window(1.0, 0.5), _window(1.1, 0.55))
    assert found["pg_store_cpu_ms_per_action_bot"] == pytest.approx(1.0)
    assert found["pg_store_cpu_ms_per_action_two_vs_one"] == pytest.approx(1.1)
    assert found["pg_store_lock_wait_share"] == 0


def test_other_cores_are_the_machines_busy_cores_less_ours() -> None:
    cores = os.cpu_count() or 1
    window = Window(seconds=1.0, own_ticks=TICKS_PER_S // 2, busy_ticks=600, total_ticks=1000)
    assert window.other_cores == pytest.approx(0.6 * cores - 0.5)
    assert Window(seconds=1.0, own_ticks=TICKS_PER_S * 99, busy_ticks=1,
                  total_ticks=1000).other_cores == 0  # never below nothing


@needs_proc
def test_cpu_time_of_this_process_and_its_main_thread_is_read() -> None:
    pid = os.getpid()
    before, main_before = process_ticks(pid), process_ticks(pid, thread=pid)
    assert before is not None and main_before is not None and main_before <= before

    def spin() -> None:
        ends = (process_ticks(pid) or 0) + 5
        while (process_ticks(pid) or 0) < ends:
            pass

    worker = threading.Thread(target=spin)
    worker.start()
    worker.join()
    assert (process_ticks(pid) or 0) >= before + 5  # an ended thread's time still counts
    busy, total = machine_ticks()
    assert 0 < busy <= total


def test_a_process_that_is_gone_reads_as_none() -> None:
    assert process_ticks(2**22 + 12345) is None


@needs_proc
async def test_backends_waiting_on_a_lock_are_seen_and_their_cpu_counted() -> None:
    """A session blocked on another's advisory lock is a backend sample waiting on a lock;
    the backends' CPU is read from /proc (the server runs on this machine)."""
    async with fresh_database("bench") as url:
        holder, waiter = await asyncpg.connect(url), await asyncpg.connect(url)
        watcher = await asyncpg.connect(ADMIN_URL)
        try:
            await holder.execute("SELECT pg_advisory_lock(7)")
            watch = BackendWatch(watcher, url.rsplit("/", 1)[1])
            await watch.look(read_all=True)
            blocked = asyncio.create_task(waiter.execute("SELECT pg_advisory_lock(7)"))
            stop = asyncio.Event()
            watching = asyncio.create_task(watch.watch(stop))
            # Some CPU in a backend: a query that computes for a while.
            await holder.fetchval("SELECT count(*) FROM generate_series(1, 3000000)")
            stop.set()
            await watching
            await holder.execute("SELECT pg_advisory_unlock(7)")
            await blocked
        finally:
            for conn in (holder, waiter, watcher):
                await conn.close()
    assert watch.window.lock_samples >= 1
    assert watch.window.lock_samples < watch.window.active_samples  # the counting query
    assert watch.window.pg_ticks > 0
