"""Measuring worker processes on PostgreSQL per process, not per machine: the CPU time
of the workers (and of their event-loop threads) and of this database's backends over a
window, what the backends waited on, and what the rest of the machine did meanwhile; and
from those, what more processes would gain on a machine with cores to spare.

The model (predicted_speedup): an action costs `bot` ms of CPU in its bot process and
`pg` ms in its PostgreSQL backends (both measured, with one process and with two). A bot
process runs its Python on one core at a time (the GIL), its event loop and its drawing
threads alike; its backends are processes of their own. So P processes on N free cores
make at most

    min(P * 1000 / bot,  N * 1000 / (bot + pg))

actions a second, and two processes gain over one at most Amdahl's 1 / (w + (1 - w) / 2),
where w is the share of the backends' active samples that waited on a lock (the part two
processes do one after the other). The speedup predicted for N cores is the bound for two
processes (at their measured CPU per action) over the bound for one. It leaves out the
disk (every commit waits for its WAL flush; concurrent commits share one), and drawing's
C code that lets go of the GIL (a process that draws may use a little more than a core,
so on 2 cores the prediction for drawn boards errs high).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bench.proc_cpu import TICKS_PER_S, machine_ticks, process_name, process_ticks

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_EVERY_S = 0.01  # how often pg_stat_activity is looked at during a window
TICKS_EVERY = 10  # looks between readings of every backend's CPU (one may end early)
PREDICTED_CORES = (2, 4, 8)


@dataclass
class Window:
    """What a run measured, from letting its workers go until the last one answered.
    Windows of the same kind add up (figures are ratios of sums, not means of ratios)."""

    seconds: float = 0.0
    actions: int = 0
    dry: int = 0  # lanes that ran out of games before the time was up
    bot_ticks: int = 0  # the worker processes, all their threads
    loop_ticks: int = 0  # their main threads, where the event loop runs
    pg_ticks: int = 0  # this database's backends
    own_ticks: int = 0  # all these, and the measuring process and its connection
    busy_ticks: int = 0  # the whole machine, all cores
    total_ticks: int = 0
    active_samples: int = 0  # backends seen working (pg_stat_activity.state = 'active')
    lock_samples: int = 0  # ... and waiting on a lock (wait_event_type = 'Lock')
    wal_samples: int = 0  # ... and waiting on writing or flushing the WAL

    def __add__(self, other: Window) -> Window:
        return Window(*(a + b for a, b in zip(dataclasses.astuple(self),
                                              dataclasses.astuple(other), strict=True)))

    def ms_per_action(self, ticks: int) -> float:
        return 1000 * ticks / TICKS_PER_S / max(1, self.actions)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def own_cores(self) -> float:
        return self.own_ticks / TICKS_PER_S / self.seconds if self.seconds else 0.0

    @property
    def other_cores(self) -> float:
        """Cores the rest of the machine kept busy: the machine's busy cores less ours."""
        if not self.total_ticks:
            return 0.0
        busy = self.busy_ticks / self.total_ticks * (os.cpu_count() or 1)
        return max(0.0, busy - self.own_cores)

    def share(self, samples: int) -> float:
        return samples / self.active_samples if self.active_samples else 0.0


class BackendWatch:
    """This database's backends during a window: each one's CPU ticks when first seen
    and when last read, and samples of what the working ones wait on. A backend's CPU
    is read only where its pid is a PostgreSQL process on this machine (a server
    elsewhere leaves the backends' CPU at 0)."""

    def __init__(self, conn: asyncpg.Connection, database: str) -> None:
        self._conn = conn
        self._database = database
        self._first: dict[int, int] = {}
        self._last: dict[int, int] = {}
        self._started = False
        self.window = Window()

    async def look(self, *, read_all: bool = False) -> None:
        rows = await self._conn.fetch(
            "SELECT pid, state, wait_event_type, wait_event FROM pg_stat_activity "
            "WHERE datname = $1", self._database)
        for row in rows:
            pid = row["pid"]
            if pid not in self._first and process_name(pid) == "postgres":
                # Seen first after the start: it was born in the window, from 0 ticks.
                self._first[pid] = (process_ticks(pid) or 0) if not self._started else 0
                self._last[pid] = self._first[pid]
            if self._started and row["state"] == "active":
                self.window.active_samples += 1
                self.window.lock_samples += row["wait_event_type"] == "Lock"
                self.window.wal_samples += (row["wait_event"] or "").startswith("WAL")
        if read_all:
            for pid in self._last:
                self._last[pid] = process_ticks(pid) or self._last[pid]

    async def watch(self, stop: asyncio.Event) -> None:
        """Look every SAMPLE_EVERY_S until `stop`, then read every backend's CPU."""
        self._started = True
        looks = 0
        while not stop.is_set():
            looks += 1
            await self.look(read_all=looks % TICKS_EVERY == 0)
            try:
                await asyncio.wait_for(stop.wait(), SAMPLE_EVERY_S)
            except TimeoutError:
                pass
        await self.look(read_all=True)
        self.window.pg_ticks = sum(self._last[p] - self._first[p] for p in self._first)


def _worker_ticks(pids: list[int]) -> tuple[int, int]:
    """CPU ticks of these processes, all threads and main threads only."""
    return (sum(process_ticks(p) or 0 for p in pids),
            sum(process_ticks(p, thread=p) or 0 for p in pids))


async def _start(args: list[str]) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.pg_workers", *args, cwd=ROOT,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    return proc


async def _line(proc: asyncio.subprocess.Process) -> bytes:
    assert proc.stdout is not None
    line = await proc.stdout.readline()
    if not line:
        raise RuntimeError(f"a worker process ended early (exit {await proc.wait()})")
    return line


async def _say(proc: asyncio.subprocess.Process, word: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(f"{word}\n".encode())
    await proc.stdin.drain()


async def together(admin_url: str, url: str, commands: list[list[str]]) -> tuple[list[Any],
                                                                                   Window]:
    """Start a worker process per command, let them go at once when all are ready, and
    measure them until the last answers; their answers and the window."""
    procs = [await _start([kind, url, *rest]) for kind, *rest in commands]
    try:
        answers, window = await _measure(admin_url, url, procs)
    except BaseException:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
        raise
    for proc in procs:
        await _say(proc, "bye")
    if any([await proc.wait() for proc in procs]):
        raise RuntimeError("a worker process failed")
    return answers, window


async def _measure(admin_url: str, url: str,
                   procs: list[asyncio.subprocess.Process]) -> tuple[list[Any], Window]:
    watcher = await asyncpg.connect(admin_url)  # not a backend of the database watched
    stop = asyncio.Event()
    watching: asyncio.Task[None] | None = None
    try:
        for proc in procs:
            if await _line(proc) != b"ready\n":
                raise RuntimeError("a worker process said something other than ready")
        watch = BackendWatch(watcher, url.rsplit("/", 1)[1])
        await watch.look(read_all=True)
        pids = [proc.pid for proc in procs]
        own = [os.getpid(), await watcher.fetchval("SELECT pg_backend_pid()")]
        bot0, loop0 = _worker_ticks(pids)
        own0 = sum(process_ticks(p) or 0 for p in own)
        busy0, total0 = machine_ticks()
        started = time.perf_counter()
        watching = asyncio.create_task(watch.watch(stop))
        for proc in procs:
            await _say(proc, "go")
        answers = [json.loads(line) for line in
                   await asyncio.gather(*(_line(proc) for proc in procs))]
        seconds = time.perf_counter() - started
        bot1, loop1 = _worker_ticks(pids)
        stop.set()
        await watching
        own1 = sum(process_ticks(p) or 0 for p in own)
        busy1, total1 = machine_ticks()
    finally:
        stop.set()
        if watching is not None and not watching.done():
            watching.cancel()
        await watcher.close()
    window = dataclasses.replace(
        watch.window, seconds=seconds, bot_ticks=bot1 - bot0, loop_ticks=loop1 - loop0,
        busy_ticks=busy1 - busy0, total_ticks=total1 - total0)
    window.own_ticks = window.bot_ticks + window.pg_ticks + own1 - own0
    if answers and isinstance(answers[0], dict):
        window.actions = sum(a["actions"] for a in answers)
        window.dry = sum(a["dry"] for a in answers)
    return answers, window


def throughput_bound(processes: int, cores: int, window: Window) -> float:
    """Actions per second `processes` such processes can make on `cores` free cores,
    by CPU alone (see the module's docstring)."""
    bot = window.ms_per_action(window.bot_ticks)
    whole = window.ms_per_action(window.bot_ticks + window.pg_ticks)
    if not bot:
        return 0.0
    return min(processes * 1000 / bot, cores * 1000 / whole)


def predicted_speedup(one: Window, two: Window, cores: int) -> float:
    """Two processes against one on `cores` free cores, as the model predicts."""
    alone = throughput_bound(1, cores, one)
    if not alone:
        return 0.0
    wait = two.share(two.lock_samples)
    return min(throughput_bound(2, cores, two) / alone, 1 / (wait + (1 - wait) / 2))


def figures(path: str, one: Window, two: Window) -> dict[str, float]:
    """The figures of one kind of work, measured with one process and with two."""
    key = f"pg_{path}_"
    cpu_one = one.ms_per_action(one.bot_ticks + one.pg_ticks)
    cpu_two = two.ms_per_action(two.bot_ticks + two.pg_ticks)
    both = one + two
    found = {
        key + "actions_per_s_one_process": round(one.rate, 1),
        key + "actions_per_s_two_process": round(two.rate, 1),
        key + "two_process_speedup": round(two.rate / one.rate, 2) if one.rate else 0.0,
        key + "other_process_cores": round(both.other_cores, 2),
        key + "one_process_cores": round(one.own_cores, 2),
        key + "cpu_ms_per_action_bot": round(one.ms_per_action(one.bot_ticks), 3),
        key + "cpu_ms_per_action_loop": round(one.ms_per_action(one.loop_ticks), 3),
        key + "cpu_ms_per_action_pg": round(one.ms_per_action(one.pg_ticks), 3),
        key + "cpu_ms_per_action_bot_two_process": round(two.ms_per_action(two.bot_ticks), 3),
        key + "cpu_ms_per_action_pg_two_process": round(two.ms_per_action(two.pg_ticks), 3),
        key + "cpu_ms_per_action_two_vs_one": round(cpu_two / cpu_one, 2) if cpu_one else 0.0,
        key + "lock_wait_share": round(two.share(two.lock_samples), 4),
        key + "wal_wait_share": round(both.share(both.wal_samples), 3),
    }
    for cores in PREDICTED_CORES:
        found[key + f"predicted_speedup_{cores}_cores"] = round(
            predicted_speedup(one, two, cores), 2)
    return found
