"""Two table clocks on one PostgreSQL database, as two bot processes would run them: every
deadline and reminder that falls due is handled by exactly one of them."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.games.base import PlayerSpec
from bot.store import TABLE_ACTOR, WAKE_HORIZON_S, DeadlineSlot, Store
from bot.tables import clock as clock_module
from bot.tables.service import TableService
from bot.tables.timing import DAY, HOUR
from tests.postgres import fresh_database

GAMES = 12
USERS = [101, 102, 103]
START = 1_800_000_000.0
HANDLED = re.compile(r"deadline (\d+) \((\S+)\) of game (\d+) handled")


class FakeTime:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Reminders:
    def __init__(self) -> None:
        self.sent: Counter[tuple[int, int, float]] = Counter()
        self.calls: list[tuple[int, list[int]]] = []  # (game, its seats): one message

    async def remind(self, game, due: list) -> None:
        self.calls.append((game.id, sorted(r.seat.seat for r in due)))
        for seat, due_at, _dm in due:
            self.sent[(game.id, seat.seat, due_at)] += 1

    async def digest(self, user_id: int, lines: list[str]) -> None:
        return None

    async def autopilot_on(self, game, seat, *, by_dm: bool, silent: bool) -> None:
        return None


@pytest.fixture
async def url() -> AsyncIterator[str]:
    async with fresh_database("clocks") as found:
        yield found


async def two_clocks(url: str, time: FakeTime) -> tuple[list[Store], list[TableService],
                                                       Reminders, list[int]]:
    """Two stores and table clocks on one database, as two processes; GAMES async games
    of three people with their deadlines set."""
    stores = [await Store.open(url, clock=time) for _ in range(2)]
    services = [TableService(store, clock=time) for store in stores]
    reminders = Reminders()
    for service in services:
        service.clock.notifier = reminders
    game_ids = []
    for n in range(GAMES):
        game = await stores[0].games.create_game(
            "doge", guild_id=1, channel_id=500 + n, players=[PlayerSpec(c) for c in "ABC"],
            user_ids=USERS, settings={"timing": "async"}, seed=n)
        await services[0].clock.sync(await services[0].load(game.id))
        game_ids.append(game.id)
    return stores, services, reminders, game_ids


class TakeTurns:
    """The two clocks claim in turn: each claim waits until the other clock has claimed
    since (or has found nothing left), so both take part by construction, not by which
    one the scheduler runs first. Only the claims alternate: each clock handles its rows
    while the other claims, as two processes would."""

    def __init__(self, services: list[TableService]) -> None:
        self.turn = 0
        self.done: set[int] = set()
        self.changed = asyncio.Condition()
        self.claims: list[list[int]] = [[] for _ in services]  # rows of each claim
        for n, service in enumerate(services):
            store = service.clock.store
            store.deadlines.claim_due_deadlines = self._claims_for(  # type: ignore[method-assign]
                n, store.deadlines.claim_due_deadlines)

    def _claims_for(self, n: int, original: Any) -> Any:
        async def claim(*args: Any, **kwargs: Any) -> Any:
            async with self.changed:
                await self.changed.wait_for(
                    lambda: self.turn == n or (1 - n) in self.done)
                rows = await original(*args, **kwargs)
                self.claims[n].append(len(rows))
                if not rows:
                    self.done.add(n)
                self.turn = 1 - n
                self.changed.notify_all()
                return rows
        return claim


async def test_a_games_reminders_come_together_whichever_clock_sends_them(
        url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's rows are claimed whole: its three players' reminders, due together, are
    one message from one clock, even when batches are smaller than a game's rows."""
    monkeypatch.setattr(clock_module, "CLAIM_BATCH", 4)  # a game has 3 rows due at once
    time = FakeTime(START)
    stores, services, reminders, game_ids = await two_clocks(url, time)
    turns = TakeTurns(services)
    try:
        time.now = START + DAY / 2 + 1  # the halfway reminders are due, nothing else
        handled = await asyncio.gather(*(s.clock.tick() for s in services))
        assert sum(handled) == GAMES * len(USERS)
        # Each clock's first claim came while rows were left: both sent some.
        assert all(claims[0] > 0 for claims in turns.claims), turns.claims
        assert sorted(reminders.calls) == [(g, [0, 1, 2]) for g in sorted(game_ids)]
    finally:
        for store in stores:
            await store.close()


def handled_rows(caplog: pytest.LogCaptureFixture) -> Counter[int]:
    """How often each deadline row was handled, by either clock (from the clock's log)."""
    return Counter(int(m.group(1)) for r in caplog.records
                   if (m := HANDLED.search(r.getMessage())))


async def check_each_row_handled_once(stores: list[Store], rows: list, handled: list[int],
                                      caplog: pytest.LogCaptureFixture,
                                      reminders: Reminders, game_ids: list[int]) -> None:
    ids = handled_rows(caplog)
    assert sorted(ids) == sorted(d.id for d in rows)  # every row, each exactly once
    assert set(ids.values()) == {1}
    assert sum(handled) == len(rows)
    # At most one reminder per reminder row (the two stages of a seat may both go out).
    stages = sum(d.kind.startswith("remind") for d in rows)
    assert sum(reminders.sent.values()) <= stages
    assert set(reminders.sent.values()) <= {1, 2}
    for game_id in game_ids:
        # Each seat sat the round out once (D-3.7), whichever clock acted for it.
        log = await stores[1].actions.log(game_id)
        assert sorted(a.action["seat"] for a in log[:3]) == [0, 1, 2]
        assert all(a.actor_id == TABLE_ACTOR for a in log)  # the table's, for them
        await stores[1].checks.verify_game(game_id, from_scratch=True)


@pytest.mark.parametrize("in_turn", [False, True], ids=["racing", "in-turn"])
async def test_two_clocks_handle_every_deadline_once(
    url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
    in_turn: bool,
) -> None:
    """Racing freely, whichever clock claims what, every row is handled exactly once;
    claiming in turn, both clocks take part too."""
    time = FakeTime(START)
    # Batches of a few games each: both clocks get some (a game's rows go together).
    monkeypatch.setattr(clock_module, "CLAIM_BATCH", 10)
    stores, services, reminders, game_ids = await two_clocks(url, time)
    try:
        rows = [d for g in game_ids for d in await stores[0].deadlines.get_deadlines(g)]
        # Each seat: its placement deadline and the reminders halfway and an hour before.
        assert len(rows) == GAMES * len(USERS) * 3

        caplog.set_level(logging.DEBUG, logger="bot.tables.clock")
        turns = TakeTurns(services) if in_turn else None
        time.now = START + DAY + HOUR  # every row has fallen due
        handled = await asyncio.gather(*(s.clock.tick() for s in services))
        await check_each_row_handled_once(stores, rows, handled, caplog, reminders,
                                          game_ids)
        if turns is not None:  # each clock's first claim found rows: both took part
            assert all(claims[0] > 0 for claims in turns.claims), turns.claims
            assert min(handled) > 0
    finally:
        for store in stores:
            await store.close()


async def test_a_deadline_set_by_one_process_wakes_the_other(url: str) -> None:
    """A row due sooner than the other clock's own next look wakes it at once (NOTIFY);
    one due later does not (that clock looks again within WAKE_HORIZON_S anyway, and
    PostgreSQL serializes the commits that notify)."""
    stores = [await Store.open(url) for _ in range(2)]
    try:
        sleeper = TableService(stores[1]).clock
        wakes: list[float] = []
        woke = asyncio.Event()

        def wake() -> None:
            wakes.append(time.time())
            woke.set()

        await stores[1].deadlines.watch(wake)
        game = await stores[0].games.create_game("doge", guild_id=1, channel_id=9,
                                                 players=[PlayerSpec(c) for c in "ABC"], seed=1)
        far, soon = time.time() + 2 * WAKE_HORIZON_S, time.time() + WAKE_HORIZON_S / 2
        await stores[0].deadlines.set_deadline(game.id, "due:x", far, seat=0)
        await stores[0].deadlines.change_deadlines(game.id, add=[DeadlineSlot(1, "due:x", far)])
        await stores[0].deadlines.change_deadlines(game.id, add=[DeadlineSlot(2, "due:x", soon)])
        await asyncio.wait_for(woke.wait(), 30)
        await asyncio.sleep(0.2)  # a notification of the far rows would have come first
        assert len(wakes) == 1
        assert await sleeper.next_wake() == soon
    finally:
        for store in stores:
            await store.close()


async def lose_listener(store: Store, via: Store) -> tuple[Any, int]:
    """The server drops `store`'s listening connection (asked through `via`, another
    process's store); its listener and the server pid it had."""
    listener = store._db._listener  # type: ignore[attr-defined]
    lost_pid = listener.raw.get_server_pid()
    async with via._db.reading() as conn:  # type: ignore[attr-defined]
        await conn.fetch_one("SELECT pg_terminate_backend(?)", (lost_pid,))
    return listener, lost_pid


async def change_a_deadline(store: Store, guild_id: int = 1, channel_id: int = 9) -> None:
    """A new game with a deadline soon: a change every process's listener hears."""
    game = await store.games.create_game("doge", guild_id=guild_id, channel_id=channel_id,
                                         players=[PlayerSpec(c) for c in "ABC"], seed=1)
    await store.deadlines.set_deadline(game.id, "due:x", time.time() + 60, seat=0)


async def test_a_lost_listener_listens_again_and_wakes_its_clock(url: str) -> None:
    """The server dropped the connection that hears other processes' changes (a restart,
    a network break): it connects again, wakes its clock once for what it missed, and
    hears the next change."""
    stores = [await Store.open(url) for _ in range(2)]
    woke: asyncio.Queue[None] = asyncio.Queue()
    try:
        await stores[1].deadlines.watch(lambda: woke.put_nowait(None))
        listener, lost_pid = await lose_listener(stores[1], via=stores[0])
        await asyncio.wait_for(woke.get(), 10)  # connected again
        assert listener.raw.get_server_pid() != lost_pid
        await change_a_deadline(stores[0])
        await asyncio.wait_for(woke.get(), 30)
    finally:
        for store in stores:
            await store.close()
