"""A computer seat that searches thinks in the process that made it its turn, and nothing
of that thinking is stored. Its `think:` row makes sure the table never waits on a
process that is gone: once THINK_WATCH_S have passed with the seat still facing the
same decision, whichever clock claims the row sets the seat thinking in its own process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.tables.ai_pool import AiPool
from bot.tables.clock import THINK_WATCH_S
from bot.tables.kits import SEARCH_LEVEL
from bot.tables.service import TableService
from tests.tables.test_shared_clock import START, FakeTime

PERSON = 10


class StalledPool(AiPool):
    """A pool whose searches never end: the process thinking is about to be killed."""

    def __init__(self) -> None:
        super().__init__(processes=1)
        self.searching = 0
        self.asked = asyncio.Event()

    async def choose(self, kit, state, seat, seed, level):
        assert level == SEARCH_LEVEL
        self.asked.set()
        await asyncio.Event().wait()  # never set: cancelled with the process


async def started_with_a_thinker(service: TableService, pool: StalledPool) -> int:
    """An async Doge game of a person, a strong seat (1) and a normal one (2), started:
    seat 1 is thinking about its first ballot."""
    lobby = await service.open_lobby("doge", guild_id=1, channel_id=2, user_id=PERSON,
                                     user_name="Ann", seats=3, timing="async")
    await service.add_bot(lobby.id, PERSON, "strong")
    await service.add_bot(lobby.id, PERSON, "normal")
    await service.start(lobby.id, PERSON, seed=3)
    await asyncio.wait_for(pool.asked.wait(), timeout=10)
    return lobby.id


@pytest.fixture
async def thinking_alone(tmp_path: Path) -> AsyncIterator[tuple]:
    """One process (SQLite) whose strong seat 1 thinks, never to end: its fake time, store,
    table service and game."""
    time = FakeTime(START)
    store = await Store.open(tmp_path / "games.db", clock=time)
    service = TableService(store, clock=time)
    service.ai = stalled = StalledPool()
    try:
        yield time, store, service, await started_with_a_thinker(service, stalled)
    finally:
        await service.stop_ai()
        await store.close()


async def test_a_seat_whose_thinking_process_died_is_taken_up_by_another(
        database: str) -> None:
    time = FakeTime(START)
    stores = [await Store.open(database, clock=time) for _ in range(2)]
    gone, other = (TableService(store, clock=time) for store in stores)
    gone.ai = stalled = StalledPool()
    other.ai = AiPool(processes=1)
    try:
        game_id = await started_with_a_thinker(gone, stalled)  # seat 1 thinks ...
        await gone.stop_ai()  # ... in a process that is killed: nothing of it is stored

        rows = await stores[1].deadlines.get_deadlines(game_id)
        [watch] = [d for d in rows if d.kind.startswith("think:")]
        assert (watch.seat, watch.due_at) == (1, START + THINK_WATCH_S)
        time.now = START + THINK_WATCH_S - 1  # not yet: the thinker may still be at it
        assert await other.clock.tick() == 0
        # The normal seat moved at once, in the step that started the game.
        assert [a.action["seat"] for a in await stores[1].actions.log(game_id)] == [2]

        time.now = START + THINK_WATCH_S
        assert await other.clock.tick() == 1
        await asyncio.wait_for(other.idle(), timeout=120)
        log = await stores[1].actions.log(game_id)
        # The strong seat's ballot, and the normal seat's, once each (D-3.3).
        assert sorted(a.action["seat"] for a in log) == [1, 2]
        game = await other.load(game_id)
        assert game.engine.pending(game.state) == [0]  # only the person is awaited now
        left = await stores[1].deadlines.get_deadlines(game_id)
        assert [d for d in left if d.kind.startswith("think:")] == []
        assert {d.seat for d in left} == {0}
    finally:
        await other.stop_ai()
        for store in stores:
            await store.close()


async def test_a_seat_still_thinking_in_a_live_process_is_not_doubled(
        thinking_alone: tuple) -> None:
    """Found due while its own process still thinks (a long queue): that process looks
    again later, and starts no second search."""
    time, store, service, game_id = thinking_alone
    thinking = service._thinking[game_id]
    time.now = START + THINK_WATCH_S
    assert await service.clock.tick() == 1
    assert service._thinking[game_id] is thinking and not thinking.done()
    [watch] = [d for d in await store.deadlines.get_deadlines(game_id)
               if d.kind.startswith("think:")]
    assert watch.due_at == START + 2 * THINK_WATCH_S
    time.now = watch.due_at  # set again, not left claimed: it is looked at again
    assert await service.clock.tick() == 1
    assert service._thinking[game_id] is thinking


async def test_at_start_a_process_sets_only_its_own_servers_computer_seats_thinking(
        tmp_path: Path) -> None:
    """Every process brings every game's rows in step at start, but thinks only for the
    servers it holds: the others' processes think for theirs (or their `think:` rows
    have someone take them up)."""
    time = FakeTime(START)
    store = await Store.open(tmp_path / "games.db", clock=time)
    before = TableService(store, clock=time)
    before.ai = stalled = StalledPool()
    mine = await started_with_a_thinker(before, stalled)  # in server 1
    await before.stop_ai()
    restarted = TableService(store, clock=time)
    restarted.ai = asked = StalledPool()
    try:
        assert await restarted.clock.reschedule_all(lambda guild_id: guild_id != 1) == 1
        assert restarted._thinking == {}  # guild 1 is another process's
        assert await restarted.clock.reschedule_all(lambda guild_id: guild_id == 1) == 1
        await asyncio.wait_for(asked.asked.wait(), timeout=10)
        assert set(restarted._thinking) == {mine}
    finally:
        await restarted.stop_ai()
        await store.close()


async def test_a_moderators_extension_moves_no_computer_seats_watch(
        thinking_alone: tuple) -> None:
    """Only the strong seat is awaited: there is no player's clock to extend, and its
    `think:` row keeps its time."""
    time, store, service, game_id = thinking_alone
    ballot = {"type": "ballot", "area": "castello", "markers": [1]}
    step = await service.act(game_id, PERSON, ballot)
    assert step.game.engine.pending(step.game.state) == [1]
    assert await store.deadlines.shift_deadlines(game_id, 3600) == 0
    [watch] = await store.deadlines.get_deadlines(game_id)
    assert (watch.kind.startswith("think:"), watch.due_at) == (True, START + THINK_WATCH_S)
