"""The roll call of the bot processes sharing a database: each running process says every
minute which of Discord's shards it holds (`RollCall`), and the doctor names what is amiss
(`check_processes`): a shard no running process holds, whose servers' commands and
buttons would go unanswered; a shard held twice; processes that disagree on SHARD_COUNT;
two processes on one SQLite file."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime

from bot.ops.findings import Finding, note, ok, problem
from bot.store import BotProcess, Store, StoreError

log = logging.getLogger(__name__)

INTERVAL_S = 60.0
# A process not seen for three roll calls is taken as gone (killed, or its machine lost).
GONE_AFTER_S = 3 * INTERVAL_S
UNTIL_KNOWN_S = 5.0

Shards = Callable[[], tuple["int | None", "list[int]"]]  # (shard count, shards held)


def process_name() -> str:
    """host:pid:tag, the tag apart for each bot a process runs (tests run several)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class RollCall:
    """Answers the roll call for this process until stopped, then leaves it."""

    def __init__(self, store: Store, shards: Shards, *, name: str | None = None,
                 clock: Callable[[], float] = time.time,
                 interval: float = INTERVAL_S) -> None:
        self.store = store
        self.shards = shards  # asked afresh each time: Discord may tell the count late
        self.name = name or process_name()
        self.clock = clock
        self.started_at = clock()
        self.interval = interval
        self._task: asyncio.Task | None = None
        # Set once this process, knowing its shards, has looked for others holding them.
        self.looked_for_rivals = asyncio.Event()

    async def answer(self) -> None:
        count, held = self.shards()
        await self.store.processes.answer_roll_call(self.name, count, held, self.started_at)

    async def answer_soon(self) -> None:
        """Answer now; a failure is logged and waits for the next call."""
        try:
            await self.answer()
        except (StoreError, OSError) as exc:
            log.warning("roll call: not answered (%s)", exc)
        except Exception:  # the database's own errors: logged, never the end of the calls
            log.exception("roll call: not answered")

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def warn_of_rivals(self) -> None:
        """A warning for each other running process that holds a shard this one holds (on
        an SQLite file: any other bot on it). Said once, at start; the doctor goes on
        naming them."""
        count, held = self.shards()
        shared = self.store.dialect == "postgresql"
        others = await self.store.processes.bot_processes()
        for other, shards in rivals(self.name, count, held, others, self.clock(),
                                    shared=shared):
            since = datetime.fromtimestamp(other.started_at, UTC).strftime("%Y-%m-%d %H:%M")
            if shared:
                what, are = _shards_are(shards)
                log.warning("%s of %s %s also held by %s (running since %s UTC): both "
                            "processes answer its servers; give each process SHARD_IDS of "
                            "its own", what, count, are, other.name, since)
            else:
                log.warning("another bot uses this SQLite file: %s (running since %s UTC); "
                            "an SQLite file is for one process: stop one, or share a "
                            "DATABASE_URL", other.name, since)

    async def _look_for_rivals(self) -> None:
        try:
            await self.warn_of_rivals()
        except (StoreError, OSError) as exc:
            log.warning("roll call: could not look for other processes (%s)", exc)
        except Exception:  # the database's own errors: logged, the calls go on
            log.exception("roll call: could not look for other processes")
        self.looked_for_rivals.set()

    async def _run(self) -> None:
        while True:
            await self.answer_soon()
            if not self.looked_for_rivals.is_set() and self.shards()[0] is not None:
                await self._look_for_rivals()
            # Until Discord has told the shard count (the default, its recommendation),
            # look again soon, so the roll call is not a minute behind the connection.
            known = self.shards()[0] is not None
            await asyncio.sleep(self.interval if known else min(self.interval, UNTIL_KNOWN_S))

    async def stop(self) -> None:
        """A clean stop leaves the roll call at once (a killed process's row goes stale)."""
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None
        try:
            await self.store.processes.leave_roll_call(self.name)
        except Exception:  # stopping goes on; the row goes stale by itself
            log.exception("roll call: could not leave it")


def _alive_here(process: BotProcess) -> bool:
    """False for a process of this machine that is no longer there; True otherwise (a
    process of another machine cannot be asked)."""
    host, _, rest = process.name.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # there, under another user
    return True


def _shards_are(shards: set[int]) -> tuple[str, str]:
    """("shard 2", "is") or ("shards 2, 3", "are")."""
    listed = ", ".join(map(str, sorted(shards)))
    return (f"shard {listed}", "is") if len(shards) == 1 else (f"shards {listed}", "are")


def still_running(processes: list[BotProcess], now: float) -> list[BotProcess]:
    """Those that answered lately and, when of this machine, are still there."""
    return [p for p in processes if now - p.seen_at <= GONE_AFTER_S and _alive_here(p)]


def rivals(name: str, count: int | None, held: list[int], processes: list[BotProcess],
           now: float, *, shared: bool) -> list[tuple[BotProcess, set[int]]]:
    """The running processes other than `name` that hold a shard of `held` (of the same
    `count`), with the shards in common. On an SQLite file (not `shared`) every other
    running process is one."""
    found = []
    for other in still_running(processes, now):
        if other.name == name:
            continue
        common = set(held) & set(other.shard_ids)
        if not shared or (other.shard_count == count and common):
            found.append((other, common))
    return found


def check_processes(processes: list[BotProcess], now: float, *,
                    shared: bool) -> list[Finding]:
    """What the roll call says: `shared` is a PostgreSQL database (several processes
    welcome), else an SQLite file (one process)."""
    running = still_running(processes, now)
    found = [note("processes", f"{p.name} last answered {(now - p.seen_at) / 60:.0f} minutes "
                               "ago: it stopped without leaving (killed?)")
             for p in processes if p not in running]
    if not running:
        return found + [note("processes", "no bot process is running on this database")]
    names = ", ".join(p.name for p in running)
    if not shared:
        if len(running) > 1:
            return found + [problem("processes", f"{len(running)} bots use this "
                                                 f"SQLite file at once ({names}): an SQLite "
                                                 "file is for one process; stop all but one, "
                                                 "or share a DATABASE_URL")]
        return found + [ok("processes", f"the bot is running ({names})")]
    told = [p for p in running if p.shard_count is not None]
    counts = {p.shard_count for p in told}
    if len(counts) > 1:
        each = "; ".join(f"{p.name}: {p.shard_count}" for p in told)
        return found + [problem("processes", f"the running processes disagree on SHARD_COUNT "
                                             f"({each}): give every process the same")]
    if not counts:
        return found + [note("processes", f"{len(running)} bot processes running ({names}), "
                                          "still connecting to Discord")]
    count = counts.pop()
    assert count is not None
    held = Counter(s for p in told for s in p.shard_ids)
    missing = set(range(count)) - set(held)
    twice = {s for s, n in held.items() if n > 1}
    if missing:
        shards, are = _shards_are(missing)
        found.append(problem("processes", f"{shards} of {count} {are} held by no running "
                                          "process: their servers' commands and buttons go "
                                          "unanswered; start a process with "
                                          f"SHARD_IDS={','.join(map(str, sorted(missing)))}"))
    if twice:
        shards, are = _shards_are(twice)
        holders = ", ".join(p.name for p in told if twice & set(p.shard_ids))
        found.append(problem("processes", f"{shards} {are} held by more than one process "
                                          f"({holders}): give each process SHARD_IDS of its "
                                          "own"))
    if not missing and not twice:
        found.append(ok("processes", f"{len(running)} bot process"
                                     f"{'es' * (len(running) != 1)} running ({names}), "
                                     f"holding all {count} shards"))
    return found
