"""CPU time of processes, of threads and of the whole machine, as Linux's /proc tells it,
in clock ticks (TICKS_PER_S a second). Where /proc cannot be read (another system, or a
process that has ended) the readings are None or 0, and figures made from them are 0."""

from __future__ import annotations

import os

TICKS_PER_S = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_ticks(pid: int, thread: int | None = None) -> int | None:
    """User and system CPU ticks of a process, all its threads (ended ones included), or
    of one of its threads; None when it is gone or cannot be read."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    try:
        with open(path) as stat:
            text = stat.read()
    except OSError:
        return None
    # The command name in parentheses may hold spaces; the fields after it start at the
    # third (the state), so utime (the 14th) and stime (the 15th) are at 11 and 12.
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def process_name(pid: int) -> str | None:
    """The name a process runs under (PostgreSQL's backends: "postgres"), or None."""
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip()
    except OSError:
        return None


def machine_ticks() -> tuple[int, int]:
    """The machine's busy and total CPU ticks so far, summed over all its cores."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(t) for t in stat.readline().split()[1:]]
    except OSError:
        return 0, 0
    idle = ticks[3] + ticks[4]  # idle and waiting for the disk
    # Guest time (the last two) is already counted in user time.
    total = sum(ticks[:8])
    return total - idle, total
