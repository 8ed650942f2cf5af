"""A clock that stops (a deploy, a restart) lets go of the deadline rows it claimed and
has not handled: another process's clock, or its own once started again, handles them
at once instead of after the claim's lease."""

from __future__ import annotations

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.clock import CLAIM_LEASE_S
from bot.tables.service import TableService
from bot.tables.timing import DAY, HOUR
from tests.tables.test_shared_clock import START, USERS, FakeTime


async def test_a_stopping_clock_lets_go_of_what_it_claimed(database: str) -> None:
    time = FakeTime(START)
    stores = [await Store.open(database, clock=time) for _ in range(2)]
    stopping, other = (TableService(store, clock=time).clock for store in stores)
    try:
        game = await stores[0].games.create_game(
            "doge", guild_id=1, channel_id=5, players=[PlayerSpec(c) for c in "ABC"],
            user_ids=USERS, settings={"timing": "async"}, seed=1)
        await stopping.sync(await stopping.service.load(game.id))
        rows = await stores[0].deadlines.get_deadlines(game.id)
        stopping.start()
        due = START + DAY + HOUR  # every row has fallen due by then
        claimed = await stores[0].deadlines.claim_due_deadlines(due, owner=stopping.owner,
                                                                lease=CLAIM_LEASE_S)
        assert len(claimed) == len(rows) == 3 * len(USERS)  # a batch in hand ...
        await stopping.stop()  # ... when the process is told to stop
        time.now = due
        assert await other.tick() == len(rows)  # not left until the lease runs out
    finally:
        for store in stores:
            await store.close()
