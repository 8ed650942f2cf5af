"""Several processes on one database: deadlines are claimed by one of them at a time,
digests are sent by one, and a game's lock is held by one process (PostgreSQL's
advisory lock, let go of when the holder is killed)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import Store
from tests.postgres import fresh_database
from tests.store.backends import Backend
from tests.store.conftest import players
from tests.store.tiny_game import engines

ROOT = Path(__file__).resolve().parents[2]
LEASE = 60.0


async def two_stores(backend: Backend) -> tuple[Store, Store]:
    """Two stores on one database, as two processes would have."""
    return (await Store.open(backend.target, engines=engines),
            await Store.open(backend.target, engines=engines))


async def games_with_deadlines(store: Store, games: int, per_game: int) -> list[int]:
    ids = []
    for g in range(games):
        game = await store.games.create_game("counting", guild_id=1, channel_id=100 + g,
                                             players=players(3), seed=g)
        for k in range(per_game):
            row = await store.deadlines.set_deadline(game.id, f"k{k}", 10.0 + k, seat=k % 3)
            ids.append(row.id)
    return ids


async def test_each_due_deadline_is_claimed_by_one_store(backend: Backend) -> None:
    a, b = await two_stores(backend)
    try:
        ids = await games_with_deadlines(a, games=6, per_game=10)
        claimed: Counter[int] = Counter()

        async def claim_all(store: Store, owner: str) -> None:
            while batch := await store.deadlines.claim_due_deadlines(
                    100.0, owner=owner, lease=LEASE, limit=7):
                claimed.update(d.id for d in batch)
                await asyncio.sleep(0)

        await asyncio.gather(claim_all(a, "a"), claim_all(b, "b"), claim_all(a, "a2"))
        assert sorted(claimed) == sorted(ids)
        assert set(claimed.values()) == {1}
        # Claimed rows wait for their holder; the soonest wake is the end of the lease.
        assert await b.deadlines.claim_due_deadlines(100.0, owner="c", lease=LEASE) == []
        assert await b.deadlines.next_due_at() == pytest.approx(100.0 + LEASE)
        # A holder that died: once the lease ran out, the rows are claimed again.
        again = await b.deadlines.claim_due_deadlines(100.0 + LEASE, owner="c", lease=LEASE)
        assert sorted(d.id for d in again) == sorted(ids)[:100]
    finally:
        await a.close()
        await b.close()


async def test_a_claimed_row_is_removed_only_by_its_holder(store: Store) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(2),
                                         seed=1)
    first = await store.deadlines.set_deadline(game.id, "due:x", 5.0, seat=0)
    (claimed,) = await store.deadlines.claim_due_deadlines(10.0, owner="a", lease=LEASE)
    assert claimed.id == first.id
    assert await store.deadlines.delete_deadlines([first.id], claimed_by="b") == 0
    # Moved meanwhile (a new deadline in the same slot): the claim is gone with the move.
    moved = await store.deadlines.set_deadline(game.id, "due:x", 8.0, seat=0)
    assert moved.id == first.id
    assert await store.deadlines.delete_deadlines([first.id], claimed_by="a") == 0
    (reclaimed,) = await store.deadlines.claim_due_deadlines(10.0, owner="b", lease=LEASE)
    assert reclaimed.due_at == 8.0
    assert await store.deadlines.delete_deadlines([first.id], claimed_by="b") == 1
    assert await store.deadlines.get_deadlines(game.id) == []


async def test_a_paused_deadline_is_not_claimed(store: Store) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(2),
                                         seed=1)
    await store.deadlines.set_deadline(game.id, "due:x", 5.0, seat=0)
    await store.deadlines.pause_deadlines(game.id, now=1.0)
    assert await store.deadlines.claim_due_deadlines(10.0, owner="a", lease=LEASE) == []
    await store.deadlines.resume_deadlines(game.id, now=2.0)
    assert [d.due_at for d in await store.deadlines.claim_due_deadlines(10.0, owner="a",
                                                                        lease=LEASE)] == [6.0]


async def test_a_digest_is_claimed_once(backend: Backend) -> None:
    a, b = await two_stores(backend)
    try:
        await a.tables.set_user_prefs(7, digest=True, digest_next=100.0)
        won = await asyncio.gather(*(s.tables.claim_digest(7, 100.0, 200.0) for s in (a, b, a, b)))
        assert sorted(won) == [False, False, False, True]
        assert (await b.tables.get_user_prefs(7)).digest_next == 200.0
    finally:
        await a.close()
        await b.close()


# On SQLite one process owns the file, and the table service's own lock suffices.
@pytest.fixture
async def postgres() -> AsyncIterator[Backend]:
    async with fresh_database("locks") as url:
        yield Backend("postgresql", url)


async def test_a_game_lock_is_held_by_one_store_at_a_time(postgres: Backend) -> None:
    a, b = await two_stores(postgres)
    try:
        order: list[str] = []
        async with a.game_lock(1):
            waiting = asyncio.create_task(_hold(b, 1, order, "b"))
            async with b.game_lock(2):  # another game is not held up
                order.append("b2")
            await asyncio.sleep(0.2)
            order.append("a")
        await asyncio.wait_for(waiting, 30)
        assert order == ["b2", "a", "b"]
    finally:
        await a.close()
        await b.close()


async def test_a_game_lock_is_one_round_trip_in_and_one_out(
        postgres: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    """Taking the lock is one statement and letting go is one (the lock connection's
    release is the unlock); a body that fails lets go as well."""
    a, b = await two_stores(postgres)
    sent: list[str] = []
    plain = asyncpg.Connection.execute

    async def counted(self: asyncpg.Connection, query: str, *args: object,
                      **kwargs: object) -> str:
        sent.append(query)
        return await plain(self, query, *args, **kwargs)

    try:
        async with a.game_lock(3):
            pass  # the lock pool is opened outside the count
        monkeypatch.setattr(asyncpg.Connection, "execute", counted)
        async with a.game_lock(3):
            assert len(sent) == 1
        assert len(sent) == 2
        with pytest.raises(RuntimeError):
            async with a.game_lock(3):
                raise RuntimeError("the body failed")
        await asyncio.wait_for(_hold(b, 3, [], "b"), 5)  # nothing held on
    finally:
        await a.close()
        await b.close()


async def _hold(store: Store, game_id: int, order: list[str], name: str) -> None:
    async with store.game_lock(game_id):
        order.append(name)


HOLDER = """
import asyncio, sys
from bot.store import Store

async def main():
    store = await Store.open(sys.argv[1])
    async with store.game_lock(5):
        print("locked", flush=True)
        await asyncio.sleep(60)

asyncio.run(main())
"""


async def test_a_killed_holder_lets_go_of_the_game_lock(postgres: Backend) -> None:
    url = postgres.target
    await (await Store.open(url)).close()  # migrated before the holder starts
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, url], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "locked\n"
        store = await Store.open(url)
        try:
            with pytest.raises(TimeoutError):  # held by the other process
                await asyncio.wait_for(_hold(store, 5, [], "x"), 0.5)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            await asyncio.wait_for(_hold(store, 5, [], "x"), 10)
        finally:
            await store.close()
    finally:
        proc.kill()
        proc.wait()


async def test_a_show_lock_is_held_by_one_store_at_a_time_apart_from_the_table_lock(
        postgres: Backend) -> None:
    """The poster's lock (two processes never decide a game's messages at once) is a lock
    of its own: a show waiting on Discord never keeps the table from the game."""
    a, b = await two_stores(postgres)
    try:
        order: list[str] = []

        async def show(store: Store, name: str) -> None:
            async with store.show_lock(1):
                order.append(name)

        async with a.show_lock(1):
            waiting = asyncio.create_task(show(b, "b shows"))
            async with b.game_lock(1):  # the table's lock of the same game is free
                order.append("b acts")
            await asyncio.sleep(0.2)
            order.append("a shown")
        await asyncio.wait_for(waiting, 30)
        assert order == ["b acts", "a shown", "b shows"]
    finally:
        await a.close()
        await b.close()
