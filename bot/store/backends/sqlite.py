"""The SQLite backend: one connection, its settings, the migrations and the lock that
serializes units of work.

aiosqlite runs every statement of a connection on one worker thread, in order, but any
coroutine may queue statements at any time. Without a lock, coroutine B's INSERT could run
inside coroutine A's open transaction and be committed or rolled back with it. So every
unit of work (a write transaction, or a read that must not see someone's half-done
transaction) holds `Database.lock` from its first statement to its last. The interface
the store's queries see is described in bot/store/backends/sql.py.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from os import PathLike
from typing import Any

import aiosqlite

from bot.store.backends.sql import IntegrityViolation, Row, fetch_all, fetch_one
from bot.store.errors import SchemaTooNew, StoreError

__all__ = ["Database", "Migration", "connect", "fetch_all", "fetch_one", "load_migrations",
           "migrate", "schema_version"]

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


class SqliteConn:
    """The store's view of the connection (see bot/store/backends/sql.py)."""

    row_lock = ""

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self.raw.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise IntegrityViolation(str(exc)) from exc
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.raw.executemany(sql, rows)
        except sqlite3.IntegrityError as exc:
            raise IntegrityViolation(str(exc)) from exc

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        for row in await self.fetch_all(sql, params):
            return row
        return None

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self.raw.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as exc:
            raise IntegrityViolation(str(exc)) from exc


class Database:
    """The single writer connection plus the lock that serializes its units of work."""

    dialect = "sqlite"
    skip_locked = ""  # BEGIN IMMEDIATE: one writer at a time
    takes_game = "1 = 1"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.view = SqliteConn(conn)
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
    async def transaction(self) -> AsyncIterator[SqliteConn]:
        """Lock + BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any exception)."""
        async with self.lock:
            async with self.in_transaction() as conn:
                yield conn

    @asynccontextmanager
    async def in_transaction(self) -> AsyncIterator[SqliteConn]:
        """BEGIN IMMEDIATE ... COMMIT for a caller that already holds the lock.
        IMMEDIATE takes SQLite's write lock up front, so a transaction never fails half-way
        on a lock upgrade when another process writes too."""
        conn = self.conn
        try:
            # Inside the try: a BEGIN whose caller was cancelled while it was queued
            # still runs on the connection's thread, and must not stay open.
            await conn.execute("BEGIN IMMEDIATE")
            yield self.view
            await conn.execute("COMMIT")
        except BaseException:
            await rollback_quietly(conn)
            raise

    @asynccontextmanager
    async def exclusive(self, game_id: int) -> AsyncIterator[SqliteSession]:
        """The lock, for a game's submit path (every game's: there is one connection)."""
        async with self.lock:
            yield SqliteSession(self)

    @asynccontextmanager
    async def game_lock(self, game_id: int, purpose: str = "table") -> AsyncIterator[None]:
        """One process owns an SQLite file: the table service's own lock suffices."""
        yield

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
        if isinstance(done, sqlite3.IntegrityError):
            raise IntegrityViolation(str(done)) from done
        if isinstance(done, BaseException):
            raise done
        if isinstance(committed, BaseException) and not isinstance(began, BaseException):
            raise committed

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[SqliteConn]:
        """The lock without a transaction: reads see only committed data."""
        async with self.lock:
            yield self.view

    @asynccontextmanager
    async def reading_each(self) -> AsyncIterator[SqliteConn]:
        """As `reading`, which has no transaction either."""
        async with self.lock:
            yield self.view

    @asynccontextmanager
    async def delete_guard_lifted(self, conn: SqliteConn) -> AsyncIterator[None]:
        """Drop the action log's delete trigger and put it back from its own stored
        definition, inside the caller's transaction (so nobody else sees the log
        unguarded, and a failure rolls the drop back too)."""
        guard = await conn.fetch_one(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
            (DELETE_GUARD,),
        )
        if guard is None or not guard["sql"]:
            raise StoreError("the action log has no append-only guard; refusing to undo")
        await conn.execute(f"DROP TRIGGER {DELETE_GUARD}")
        yield
        await conn.execute(guard["sql"])

    async def notify_deadlines(self, conn: SqliteConn) -> None:
        """One process per file: its own clock already knows."""

    async def watch_deadlines(self, wake: Callable[[], None]) -> None:
        """Nobody else writes the file's deadlines."""

    async def notify_settings(self, conn: SqliteConn, guild_id: int) -> None:
        """One process per file: it changed them itself."""

    async def watch_settings(self, changed: Callable[[int | None], None]) -> None:
        """Nobody else writes the file's settings."""

    def game_changed(self, game_id: int) -> None:
        """Another process reading the file (the pages alone) looks by itself."""

    async def watch_games(self, changed: Callable[[set[int] | None], None]) -> bool:
        """Nothing tells another process of a change to the file: False (look for it)."""
        return False

    async def schema_version(self) -> int:
        async with self.lock:
            return await schema_version(self.conn)

    async def integrity_problems(self) -> list[str]:
        """SQLite's own check of the file plus foreign keys; empty when all is well."""
        async with self.reading() as conn:
            rows = await conn.fetch_all("PRAGMA integrity_check")
            problems = [str(r[0]) for r in rows if str(r[0]) != "ok"]
            fk = await conn.fetch_all("PRAGMA foreign_key_check")
            problems += [f"foreign key: {tuple(r)}" for r in fk]
        return problems


DELETE_GUARD = "actions_append_only_delete"


class SqliteSession:
    """A submit path's unit of work on the one connection, for a holder of the lock."""

    def __init__(self, db: Database) -> None:
        self.conn = db.view
        self.write_one = db.write_one
        self.in_transaction = db.in_transaction
