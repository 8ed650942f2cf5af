"""A real PostgreSQL server for the tests: each test gets a database of its own, created
on the server and dropped afterwards.

The server is `TEST_POSTGRES_URL` (default: postgres on 127.0.0.1:5432, trust auth). When
it cannot be reached the tests that need it are skipped with the reason; with
REQUIRE_POSTGRES=1 (CI sets it) they fail instead, so a CI run never passes without them.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache

import asyncpg
import pytest

ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
CONNECT_TIMEOUT_S = 3.0


def _required() -> bool:
    return os.environ.get("REQUIRE_POSTGRES", "").strip() not in ("", "0")


@lru_cache(maxsize=1)
def unreachable_reason() -> str | None:
    """None when the server answers; else why not, in one line."""

    async def probe() -> None:
        conn = await asyncpg.connect(ADMIN_URL, timeout=CONNECT_TIMEOUT_S)
        await conn.close()

    try:
        # In a thread of its own: the caller may be inside an event loop already.
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, probe()).result()
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"no PostgreSQL at {ADMIN_URL.rsplit('@', 1)[-1]}: {exc}"
    return None


def need_postgres() -> None:
    """Skip the calling test without a server (fail, when REQUIRE_POSTGRES is set)."""
    reason = unreachable_reason()
    if reason is None:
        return
    if _required():
        pytest.fail(f"REQUIRE_POSTGRES is set but {reason}", pytrace=False)
    pytest.skip(reason)


def need_pg_programs() -> None:
    """Skip the calling test without PostgreSQL's pg_dump and pg_restore on PATH (fail,
    when REQUIRE_POSTGRES is set)."""
    missing = [name for name in ("pg_dump", "pg_restore") if shutil.which(name) is None]
    if not missing:
        return
    reason = f"{' and '.join(missing)} not on PATH (the postgresql-client package)"
    if _required():
        pytest.fail(f"REQUIRE_POSTGRES is set but {reason}", pytrace=False)
    pytest.skip(reason)


async def create_database(prefix: str) -> str:
    """A new, empty database on the server; returns its URL."""
    need_postgres()
    name = f"{prefix}_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(ADMIN_URL)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    base, _, _ = ADMIN_URL.rpartition("/")
    return f"{base}/{name}"


async def drop_database(url: str) -> None:
    """Drop it, together with any connection a test left open (or a killed process's)."""
    name = url.rpartition("/")[2]
    admin = await asyncpg.connect(ADMIN_URL)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@asynccontextmanager
async def fresh_database(prefix: str = "test") -> AsyncIterator[str]:
    """A database of the test's own; yields its URL and drops it afterwards."""
    url = await create_database(prefix)
    try:
        yield url
    finally:
        await drop_database(url)


@contextmanager
def fresh_database_sync(prefix: str = "test") -> Iterator[str]:
    """`fresh_database` for a test without an event loop of its own."""
    url = asyncio.run(create_database(prefix))
    try:
        yield url
    finally:
        asyncio.run(drop_database(url))


async def server_let_go(url: str) -> None:
    """Wait until the killed writer's PostgreSQL sessions are gone. A statement the server
    was running when its client died still runs to its end (and may commit): the check
    must not read the game and then its log across that commit."""
    conn = await asyncpg.connect(url)
    try:
        for _ in range(200):
            others = await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            if not others:
                return
            await asyncio.sleep(0.05)
        raise AssertionError("the killed writer's sessions did not end")
    finally:
        await conn.close()
