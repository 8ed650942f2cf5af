"""The database the settings name, as backups see it: the SQLite file of DATABASE_PATH, or
the PostgreSQL database of DATABASE_URL. `python -m bot backup` and `restore`, the daily
backups and the doctor all act on this one.

On PostgreSQL the daily backups are taken by the process that holds shard 0 (the one that
also registers the slash commands), so several processes do not each take one.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bot.ops.logs import describe_error
from bot.ops.running import StartRefused
from bot.ops.settings import Settings
from bot.sharding import Scaling
from bot.store.backup import backup_database, newest_schema, restore_database
from bot.store.errors import StoreError
from bot.store.pg_backup import (
    DUMP_SUFFIX,
    check_dump,
    client_major,
    database_label,
    dump_database,
    find_program,
    restore_dump,
)


class Database(Protocol):
    """What backups need of a database."""

    @property
    def label(self) -> str: ...  # which database, for the operator (never a password)

    @property
    def suffix(self) -> str: ...  # of its backup files

    @property
    def stem(self) -> str: ...  # a name for its backup files

    def back_up(self, target: Path) -> int: ...  # the copy's schema version

    def restore(self, backup: Path, aside: str) -> str: ...  # what was done, in words


@dataclass(frozen=True)
class SqliteFile:
    path: Path
    suffix: str = ".db"

    @property
    def label(self) -> str:
        return str(self.path)

    @property
    def stem(self) -> str:
        return self.path.stem

    def back_up(self, target: Path) -> int:
        return backup_database(self.path, target)

    def restore(self, backup: Path, aside: str) -> str:
        """The file it replaces is kept beside it, named with `aside`."""
        replaced = restore_database(backup, self.path,
                                    self.path.with_name(f"{self.path.name}.{aside}"))
        kept = f"; the database it replaced is kept as {replaced}" if replaced else ""
        return f"restored {backup} to {self.label}{kept}"


@dataclass(frozen=True)
class PostgresDatabase:
    url: str
    bin_dir: Path | None = None  # where pg_dump and pg_restore are; None: on PATH
    suffix: str = DUMP_SUFFIX

    @property
    def label(self) -> str:
        return database_label(self.url)

    @property
    def stem(self) -> str:
        return self.label.rpartition("/")[2] or "postgres"

    def back_up(self, target: Path) -> int:
        return dump_database(self.url, target, self.bin_dir)

    def restore(self, backup: Path, aside: str) -> str:
        """Into an empty database only: nothing is overwritten, so nothing is kept aside."""
        version = check_dump(backup, self.bin_dir, newest_schema())
        asyncio.run(self._refuse_unless_empty())
        restore_dump(backup, self.url, self.bin_dir)
        return f"restored {backup} to {self.label} (schema {version})"

    async def _refuse_unless_empty(self) -> None:
        import asyncpg

        try:
            conn = await asyncpg.connect(self.url)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StoreError(f"cannot connect to {self.label}: {describe_error(exc)}"
                             ) from exc
        try:
            tables = await conn.fetchval(
                "SELECT count(*) FROM pg_tables "
                "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
        finally:
            await conn.close()
        if tables:
            raise StoreError(f"{self.label} already holds tables: restore into an empty "
                             "database (createdb NAME) and point DATABASE_URL at it")


async def server_major(url: str) -> int | None:
    """The PostgreSQL server's major version; None when it cannot be asked (opening the
    database says why)."""
    import asyncpg

    try:
        conn = await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError):
        return None
    try:
        return int(await conn.fetchval("SELECT current_setting('server_version_num')::int"
                                       )) // 10000
    finally:
        await conn.close()


async def pg_dump_and_server(database: PostgresDatabase) -> tuple[int, int | None]:
    """The major versions of pg_dump (StoreError when it is missing) and of the server
    (None when it cannot be asked)."""
    pg_dump = find_program("pg_dump", database.bin_dir)
    return await asyncio.to_thread(client_major, pg_dump), await server_major(database.url)


def too_old(client: int, server: int | None) -> str | None:
    """pg_dump refuses to dump a server newer than itself: why, in one line; else None."""
    if server is None or client >= server:
        return None
    return (f"pg_dump {client} cannot back up PostgreSQL {server}: install the client "
            f"programs of {server} or newer, or name their folder in PG_BIN_DIR")


async def refuse_old_pg_dump(database: PostgresDatabase) -> None:
    """At the start of the process that takes the daily backups: StartRefused when its
    pg_dump cannot back up the server (the doctor reports the same)."""
    try:
        why = too_old(*await pg_dump_and_server(database))
    except StoreError as exc:
        why = str(exc)
    if why is not None:
        raise StartRefused(f"daily backups of {database.label} cannot be taken: {why} (or "
                           "set BACKUP_KEEP=0)")


def configured_database(settings: Settings, scaling: Scaling) -> Database:
    if scaling.database_url is not None:
        return PostgresDatabase(scaling.database_url, settings.pg_bin_dir)
    return SqliteFile(settings.database_path)


def takes_daily_backups(settings: Settings, scaling: Scaling) -> bool:
    """This process takes the daily backups: BACKUP_KEEP is not 0 and, on PostgreSQL, it
    holds shard 0."""
    return settings.backup_keep > 0 and (scaling.database_url is None
                                         or scaling.syncs_commands)


def daily_backup_refusal(settings: Settings, scaling: Scaling) -> str | None:
    """Why this process cannot take its daily backups (PostgreSQL's client programs
    missing), in one line; None when it can or takes none. The bot does not start then,
    and the doctor reports it."""
    database = configured_database(settings, scaling)
    if not takes_daily_backups(settings, scaling) or not isinstance(database,
                                                                    PostgresDatabase):
        return None
    try:
        for program in ("pg_dump", "pg_restore"):
            find_program(program, database.bin_dir)
    except StoreError as exc:
        return (f"daily backups of {database.label} cannot be taken: {exc} (or set "
                "BACKUP_KEEP=0)")
    return None
