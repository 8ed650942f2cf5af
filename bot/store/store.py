"""`Store`: the game store put together from its parts."""

from __future__ import annotations

import time
from os import PathLike

from bot.games.registry import get_engine
from bot.store.actions import ActionsMixin
from bot.store.core import DEFAULT_CACHE_SIZE, DEFAULT_SNAPSHOT_EVERY, Clock, EngineLookup
from bot.store.db import BUSY_TIMEOUT_MS, DEFAULT_SYNCHRONOUS, Database, schema_version
from bot.store.moderation import ModerationMixin
from bot.store.records import RecordsMixin
from bot.store.service import ServiceMixin
from bot.store.tables import TablesMixin


class Store(ModerationMixin, RecordsMixin, ActionsMixin, TablesMixin, ServiceMixin):
    """Persistent games for any engine of the registry, on one SQLite file.

    Open with `store = await Store.open(path)` and `await store.close()` at shutdown (or
    `async with await Store.open(path) as store:`). All methods are coroutines that may be
    called concurrently; the store serializes its transactions.
    """

    @classmethod
    async def open(
        cls,
        path: str | PathLike[str],
        *,
        engines: EngineLookup = get_engine,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        clock: Clock = time.time,
        synchronous: str = DEFAULT_SYNCHRONOUS,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> Store:
        """Open (creating if need be) and migrate the database at `path`."""
        db = await Database.open(path, synchronous=synchronous, busy_timeout_ms=busy_timeout_ms)
        return cls(
            db, engines=engines, clock=clock, snapshot_every=snapshot_every, cache_size=cache_size
        )

    async def close(self) -> None:
        self._live.clear()
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.reading() as conn:
            return await schema_version(conn)

    async def integrity_check(self) -> list[str]:
        """SQLite's own check of the file plus foreign keys; empty when all is well."""
        async with self._db.reading() as conn:
            rows = await conn.execute_fetchall("PRAGMA integrity_check")
            problems = [str(r[0]) for r in rows if str(r[0]) != "ok"]
            fk = await conn.execute_fetchall("PRAGMA foreign_key_check")
            problems += [f"foreign key: {tuple(r)}" for r in fk]
        return problems

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
