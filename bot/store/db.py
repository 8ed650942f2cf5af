"""The one SQLite connection, its settings, the migrations and the transaction lock.

aiosqlite runs every statement of a connection on one worker thread, in order, but any
coroutine may queue statements at any time. Without a lock, coroutine B's INSERT could run
inside coroutine A's open transaction and be committed or rolled back with it. So every
unit of work (a write transaction, or a read that must not see someone's half-done
transaction) holds `Database.lock` from its first statement to its last.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from os import PathLike
from typing import Any

import aiosqlite

from bot.store.errors import SchemaTooNew, StoreError

MIGRATIONS_PACKAGE = "bot.store.migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

BUSY_TIMEOUT_MS = 5000
# WAL + NORMAL: a commit survives a killed process (it is in the WAL, in the OS cache);
# only a power cut can lose the last commits, and the file stays consistent even then.
DEFAULT_SYNCHRONOUS = "NORMAL"


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """Split the script into statements. sqlite3.complete_statement understands
        comments, strings and trigger bodies, unlike a split on ';'."""
        out: list[str] = []
        buf = ""
        for line in self.sql.splitlines(keepends=True):
            buf += line
            if sqlite3.complete_statement(buf):
                if buf.strip():
                    out.append(buf.strip())
                buf = ""
        if buf.strip() and not _only_comments(buf):
            raise StoreError(f"migration {self.name} ends with an unterminated statement")
        return out


def _only_comments(text: str) -> bool:
    return all(not ln.strip() or ln.strip().startswith("--") for ln in text.splitlines())


def load_migrations() -> list[Migration]:
    """The migrations shipped with the package, checked to be numbered 1, 2, 3, ..."""
    found: list[Migration] = []
    for entry in resources.files(MIGRATIONS_PACKAGE).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.number)
    for expected, migration in enumerate(found, start=1):
        if migration.number != expected:
            raise StoreError(f"migration {expected:04d} is missing (found {migration.name})")
    return found


async def connect(
    path: str | PathLike[str],
    *,
    synchronous: str = DEFAULT_SYNCHRONOUS,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
) -> aiosqlite.Connection:
    """Open a connection with the settings the store relies on. Transactions are explicit
    (isolation_level=None), so the sqlite3 module never opens one behind our back."""
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        rows = await conn.execute_fetchall("PRAGMA journal_mode=WAL")
        mode = next(iter(rows))[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"could not switch the database to WAL mode (got {mode})")
        await conn.execute(f"PRAGMA synchronous={_checked_sync(synchronous)}")
        await conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        await conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        await conn.close()
        raise
    return conn


def _checked_sync(value: str) -> str:
    if value.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
        raise ValueError(f"bad synchronous setting {value!r}")
    return value.upper()


async def schema_version(conn: aiosqlite.Connection) -> int:
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])


async def migrate(
    conn: aiosqlite.Connection,
    target: int | None = None,
    migrations: list[Migration] | None = None,
) -> int:
    """Bring the schema up to `target` (default: the newest) in one transaction, so a
    crash mid-way leaves the previous version intact. Returns the version reached."""
    migrations = load_migrations() if migrations is None else migrations
    newest = len(migrations)
    target = newest if target is None else target
    await conn.execute("BEGIN IMMEDIATE")
    try:
        # Read inside the write lock: another process may have migrated meanwhile.
        current = await schema_version(conn)
        if current > newest:
            raise SchemaTooNew(current, newest)
        for migration in migrations[current:target]:
            for statement in migration.statements():
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version={migration.number}")
        await conn.execute("COMMIT")
    except BaseException:
        await rollback_quietly(conn)
        raise
    return max(current, target)


async def rollback_quietly(conn: aiosqlite.Connection) -> None:
    """Roll back if a transaction is open. A cancelled COMMIT may still have run on the
    worker thread, in which case there is nothing left to roll back."""
    try:
        await conn.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        if "no transaction" not in str(exc):
            raise


class Database:
    """The single writer connection plus the lock that serializes its units of work."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | PathLike[str],
        *,
        synchronous: str = DEFAULT_SYNCHRONOUS,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> Database:
        conn = await connect(path, synchronous=synchronous, busy_timeout_ms=busy_timeout_ms)
        try:
            await migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        async with self.lock:
            await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Lock + BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any exception)."""
        async with self.lock:
            async with self.in_transaction() as conn:
                yield conn

    @asynccontextmanager
    async def in_transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT for a caller that already holds the lock.
        IMMEDIATE takes SQLite's write lock up front, so a transaction never fails half-way
        on a lock upgrade when another process writes too."""
        conn = self.conn
        await conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            await conn.execute("COMMIT")
        except BaseException:
            await rollback_quietly(conn)
            raise

    async def write_one(self, sql: str, params: Any) -> None:
        """BEGIN IMMEDIATE; one statement; COMMIT, for a caller holding the lock.

        The three are queued to the connection's thread together (aiosqlite runs its queue
        in order, and tasks first run in the order they were created), so the write costs
        one hand-off instead of three. The statement decides the outcome:
        - it failed: SQLite statements are atomic, so it changed nothing, and the COMMIT
          behind it closed an empty transaction;
        - it succeeded after BEGIN failed (the lock could not be had in time): it ran as
          its own, equally atomic, transaction and is committed;
        - it succeeded but the COMMIT failed: roll back and report the COMMIT's error.
        """
        conn = self.conn
        try:
            began, done, committed = await asyncio.gather(
                conn.execute("BEGIN IMMEDIATE"),
                conn.execute(sql, params),
                conn.execute("COMMIT"),
                return_exceptions=True,
            )
        except BaseException:
            # Cancelled, perhaps before everything was queued: leave no transaction open.
            await rollback_quietly(conn)
            raise
        if isinstance(committed, BaseException):
            await rollback_quietly(conn)
        if isinstance(done, BaseException):
            raise done
        if isinstance(committed, BaseException) and not isinstance(began, BaseException):
            raise committed

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """The lock without a transaction: reads see only committed data."""
        async with self.lock:
            yield self.conn


async def fetch_one(conn: aiosqlite.Connection, sql: str, params: Any = ()) -> sqlite3.Row | None:
    rows = await conn.execute_fetchall(sql, params)
    for row in rows:
        return row
    return None


async def fetch_all(conn: aiosqlite.Connection, sql: str, params: Any = ()) -> list[sqlite3.Row]:
    return list(await conn.execute_fetchall(sql, params))
