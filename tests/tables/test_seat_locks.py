"""Every change of a seat goes through the table's lock: requests at once, in one process
or in two sharing a PostgreSQL database, each see the seat as the one before left it."""

from __future__ import annotations

import asyncio

from bot.store import Store
from bot.tables.service import TableError, TableService
from bot.tables.timing import DAY
from tests.tables.test_clock import (
    OPEN_STORES,
    START,
    FakeTime,
    Recorder,
    close_stores,  # noqa: F401  (fixture)
    make_table,
)

CLAUDIA = 103  # the third seat


async def second_process(service: TableService, database: str,
                         time: FakeTime) -> TableService:
    """Another process on a shared PostgreSQL database; on an SQLite file, which is for
    one process, the same service."""
    if not database.startswith("postgresql"):
        return service
    store = await Store.open(database)
    OPEN_STORES.append(store)
    service = TableService(store, clock=time)
    service.clock.notifier = Recorder()
    return service


async def test_vacations_asked_at_once_are_capped_at_seven_days_in_all(database: str) -> None:
    time = FakeTime(START)
    service, _, gid = await make_table(database, time)
    other = await second_process(service, database, time)
    before = await service.clock.due_of(gid, 2)
    asked = [(service if n % 2 else other).away(gid, CLAUDIA, 7) for n in range(6)]
    answers = await asyncio.gather(*asked, return_exceptions=True)
    granted = [a for a in answers if isinstance(a, str)]
    refused = [a for a in answers if isinstance(a, TableError)]
    assert len(granted) == 1 and "7 days" in granted[0], answers
    assert len(refused) == 5 and all("all 7 days" in str(r) for r in refused)
    seat = (await service.load(gid)).seats[2]
    assert seat.away_used == 7 * DAY and seat.away_until == START + 7 * DAY
    assert await service.clock.due_of(gid, 2) == before + 7 * DAY


async def test_back_and_away_at_once_leave_the_seat_and_its_clock_agreeing(
        database: str) -> None:
    time = FakeTime(START)
    service, _, gid = await make_table(database, time)
    other = await second_process(service, database, time)
    before = await service.clock.due_of(gid, 2)
    await service.away(gid, CLAUDIA, 2)
    time.now += DAY
    await asyncio.gather(service.back(gid, CLAUDIA), other.away(gid, CLAUDIA, 3),
                         return_exceptions=True)
    seat = (await service.load(gid)).seats[2]
    due = await service.clock.due_of(gid, 2)
    # Whichever came first, the deadline is moved by exactly the days the seat has used.
    assert due == before + seat.away_used, (due - before, seat.away_used)
