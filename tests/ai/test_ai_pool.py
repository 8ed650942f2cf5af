"""The AI pool: searches in worker processes (never on the event loop), sized by
AI_PROCESSES, a bounded queue beyond which a move is played at the `normal` level, and the
same choice in a worker as in the bot's own process for the same seed."""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from bot.tables.ai_pool import AiPool, default_processes
from bot.tables.kits import get_kit
from tests.ai.helpers import ENGINES, positions


def test_the_pool_is_sized_by_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_processes() == max(1, (os.cpu_count() or 1) - 1)
    monkeypatch.delenv("AI_PROCESSES", raising=False)
    monkeypatch.delenv("AI_QUEUE", raising=False)
    pool = AiPool()
    assert (pool.processes, pool.queue) == (default_processes(), 4 * default_processes())
    monkeypatch.setenv("AI_PROCESSES", "3")
    monkeypatch.setenv("AI_QUEUE", "5")
    assert (AiPool().processes, AiPool().queue) == (3, 5)
    for bad in ("0", "-2", "many"):
        monkeypatch.setenv("AI_PROCESSES", bad)
        assert AiPool().processes == default_processes()


def _position(game: str):
    engine = ENGINES[game]
    state = next(s for s in positions(game, 40, seed=8) if not engine.is_over(s)
                 and len(engine.legal_actions(s, engine.pending(s)[0])) > 1)
    return state, engine.pending(state)[0]


async def test_a_worker_chooses_as_the_bot_would_and_the_queue_is_bounded() -> None:
    pool = AiPool(processes=1, queue=1)
    try:
        work = []
        for game in ("clans", "doge"):
            kit = get_kit(game)
            state, seat = _position(game)
            seed = f"{game}:7"
            here = kit.ai_action(state, seat, random.Random(seed), "strong")
            work.append((kit, state, seat, seed, here))
        # Two searches fill the one process and the one place in the queue ...
        tasks = [asyncio.create_task(pool.choose(kit, state, seat, seed, "strong"))
                 for kit, state, seat, seed, _ in work]
        await asyncio.sleep(0)
        assert pool.searching == 2
        # ... so a third decision is played at once at the normal level.
        kit, state, seat, seed, _ = work[0]
        normal = kit.ai_action(state, seat, random.Random(seed), "normal")
        assert await pool.choose(kit, state, seat, seed, "strong") == normal
        assert not all(t.done() for t in tasks)  # the searches were still under way
        chosen = await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
        assert chosen == [here for *_, here in work]
        assert pool.searching == 0
    finally:
        pool.close()


async def test_a_dead_worker_costs_one_move_at_the_normal_level() -> None:
    pool = AiPool(processes=1, queue=1)
    kit = get_kit("clans")
    state, seat = _position("clans")
    try:
        executor = pool.executor()
        pid = await asyncio.get_running_loop().run_in_executor(executor, os.getpid)
        os.kill(pid, 9)
        normal = kit.ai_action(state, seat, random.Random("s"), "normal")
        assert await pool.choose(kit, state, seat, "s", "strong") == normal
        # The next search has a new worker.
        strong = kit.ai_action(state, seat, random.Random("s"), "strong")
        assert await asyncio.wait_for(pool.choose(kit, state, seat, "s", "strong"), 120) == \
            strong
    finally:
        pool.close()
