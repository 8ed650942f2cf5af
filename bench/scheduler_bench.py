"""The table clock with 10,000 pending deadlines: CPU used per hour of wall time (one
simulated hour, handling every row that falls due in it), and the time to bring all
rows in step at start-up."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timing import DAY, HOUR

SEATS = 4


class FakeTime:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Quiet:
    """Reminders and steps go nowhere: only the clock's own work is measured."""

    async def remind(self, game, due: list) -> None:
        return None

    async def digest(self, user_id: int, lines: list[str]) -> None:
        return None

    async def autopilot_on(self, game, seat, *, by_dm: bool, silent: bool) -> None:
        return None


async def _run(tmpdir: str, deadlines: int) -> dict[str, float]:
    path = Path(tmpdir) / "clock.db"
    start = 1_800_000_000.0
    fake = FakeTime(start)
    store = await Store.open(path, clock=fake)
    service = TableService(store, clock=fake)
    rng = random.Random(1)
    players = [PlayerSpec(f"P{i}") for i in range(SEATS)]
    for n in range(deadlines // SEATS):
        # Async tables started at different times over the last day.
        fake.now = start - rng.uniform(0, DAY)
        game = await store.games.create_game("doge", guild_id=1, channel_id=10_000 + n,
                                             players=players, user_ids=list(range(1, SEATS + 1)),
                                             settings={"timing": "async"}, seed=n)
        await service.clock.sync(game)
    fake.now = start
    await store.close()

    store = await Store.open(path, clock=fake)  # a restart
    service = TableService(store, clock=fake)
    service.clock.notifier = Quiet()
    began = time.perf_counter()
    await service.clock.reschedule_all()
    reschedule_s = time.perf_counter() - began

    cpu_began = time.process_time()
    end = start + HOUR
    while True:
        next_at = await service.clock.next_wake()
        if next_at is None or next_at > end:
            break
        fake.now = max(fake.now, next_at)
        await service.clock.tick()
    cpu = time.process_time() - cpu_began
    await store.close()
    return {"scheduler_cpu_s_per_hour_10k": round(cpu, 2),
            "scheduler_reschedule_10k_s": round(reschedule_s, 2)}


def run(tmpdir: str, deadlines: int = 10_000) -> dict[str, float]:
    return asyncio.run(_run(tmpdir, deadlines))


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(run(tmp))
