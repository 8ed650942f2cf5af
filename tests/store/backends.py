"""The two databases the store runs on, as the store's tests see them: where the store
opens (`target`), and a separate connection of the test's own, as another process would
have, to look at every row or to tamper with them."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

import asyncpg

from bot.store.backends import postgres_dialect as pg_dialect

BACKENDS = ("sqlite", "postgresql")


@dataclass(frozen=True)
class Backend:
    name: str  # "sqlite" or "postgresql"
    target: str  # the SQLite file, or the PostgreSQL URL

    @property
    def integrity_error(self) -> type[Exception]:
        """What the database itself raises when a constraint or guard refuses a statement
        of an outside connection."""
        if self.name == "sqlite":
            return sqlite3.IntegrityError
        return asyncpg.IntegrityConstraintViolationError

    async def execute(self, sql: str, *params: Any) -> None:
        """One statement (`?` placeholders), committed, on a connection of its own."""
        if self.name == "sqlite":
            with sqlite3.connect(self.target) as conn:
                conn.execute(sql, params)
            return
        conn = await asyncpg.connect(self.target)
        try:
            await conn.execute(pg_dialect.query(sql), *params)
        finally:
            await conn.close()

    async def fetch(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if self.name == "sqlite":
            with sqlite3.connect(self.target) as conn:
                return [tuple(r) for r in conn.execute(sql, params).fetchall()]
        conn = await asyncpg.connect(self.target)
        try:
            return [tuple(r) for r in await conn.fetch(pg_dialect.query(sql), *params)]
        finally:
            await conn.close()

    async def tables(self) -> list[str]:
        if self.name == "sqlite":
            sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        else:
            sql = ("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                   "ORDER BY tablename")
        return [r[0] for r in await self.fetch(sql)]

    async def contents(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every table, to prove that a refused operation changed nothing."""
        return {name: sorted(await self.fetch(f"SELECT * FROM {name}"), key=repr)
                for name in await self.tables()}

    async def drop_trigger(self, name: str, table: str) -> None:
        await self.execute(f"DROP TRIGGER {name}" + ("" if self.name == "sqlite"
                                                      else f" ON {table}"))
