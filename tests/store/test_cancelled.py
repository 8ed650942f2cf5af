"""A caller cancelled at any await of a transaction (a clock stopping, a shutdown, a
timed-out click) leaves the store as it was and ready for the next transaction."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Store
from tests.store.conftest import players


@pytest.mark.parametrize("steps_before_cancel", range(6))
async def test_a_transaction_cancelled_anywhere_leaves_the_store_usable(
        store: Store, steps_before_cancel: int) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=2, players=players(),
                                         seed=1)
    wrote = asyncio.Event()

    async def set_a_deadline() -> None:
        await store.deadlines.set_deadline(game.id, "due:x", 100.0, seat=0)
        wrote.set()

    task = asyncio.create_task(set_a_deadline())
    for _ in range(steps_before_cancel):  # cancelled at the BEGIN, a statement, the COMMIT
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await store.deadlines.set_deadline(game.id, "due:y", 200.0, seat=1)  # the next one goes through
    kinds = {d.kind for d in await store.deadlines.get_deadlines(game.id)}
    assert kinds in ({"due:y"}, {"due:x", "due:y"})  # all or nothing of the cancelled one
