"""The PostgreSQL backend (asyncpg): a pool of connections shared by any number of
processes, the same numbered migrations, and the locks and notices that let several
processes share one database.

- Writes: each `transaction()` is a READ COMMITTED transaction; rows a write reads to
  decide (a game's status) are read with `row_lock` (FOR UPDATE), so two processes
  serialize on the game row. An action is one statement whose version check is part of
  the write (bot/store/backends/postgres_dialect.py), so it needs no lock at all to be safe.
- Reads: `reading()` is a REPEATABLE READ, read-only transaction: several queries see
  one committed picture, never half of another process's action.
- `game_lock`: a session advisory lock on a connection of its own, held for as long as
  the table service works on a game (or the poster shows one); a killed process's locks
  end with its connection.
- Notices: a change of deadlines is announced with NOTIFY, so the other processes'
  clocks wake; so is a change of a server's settings, so what they hold of it is dropped,
  and, just after its commit, a change of a game (its submit lane left, started, ended),
  so that every process's web pages show it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.store.backends import postgres_dialect as dialect
from bot.store.backends.postgres_notices import (
    DEADLINES_CHANNEL,
    GAMES_CHANNEL,
    SETTINGS_CHANNEL,
    GameNotices,
    Listener,
)
from bot.store.backends.sql import IntegrityViolation, Row
from bot.store.backends.sqlite import DELETE_GUARD, Migration, load_migrations
from bot.store.errors import SchemaTooNew, StoreError

log = logging.getLogger(__name__)

URL_SCHEMES = ("postgresql://", "postgres://")
# Advisory lock keys: (namespace, id). The namespace keeps them apart from anyone else's.
LOCK_NAMESPACE = 0x646F6765  # "doge"
MIGRATION_LOCK = 0
# Claims of due deadlines take their game under this namespace (not LOCK_NAMESPACE, which
# a table holds while it works on the game: its deadlines are still claimed meanwhile).
CLAIM_NAMESPACE = LOCK_NAMESPACE + 1
# Game locks by purpose: the table's, held while it works on a game, and the poster's,
# held while it shows a game's step in its channel (cogs/common/poster.py). Each has a
# pool of its own, so shows waiting on Discord never keep a table from its lock.
LOCK_PURPOSES = {"table": LOCK_NAMESPACE, "show": LOCK_NAMESPACE + 2}


@dataclass(frozen=True)
class Connections:
    """The most connections one process opens, by use, as its load asks for them: the pool
    of reads and writes; the submit lanes, each a connection of its own kept open (a game
    always takes the same lane, so its submits are serialized in this process without a
    pool round); a pool per lock purpose; and the listener. The server must allow them for
    every process (the doctor checks: bot/ops/doctor.py)."""

    pool: int = 8
    lanes: int = 8
    locks: int = 8  # for each purpose

    @property
    def total(self) -> int:
        return self.pool + self.lanes + len(LOCK_PURPOSES) * self.locks + 1

    @classmethod
    def at_most(cls, total: int) -> Connections:
        """An even share of `total` (DATABASE_CONNECTIONS) for each use: fewer connections
        per process, so more processes fit a server's `max_connections`, at the price of
        clicks on different games waiting for each other sooner."""
        share = (total - 1) // (2 + len(LOCK_PURPOSES))
        if share < MIN_SHARE:
            raise ValueError(f"at least {FEWEST_CONNECTIONS} connections are needed")
        return cls(pool=share, lanes=share, locks=share)


MIN_SHARE = 2  # two of each: one slow unit of work never holds up every other
DEFAULT_CONNECTIONS = Connections()
FEWEST_CONNECTIONS = Connections(MIN_SHARE, MIN_SHARE, MIN_SHARE).total


# PostgreSQL 12 or newer: claims of due deadlines use a MATERIALIZED common table
# expression (bot/store/deadlines.py).
OLDEST_SERVER = 120000  # server_version_num


async def _require_version(conn: asyncpg.Connection) -> None:
    """Refuse a server too old for the store's SQL, before anything is written."""
    found = int(await conn.fetchval("SHOW server_version_num"))
    if found < OLDEST_SERVER:
        raise StoreError(f"PostgreSQL {OLDEST_SERVER // 10000} or newer is needed; the "
                         f"server reports version number {found}")


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


@contextmanager
def _translated() -> Iterator[None]:
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as exc:
        text = dialect.violation_text(str(exc), getattr(exc, "table_name", None),
                                      getattr(exc, "detail", None))
        raise IntegrityViolation(text) from exc


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A connection going back to the pool keeps its session: the store leaves nothing
    in it (settings are transaction-local, locks live in the lock pool), and asyncpg's
    default reset would cost every unit of work one more round trip. An open
    transaction is still rolled back by asyncpg itself."""


async def _unlock_games(conn: asyncpg.Connection) -> None:
    """A lock connection going back to its pool lets go of its game: the release is the
    unlock, one round trip (asyncpg's default reset would add a second). If it fails,
    asyncpg closes the connection, and the server lets go of the lock with it."""
    await conn.execute("SELECT pg_advisory_unlock_all()")


def _rows_changed(status: str) -> int:
    """asyncpg's command tag ("UPDATE 3", "INSERT 0 1") as a row count."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgConn:
    """The store's view of one connection (see bot/store/backends/sql.py)."""

    def __init__(self, raw: asyncpg.Connection, *, writing: bool = False) -> None:
        self.raw = raw
        self.row_lock = " FOR UPDATE" if writing else ""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _translated():
            status = await self.raw.execute(dialect.query(sql), *dialect.params(params))
        return _rows_changed(status)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _translated():
            await self.raw.executemany(dialect.query(sql), [dialect.params(r) for r in rows])

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with _translated():
            return await self.raw.fetchrow(dialect.query(sql), *dialect.params(params))

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _translated():
            return list(await self.raw.fetch(dialect.query(sql), *dialect.params(params)))


class PgSession:
    """A game's submit path on a connection of its own."""

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw
        self.conn = PgConn(raw)

    async def write_one(self, sql: str, params: Sequence[Any]) -> None:
        await self.conn.execute(sql, params)  # one statement: its own transaction

    @asynccontextmanager
    async def in_transaction(self) -> AsyncIterator[PgConn]:
        async with self.raw.transaction():
            yield PgConn(self.raw, writing=True)


class _Lane:
    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.raw: asyncpg.Connection | None = None

    async def connection(self, url: str) -> asyncpg.Connection:
        """The lane's connection, opened again if it broke, and out of any transaction
        a cancelled caller left behind."""
        if self.raw is None or self.raw.is_closed():
            self.raw = await asyncpg.connect(url)
        elif self.raw.is_in_transaction():
            await self.raw.execute("ROLLBACK")
        return self.raw

    async def close(self) -> None:
        async with self.lock:
            if self.raw is not None:
                await self.raw.close()
                self.raw = None


class PgDatabase:
    dialect = "postgresql"
    skip_locked = " FOR UPDATE SKIP LOCKED"
    takes_game = f"pg_try_advisory_xact_lock({CLAIM_NAMESPACE}, (game_id % {2**31})::int)"

    def __init__(self, url: str, pool: asyncpg.Pool,
                 connections: Connections = DEFAULT_CONNECTIONS) -> None:
        self.url = url
        self.pool = pool
        self.connections = connections
        self._lock_pools: dict[str, asyncpg.Pool] = {}
        self._making_lock_pool = asyncio.Lock()
        self._listener: Listener | None = None
        self._lanes = [_Lane() for _ in range(connections.lanes)]
        self._game_notices = GameNotices(pool)

    @classmethod
    async def open(cls, url: str, *,
                   connections: Connections = DEFAULT_CONNECTIONS) -> PgDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=connections.pool,
                                             reset=_keep_session)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreError(f"cannot reach the database: {exc}") from exc
        try:
            async with pool.acquire() as conn:
                await _require_version(conn)
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool, connections)

    async def close(self) -> None:
        await self._game_notices.close()
        for lane in self._lanes:
            await lane.close()
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        for lock_pool in self._lock_pools.values():
            await lock_pool.close()
        self._lock_pools.clear()
        await self.pool.close()

    # -- units of work ----------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConn]:
        async with self.pool.acquire() as raw, raw.transaction():
            yield PgConn(raw, writing=True)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[PgConn]:
        async with self.pool.acquire() as raw, raw.transaction(
                isolation="repeatable_read", readonly=True):
            yield PgConn(raw)

    @asynccontextmanager
    async def reading_each(self) -> AsyncIterator[PgConn]:
        """Each statement its own transaction (autocommit): a statement sees one snapshot."""
        async with self.pool.acquire() as raw:
            yield PgConn(raw)

    @asynccontextmanager
    async def exclusive(self, game_id: int) -> AsyncIterator[PgSession]:
        """The game's lane: in this process one submit per game at a time (the others
        wait here rather than retrying against the database)."""
        lane = self._lanes[game_id % len(self._lanes)]
        async with lane.lock:
            yield PgSession(await lane.connection(self.url))

    @asynccontextmanager
    async def game_lock(self, game_id: int, purpose: str = "table") -> AsyncIterator[None]:
        lock_pool = self._lock_pools.get(purpose)
        if lock_pool is None:
            async with self._making_lock_pool:  # two first locks at once make one pool
                lock_pool = self._lock_pools.get(purpose)
                if lock_pool is None:
                    lock_pool = self._lock_pools[purpose] = await asyncpg.create_pool(
                        self.url, min_size=1, max_size=self.connections.locks,
                        reset=_unlock_games)
        async with lock_pool.acquire() as raw:  # its release unlocks
            await raw.execute("SELECT pg_advisory_lock($1, $2)", LOCK_PURPOSES[purpose],
                              game_id % 2**31)
            yield

    @asynccontextmanager
    async def delete_guard_lifted(self, conn: PgConn) -> AsyncIterator[None]:
        """The guard stays in place; this transaction alone is let through it."""
        found = await conn.fetch_one("SELECT 1 FROM pg_trigger WHERE tgname = ?",
                                     (DELETE_GUARD,))
        if found is None:
            raise StoreError("the action log has no append-only guard; refusing to undo")
        await conn.execute("SELECT set_config(?, 'on', true)", (dialect.UNDO_SETTING,))
        yield
        await conn.execute("SELECT set_config(?, 'off', true)", (dialect.UNDO_SETTING,))

    # -- notices across processes -----------------------------------------------------

    async def notify_deadlines(self, conn: PgConn) -> None:
        await conn.execute(f"NOTIFY {DEADLINES_CHANNEL}")

    async def watch_deadlines(self, wake: Callable[[], None]) -> None:
        await self._hear(DEADLINES_CHANNEL, lambda _payload: wake(), wake)

    async def notify_settings(self, conn: PgConn, guild_id: int) -> None:
        await conn.execute("SELECT pg_notify(?, ?)", (SETTINGS_CHANNEL, str(guild_id)))

    async def watch_settings(self, changed: Callable[[int | None], None]) -> None:
        def heard(payload: str) -> None:
            changed(int(payload) if payload.isdigit() else None)

        await self._hear(SETTINGS_CHANNEL, heard, lambda: changed(None))

    def game_changed(self, game_id: int) -> None:
        self._game_notices.changed(game_id)

    async def watch_games(self, changed: Callable[[set[int] | None], None]) -> bool:
        def heard(payload: str) -> None:
            changed({int(part) for part in payload.split(",") if part.isdigit()})

        await self._hear(GAMES_CHANNEL, heard, lambda: changed(None))
        return True

    async def _hear(self, channel: str, on_notice: Callable[[str], None],
                    on_missed: Callable[[], None]) -> None:
        if self._listener is None:
            self._listener = Listener(self.url)
        await self._listener.hear(channel, on_notice, on_missed)

    # -- the schema -------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            return await current_version(conn)

    async def integrity_problems(self) -> list[str]:
        """PostgreSQL checks every constraint at every statement; what is left to ask is
        whether a constraint was ever switched off (NOT VALID) on our tables."""
        async with self.reading() as conn:
            rows = await conn.fetch_all(
                "SELECT conrelid::regclass::text AS tab, conname FROM pg_constraint "
                "WHERE NOT convalidated AND connamespace = current_schema()::regnamespace")
        return [f"constraint {r['conname']} of {r['tab']} is not validated" for r in rows]


async def current_version(conn: asyncpg.Connection) -> int:
    exists = await conn.fetchval("SELECT to_regclass('store_schema') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM store_schema"))


async def migrate(
    conn: asyncpg.Connection,
    target: int | None = None,
    migrations: list[Migration] | None = None,
) -> int:
    """The numbered migrations, translated, in one transaction under an advisory lock:
    processes starting together migrate once, and a failure leaves the old version."""
    migrations = load_migrations() if migrations is None else migrations
    newest = len(migrations)
    target = newest if target is None else target
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK_NAMESPACE,
                           MIGRATION_LOCK)
        current = await current_version(conn)
        if current > newest:
            raise SchemaTooNew(current, newest)
        if current < target:
            await conn.execute("CREATE TABLE IF NOT EXISTS store_schema (version INTEGER)")
        for migration in migrations[current:target]:
            for statement in migration.statements():
                for translated in dialect.migration_statements(statement):
                    await conn.execute(translated)
            log.info("database migrated to %s", migration.name)
        if current < target:
            await conn.execute("DELETE FROM store_schema")
            await conn.execute("INSERT INTO store_schema (version) VALUES ($1)", target)
    return max(current, target)
