"""`Store`: the game store put together from its parts, on SQLite or PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from os import PathLike
from typing import Any

from bot.games.registry import get_engine
from bot.secret_logs import keep_secrets_out_of_logs
from bot.store.actions import ActionsMixin
from bot.store.after_commit import RATE
from bot.store.backends.postgres import DEFAULT_CONNECTIONS, Connections, is_postgres_url
from bot.store.backends.sql import Database as Backend
from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.backends.sqlite import BUSY_TIMEOUT_MS, DEFAULT_SYNCHRONOUS, Database
from bot.store.bookkeeping import ServiceMixin
from bot.store.moderation import ModerationMixin
from bot.store.pings import PingsMixin
from bot.store.processes import ProcessesMixin
from bot.store.records import RecordsMixin
from bot.store.rows import ACTIVE
from bot.store.shared import DEFAULT_CACHE_SIZE, DEFAULT_SNAPSHOT_EVERY, Clock, EngineLookup
from bot.store.shown import ShownMixin
from bot.store.table_settings import TablesMixin
from bot.store.voiding import VoidingMixin
from bot.store.web_pages import WebPagesMixin


class Store(VoidingMixin, ModerationMixin, RecordsMixin, ActionsMixin, TablesMixin,
            ServiceMixin, PingsMixin, ProcessesMixin, ShownMixin, WebPagesMixin):
    """Persistent games for any engine of the registry, on one SQLite file or on a
    PostgreSQL database that several processes share.

    Open with `store = await Store.open(path)` (or a `postgresql://...` URL) and
    `await store.close()` at shutdown (or `async with await Store.open(path) as store:`).
    All methods are coroutines that may be called concurrently; the store serializes its
    transactions.
    """

    def __init__(self, db: Backend, **kwargs: Any) -> None:
        super().__init__(db, **kwargs)
        # The store's own after-commit handlers (bot/store/after_commit.py); the Discord
        # side registers those that talk to Discord.
        self.after_commit.register(RATE, self.rate_owed, all_at_once=True)

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
        connections: Connections = DEFAULT_CONNECTIONS,
    ) -> Store:
        """Open (creating if need be) and migrate the database at `path`: an SQLite file,
        or a PostgreSQL database given as a `postgresql://` URL (`synchronous` and
        `busy_timeout_ms` are SQLite's; `connections`, the most this process opens, is
        PostgreSQL's)."""
        keep_secrets_out_of_logs()  # statements carry ballots, states and seeds
        db: Backend
        if is_postgres_url(path):
            from bot.store.backends.postgres import PgDatabase

            db = await PgDatabase.open(str(path), connections=connections)
        else:
            db = await Database.open(path, synchronous=synchronous,
                                     busy_timeout_ms=busy_timeout_ms)
        return cls(
            db, engines=engines, clock=clock, snapshot_every=snapshot_every, cache_size=cache_size
        )

    async def close(self) -> None:
        self._live.clear()
        await self._db.close()

    @property
    def dialect(self) -> str:
        """"sqlite" or "postgresql"."""
        return self._db.dialect

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def integrity_check(self) -> list[str]:
        """The database's own check (SQLite: the file and its foreign keys); empty when
        all is well."""
        return await self._db.integrity_problems()

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Held by one process at a time, for as long as the block runs (the table
        service's lock of a game; on SQLite, with one process, it holds nothing)."""
        return self._db.game_lock(game_id)

    def show_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """As `game_lock`, for showing a game's step in its channel: two processes never
        decide a game's messages at once (a click in one, a deadline in the other)."""
        return self._db.game_lock(game_id, "show")

    async def watch_deadlines(self, wake: Callable[[], None]) -> None:
        """Call `wake()` whenever another process changes deadlines."""
        await self._db.watch_deadlines(wake)

    async def watch_settings(self, changed: Callable[[int | None], None]) -> None:
        """Call `changed(guild_id)` whenever a server's settings change, in any process;
        `changed(None)` when changes may have gone unheard (a lost connection)."""
        await self._db.watch_settings(changed)

    # -- what the host's health check and metrics read ----------------------------------

    async def ping(self) -> None:
        """A trivial query; raises when the database does not answer it."""
        async with self._db.reading_each() as conn:
            await fetch_one(conn, "SELECT 1 AS one")

    async def running_games(self) -> dict[str, int]:
        """How many games are being played (started, not over), by game."""
        async with self._db.reading_each() as conn:
            rows = await fetch_all(conn, "SELECT game, COUNT(*) AS n FROM games "
                                         "WHERE status = ? GROUP BY game", (ACTIVE,))
        return {str(r["game"]): int(r["n"]) for r in rows}

    async def game_kind(self, game_id: int) -> str:
        """Which game `game_id` is (its engine's name): from the cache when it holds it."""
        live = self._live.get(game_id)
        if live is not None:
            return live.engine.name
        return (await self.get_game(game_id)).game

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
