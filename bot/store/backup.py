"""Copies of the database file: backups taken while the bot runs, and restoring one.

A backup uses SQLite's online backup API on a connection of its own: the whole file is
copied in one step inside one read transaction, so the copy is consistent even while the
bot commits (WAL lets the writer go on meanwhile). The copy is written next to its final
name and renamed into place only once it has been checked, so a half-written backup never
looks like a good one. These functions block: the bot runs them in a thread.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from bot.store.backends.sqlite import load_migrations
from bot.store.errors import SchemaTooNew, StoreError


@contextlib.contextmanager
def _connection(path: Path, *, timeout: float = 5.0) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        yield conn
    finally:
        conn.close()


def newest_schema() -> int:
    return len(load_migrations())


def file_schema_version(path: Path) -> int:
    """The schema version (migrations applied) of a database file, read without changing
    it. StoreError when the file is missing or is not a database."""
    if not path.is_file():
        raise StoreError(f"there is no database at {path}")
    try:
        with _connection(path) as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path} cannot be read as a database: {exc}") from exc


def check_copy(path: Path) -> int:
    """A backup is usable: SQLite's quick check passes and its schema is one this code
    knows. Returns its schema version; StoreError (one line) otherwise."""
    version = file_schema_version(path)
    if version > newest_schema():
        raise SchemaTooNew(version, newest_schema())
    try:
        with _connection(path) as conn:
            found = [str(r[0]) for r in conn.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path} cannot be read as a database: {exc}") from exc
    if found != ["ok"]:
        raise StoreError(f"{path} is damaged: {found[0]}")
    return version


def backup_database(source: Path, target: Path) -> int:
    """Copy the database `source` to `target` (replaced if it exists) as one
    self-contained file. Returns the copy's schema version."""
    if not source.is_file():
        raise StoreError(f"there is no database at {source}")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        with _connection(source) as src, _connection(partial) as dst:
            src.backup(dst)  # pages=-1: all pages in one step, one consistent snapshot
            # One file, no -wal beside it: the copy can be moved or mailed as it is.
            dst.execute("PRAGMA journal_mode=DELETE")
        version = check_copy(partial)
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise StoreError(f"backup of {source} to {target} failed: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return version


def restore_database(backup: Path, database: Path, keep_old_as: Path) -> Path | None:
    """Put the backup in place of `database`, which must not be open anywhere else (the
    bot stopped). The database it replaces is moved to `keep_old_as` (returned), nothing
    is deleted. Any -wal/-shm of the old file is folded into it first, so no stale log is
    ever applied to the restored file."""
    check_copy(backup)
    replaced = None
    if database.exists():
        try:
            with _connection(database, timeout=0) as conn:
                # Leaving WAL mode needs the only connection: it fails while the bot runs.
                conn.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{database} is in use ({exc}): stop the bot first") from exc
        except sqlite3.DatabaseError:
            pass  # a damaged file: it is kept aside as it is, with its -wal
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{database}{suffix}").exists():
                os.replace(f"{database}{suffix}", f"{keep_old_as}{suffix}")
        replaced = keep_old_as
    backup_database(backup, database)
    return replaced
