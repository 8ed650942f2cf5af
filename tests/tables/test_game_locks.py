"""A process's lock per game: taken in the order asked for, counts those waiting, and is
forgotten once nobody holds it or waits for it (also after a waiter is cancelled)."""

from __future__ import annotations

import asyncio

from bot.tables.game_locks import GameLocks


async def test_taken_in_order_and_forgotten_when_free() -> None:
    locks = GameLocks()
    order: list[int] = []
    release = asyncio.Event()

    async def work(n: int) -> None:
        async with locks.hold(7):
            order.append(n)
            if n == 0:
                await release.wait()

    tasks = [asyncio.create_task(work(n)) for n in range(3)]
    await asyncio.sleep(0.01)
    assert locks.waiting(7) == 2 and locks.waiting(8) == 0 and len(locks) == 1
    release.set()
    await asyncio.gather(*tasks)
    assert order == [0, 1, 2]
    assert len(locks) == 0 and locks.waiting(7) == 0


async def test_a_cancelled_waiter_leaves_nothing_behind() -> None:
    locks = GameLocks()
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold(1):
            held.set()
            await release.wait()

    async def waiter() -> None:
        async with locks.hold(1):
            raise AssertionError("a cancelled waiter got the lock")

    first = asyncio.create_task(holder())
    await held.wait()
    second = asyncio.create_task(waiter())
    await asyncio.sleep(0.01)
    assert locks.waiting(1) == 1
    second.cancel()
    await asyncio.gather(second, return_exceptions=True)
    assert locks.waiting(1) == 0
    release.set()
    await first
    assert len(locks) == 0
