"""The roll call of the bot processes sharing the database (migration 0011): which are
running and which of Discord's shards each holds (bot/ops/roll_call.py writes it, the
doctor reads it)."""

from __future__ import annotations

import json
from typing import NamedTuple

from bot.store.backends.sql import fetch_all
from bot.store.shared import Core

FORGOTTEN_AFTER_S = 86_400.0  # a row not seen for a day is removed


class BotProcess(NamedTuple):
    name: str  # host:pid
    shard_count: int | None  # None: not yet learnt from Discord
    shard_ids: tuple[int, ...]
    started_at: float
    seen_at: float


class Processes:
    """The roll call of the bot processes (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    async def answer_roll_call(self, name: str, shard_count: int | None,
                               shard_ids: list[int], started_at: float) -> None:
        """This process is running, holding `shard_ids` of `shard_count`; rows not seen
        for a day go."""
        now = self._clock()
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO bot_processes (name, shard_count, shard_ids, started_at, seen_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
                "shard_count = excluded.shard_count, shard_ids = excluded.shard_ids, "
                "started_at = excluded.started_at, seen_at = excluded.seen_at",
                (name, shard_count, json.dumps(sorted(shard_ids)), started_at, now))
            await conn.execute("DELETE FROM bot_processes WHERE seen_at < ?",
                               (now - FORGOTTEN_AFTER_S,))

    async def leave_roll_call(self, name: str) -> None:
        async with self._db.transaction() as conn:
            await conn.execute("DELETE FROM bot_processes WHERE name = ?", (name,))

    async def bot_processes(self) -> list[BotProcess]:
        async with self._db.reading_each() as conn:
            rows = await fetch_all(conn, "SELECT name, shard_count, shard_ids, started_at, "
                                         "seen_at FROM bot_processes ORDER BY name")
        return [BotProcess(r["name"], r["shard_count"], tuple(json.loads(r["shard_ids"])),
                           r["started_at"], r["seen_at"]) for r in rows]
