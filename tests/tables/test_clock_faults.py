"""The table clock through faults: a database refusing writes for a while, a broken game
at start-up. Deadlines are handled once the fault is gone, and the clock keeps running."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timing import DAY
from tests.shards.players import poll
from tests.tables.test_clock import (
    OPEN_STORES,
    START,
    FakeTime,
    Recorder,
    ballot,
    close_stores,  # noqa: F401  (fixture)
    make_table,
)

WAIT_S = 20.0  # for an event: generous, on a busy machine


@contextmanager
def refusing_writes(path: Path) -> Iterator[None]:
    """Another connection holds the file's write lock: every write of the store fails
    ("database is locked") until the block ends."""
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()


async def another_game(service: TableService, n: int, *, sync: bool = True) -> int:
    """A second (third…) running Doge game, in a channel and with players of its own."""
    game = await service.store.games.create_game(
        "doge", guild_id=1, channel_id=500 + n, players=[PlayerSpec(f"P{n}{i}") for i in
                                                         range(3)],
        user_ids=[100 * (n + 1) + i for i in range(3)], settings={"timing": "async"},
        seed=4 + n)
    if sync:
        await service.clock.sync(await service.load(game.id))
    return game.id


async def test_a_tick_the_database_refuses_is_tried_again_and_the_deadline_fires(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    time = FakeTime(START)
    path = tmp_path / "g.db"
    service, rec, gid = await make_table(path, time, busy_timeout_ms=20)
    await ballot(service, gid, 101, "castello")
    await ballot(service, gid, 102, "castello")
    clock = service.clock
    clock.first_retry = 0.01
    caplog.set_level(logging.WARNING, logger="bot.tables.clock")
    time.now = START + DAY + 1  # the third seat's deadline is due

    async def failed_three_times() -> bool:
        backoff = getattr(clock, "backoff", None)
        return backoff is not None and backoff.failures >= 3

    async def timed_out() -> bool:
        return len(rec.steps) == 1

    try:
        with refusing_writes(path):
            clock.start()
            await poll(failed_three_times, WAIT_S, "the clock's failed tries")
            assert not clock._task.done()  # still running
        await poll(timed_out, WAIT_S, "the deadline, once the database writes again")
        game = await service.load(gid)
        assert game.state.round == 2 and game.seats[2].misses == 1

        async def works_again() -> bool:  # said by the clock once its tick is through
            return clock.backoff.failures == 0

        await poll(works_again, WAIT_S, "the clock to work again")
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1, "a failure in a row is told once"
        assert "locked" in str(errors[0].exc_info[1])
        assert any("works again" in r.getMessage() for r in caplog.records)
    finally:
        await clock.stop()
    # the next round's, nothing left claimed
    assert await service.store.deadlines.get_deadlines(gid)


async def test_a_game_that_cannot_load_at_start_up_does_not_stop_the_others(
        tmp_path: Path) -> None:
    time = FakeTime(START)
    path = tmp_path / "g.db"
    service, _, broken = await make_table(path, time)
    other = await another_game(service, 1, sync=False)
    with sqlite3.connect(path) as conn:  # as if edited by hand: a state no engine reads
        conn.execute("UPDATE games SET state = '{\"not\": \"a state\"}' WHERE id = ?",
                     (broken,))
    # Restarted: the other game has no rows yet (a crash came before they were written).
    store = await Store.open(path)
    OPEN_STORES.append(store)
    restarted = TableService(store, clock=time)
    restarted.clock.notifier = Recorder()
    assert await store.deadlines.get_deadlines(other) == []
    assert await restarted.clock.reschedule_all() == 1
    assert {d.seat for d in await store.deadlines.get_deadlines(other)} == {0, 1, 2}


async def test_one_broken_game_is_dropped_but_a_refusing_database_keeps_every_row(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deadline failing on one game's own data is logged and dropped, and the other
    games' deadlines are handled in the same tick; one failing because the database
    refuses for now is kept for the next try."""
    time = FakeTime(START)
    path = tmp_path / "g.db"
    service, _, broken = await make_table(path, time)
    fine = await another_game(service, 1)
    time_out = service.time_out
    fault: list[Exception] = [sqlite3.IntegrityError("CHECK constraint failed")]
    failing = [broken]

    async def failing_for_one(game_id: int, *args, **kwargs):
        if game_id in failing and fault:
            raise fault[0]
        return await time_out(game_id, *args, **kwargs)

    monkeypatch.setattr(service, "time_out", failing_for_one)
    time.now = START + DAY + 1  # both games' placement deadlines are due
    await service.clock.tick()
    assert (await service.load(fine)).state.round == 2  # timed out
    assert (await service.load(broken)).state.round == 1  # its rows were dropped
    assert not [d for d in await service.store.deadlines.get_deadlines(broken)
                if d.kind.startswith("due:")]

    # The database refusing for now: the row stays, and the next try handles it.
    other = await another_game(service, 2)
    failing[:] = [other]
    fault[:] = [sqlite3.OperationalError("database or disk is full")]
    time.now += DAY + 1
    with pytest.raises(sqlite3.OperationalError):
        await service.clock.tick()
    await service.clock._let_go_quietly()  # as the timer does after a failed tick
    fault.clear()
    await service.clock.tick()
    assert (await service.load(other)).state.round == 2
