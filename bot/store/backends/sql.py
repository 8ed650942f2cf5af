"""What the store's queries see of a database, whichever it is (SQLite or PostgreSQL).

Queries are written once, in SQL both databases accept, with `?` placeholders; each
backend turns them into its own form (bot/store/backends/postgres_dialect.py for
PostgreSQL). A backend hands out `Conn`s (one statement at a time, rows readable by
column name and by index) inside three kinds of unit of work:

- `transaction()`: a write transaction, committed at the end, rolled back on any error;
- `reading()`: reads that see one consistent, committed picture of the database;
- `exclusive(game_id)`: the game's submit path: a connection of its own while no other
  coroutine of this process submits to the game, with a one-statement write
  (`write_one`) and an explicit transaction (`in_transaction`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

Row = Any  # sqlite3.Row or asyncpg.Record: both read by name and by index


class IntegrityViolation(Exception):  # noqa: N818 - the database's own word
    """A constraint or a guard of the schema refused a statement; nothing was written.
    The message names the table and columns as `table.column`, on both backends."""


class Conn(Protocol):
    # " FOR UPDATE" inside a PostgreSQL write transaction (the row stays locked until
    # COMMIT), "" elsewhere: SQLite's write transactions already exclude each other.
    row_lock: str

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


class Session(Protocol):
    conn: Conn

    async def write_one(self, sql: str, params: Sequence[Any]) -> None:
        """One statement as a transaction of its own."""
        ...

    def in_transaction(self) -> AbstractAsyncContextManager[Conn]: ...


class Database(Protocol):
    dialect: str  # "sqlite" or "postgresql"
    # Appended to a SELECT that picks rows to claim: rows another transaction is claiming
    # are passed over rather than waited for (PostgreSQL); "" where writers never overlap.
    skip_locked: str
    # A condition on a row's game_id that takes the game for this transaction, or is
    # false while another transaction holds it (PostgreSQL: a transaction-level advisory
    # lock, tried only on the rows the query reaches); always true where writers never
    # overlap.
    takes_game: str

    def transaction(self) -> AbstractAsyncContextManager[Conn]: ...

    def reading(self) -> AbstractAsyncContextManager[Conn]:
        """Reads that see one snapshot together."""
        ...

    def reading_each(self) -> AbstractAsyncContextManager[Conn]:
        """Reads that need no common snapshot (one statement, or statements that each
        stand alone): on PostgreSQL without BEGIN and COMMIT, two round trips fewer."""
        ...

    def exclusive(self, game_id: int) -> AbstractAsyncContextManager[Session]: ...

    def game_lock(self, game_id: int, purpose: str = "table") -> AbstractAsyncContextManager[None]:
        """Held by one process at a time: the table service's lock of a game ("table"),
        or the poster's while it shows the game ("show")."""
        ...

    def delete_guard_lifted(self, conn: Conn) -> AbstractAsyncContextManager[None]:
        """Inside a write transaction: the action log's delete guard is off until the
        block ends (undo), and back before COMMIT."""
        ...

    async def notify_deadlines(self, conn: Conn) -> None:
        """Tell the other processes, at COMMIT, that deadlines changed."""
        ...

    async def watch_deadlines(self, wake: Any) -> None:
        """Call `wake()` whenever another process changes deadlines."""
        ...

    async def notify_settings(self, conn: Conn, guild_id: int) -> None:
        """Tell the other processes, at COMMIT, that the server's settings changed."""
        ...

    async def watch_settings(self, changed: Any) -> None:
        """Call `changed(guild_id)` whenever a process changes a server's settings, and
        `changed(None)` when changes may have been missed (a lost connection)."""
        ...

    def game_changed(self, game_id: int) -> None:
        """A game's change is committed: tell every process's pages (once, soon)."""
        ...

    async def watch_games(self, changed: Any) -> bool:
        """Call `changed(game_ids)` when games change in any process, `changed(None)`
        when changes may have been missed; False where no notice comes (look instead)."""
        ...

    async def schema_version(self) -> int: ...

    async def integrity_problems(self) -> list[str]: ...

    async def close(self) -> None: ...


async def fetch_one(conn: Conn, sql: str, params: Sequence[Any] = ()) -> Row | None:
    return await conn.fetch_one(sql, params)


async def fetch_all(conn: Conn, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    return await conn.fetch_all(sql, params)


def newest_first(select: str, filters: Sequence[tuple[str, Sequence[Any]]],
                 limit: int) -> tuple[str, list[Any]]:
    """A listing's statement and parameters: `select` narrowed by every filter given (a
    clause and its values; one whose first value is None is not given), the newest id
    first, at most `limit` rows."""
    given = [(clause, values) for clause, values in filters
             if not values or values[0] is not None]
    where = " AND ".join(clause for clause, _values in given)
    sql = f"{select}{' WHERE ' + where if where else ''} ORDER BY id DESC LIMIT ?"
    return sql, [value for _clause, values in given for value in values] + [limit]
