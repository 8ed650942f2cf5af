"""The table clock's timer and its start-up: one task for every table, which a fault does
not end. Part of the table clock (mixed into `TableClock`, bot/tables/clock.py).

A tick the database refuses (read-only for a moment, a full disk, a lost connection) is
logged once and tried again after a pause that grows while it keeps failing; the rows it
had claimed are let go, so the next try takes them at once. A game that cannot be brought
in step at start-up is logged and skipped; the others start."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from bot.background import FIRST_RETRY_S, Backoff
from bot.store import ACTIVE, WAKE_HORIZON_S
from bot.tables.not_installed import NotInstalled

log = logging.getLogger("bot.tables.clock")

# Wake now and then even with nothing due: in case of clock jumps, and for the rows other
# processes set without waking this clock (due later than this, bot/store/deadlines.py).
MAX_SLEEP_S = WAKE_HORIZON_S


class ClockLoop:
    """Uses the clock's store, service, clock, owner, tick(), sync() and its `_changed`
    event and `_task`."""

    store: Any
    service: Any
    clock: Callable[[], float]
    owner: str
    _changed: asyncio.Event
    _in_step: dict[int, int]
    _task: asyncio.Task | None
    first_retry: float = FIRST_RETRY_S  # the pause after a failed tick, doubling
    backoff: Backoff | None = None  # the timer's failures in a row, once it runs

    async def tick(self) -> int: ...

    async def sync(self, game: Any) -> None: ...

    def poke(self) -> None: ...

    async def next_wake(self) -> float | None:
        times = [t for t in (await self.store.deadlines.next_due_at(),
                             await self.store.tables.next_digest_at()) if t is not None]
        return min(times) if times else None

    async def run(self) -> None:
        """Sleep until the next row falls due (or rows change), handle it, repeat; after
        a failure, pause and try again."""
        backoff = self.backoff = Backoff("the table clock (deadlines, reminders, digests)",
                                         log, first=self.first_retry)
        watching = False
        while True:
            self._changed.clear()
            try:
                if not watching:  # other processes' changes too
                    await self.store.deadlines.watch(self.poke)
                    watching = True
                await self.tick()
                next_at = await self.next_wake()
            except Exception as exc:
                pause = backoff.failed(exc)
                await self._let_go_quietly()
                await asyncio.sleep(pause)
                continue
            backoff.worked()
            wait = MAX_SLEEP_S if next_at is None else max(0.0, next_at - self.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout=min(wait, MAX_SLEEP_S))

    async def _let_go_quietly(self) -> int:
        """Let go of the rows this clock claimed (0 when the database refuses that too:
        the lease runs out)."""
        try:
            return await self.store.deadlines.release_claims(self.owner)
        except Exception:
            return 0

    def in_loop(self) -> bool:
        """Whether the caller runs in the timer's own task (what it sets off must not
        wait there for Discord: cogs/common/table_posts.py)."""
        return self._task is not None and asyncio.current_task() is self._task

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="table-clock")

    async def stop(self) -> None:
        """Stop the timer and let go of what it claimed; never raises (a stop goes on)."""
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        except Exception:  # it had ended on its own: said here, the stop goes on
            log.exception("the table clock had stopped")
        # What it claimed and did not get to is not left waiting out the lease.
        try:
            released = await self.store.deadlines.release_claims(self.owner)
        except Exception:
            log.exception("stopping: could not let go of the claimed deadline rows")
        else:
            if released:
                log.info("stopping: let go of %d claimed deadline rows", released)

    async def reschedule_all(self, holds: Callable[[int | None], bool] | None = None) -> int:
        """At start-up: bring every running game's rows in step (a crash may have come
        between a commit and its rows), and set the computer seats awaited in the games of
        the servers this process `holds` (default: all) going again; another process's
        are its own, or taken up by their `think:` rows. A game that fails is logged and
        left as it is: the others start. Returns the games brought in step."""
        count = 0
        failed: list[int] = []
        before_id = None
        # What is marked in step already is not written again (one read, not a write each).
        self._in_step.update(await self.store.deadlines.in_step_versions())
        while rows := await self.store.games.list_games(status=ACTIVE, limit=500,
                                                        before_id=before_id):
            for row in rows:
                try:
                    game = await self.service.load(row.id)
                    await self.sync(game)
                    if holds is None or holds(row.guild_id):
                        await self.service.resume_ai(game)  # computer seats think again
                except NotInstalled:  # waits for a moderator's end: nothing to bring in step
                    log.info("start-up: game %s is of %r, not installed here", row.id,
                             row.game)
                except Exception:
                    log.exception("start-up: game %s could not be brought in step; "
                                  "the other games go on", row.id)
                    failed.append(row.id)
                else:
                    count += 1
            before_id = rows[-1].id
        if failed:
            log.error("start-up: %d games could not be brought in step (%s); "
                      "`python -m bot doctor` checks them", len(failed),
                      ", ".join(map(str, failed)))
        return count
