"""The computer players' queue in `/metrics`: searches under way and those waiting for a
worker process, as the pool holds them."""

from __future__ import annotations

import asyncio

from bot.ops import metrics
from bot.tables.ai_pool import AiPool
from bot.tables.kits import get_kit
from tests.ai.helpers import ENGINES, positions
from tests.web.scrape import parse, value


def scrape() -> tuple[float, float]:
    samples = parse(metrics.exposition().decode())
    return (value(samples, "dogeclans_ai_searches"),
            value(samples, "dogeclans_ai_queue_depth"))


async def test_the_queue_depth_is_the_searches_waiting_for_a_worker() -> None:
    pool = AiPool(processes=1, queue=2)
    engine, kit = ENGINES["clans"], get_kit("clans")
    state = next(s for s in positions("clans", 40, seed=8) if not engine.is_over(s))
    seat = engine.pending(state)[0]
    try:
        tasks = [asyncio.create_task(pool.choose(kit, state, seat, f"s{n}", "strong"))
                 for n in range(3)]
        await asyncio.sleep(0)  # each has entered the pool
        assert scrape() == (3, 2)  # one thinking, two waiting
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
        assert scrape() == (0, 0)
    finally:
        pool.close()
