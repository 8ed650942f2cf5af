"""The roll call of bot processes (migration 0011), on each backend: a process's row is
written, moved on, left; a row not seen for a day goes."""

from __future__ import annotations

from bot.store import BotProcess, Store
from bot.store.processes import FORGOTTEN_AFTER_S
from tests.store.backends import Backend


async def test_a_process_answers_moves_on_and_leaves(backend: Backend) -> None:
    now = [1000.0]
    store = await Store.open(backend.target, clock=lambda: now[0])
    try:
        await store.processes.answer_roll_call("host-a:11", None, [], started_at=990.0)
        await store.processes.answer_roll_call("host-b:22", 4, [3, 2], started_at=995.0)
        now[0] = 1060.0
        await store.processes.answer_roll_call("host-a:11", 4, [1, 0], started_at=990.0)
        assert await store.processes.bot_processes() == [
            BotProcess("host-a:11", 4, (0, 1), 990.0, 1060.0),
            BotProcess("host-b:22", 4, (2, 3), 995.0, 1000.0)]
        await store.processes.leave_roll_call("host-a:11")
        assert [p.name for p in await store.processes.bot_processes()] == ["host-b:22"]
        # A day later, the row of a process that never left (killed) is gone.
        now[0] = 1000.0 + FORGOTTEN_AFTER_S + 1
        await store.processes.answer_roll_call("host-c:33", 4, [0, 1, 2, 3], started_at=now[0])
        assert [p.name for p in await store.processes.bot_processes()] == ["host-c:33"]
    finally:
        await store.close()
