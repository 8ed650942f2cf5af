"""Backups the bot takes itself: one a day (the newest BACKUP_KEEP kept) of the SQLite
file or the PostgreSQL database, and, on SQLite, one before migrations change an existing
database.

The schedule is read from the backup files' names, which carry the time they were taken,
so a restart neither repeats a backup nor skips one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bot.ops.databases import Database
from bot.ops.logs import describe_error
from bot.store.backup import backup_database, file_schema_version, newest_schema
from bot.store.errors import StoreError

log = logging.getLogger(__name__)

BACKUP_INTERVAL = 24 * 3600.0
RETRY_AFTER_FAILURE = 3600.0
MAX_SLEEP = 3600.0  # re-read the clock at least hourly (suspend, clock changes)
STAMP_FORMAT = "%Y%m%d-%H%M%S"
DAILY = re.compile(r"^daily-(\d{8}-\d{6})\.(?:db|dump)$")  # SQLite, PostgreSQL


def stamp(now: float) -> str:
    return datetime.fromtimestamp(now, UTC).strftime(STAMP_FORMAT)


def daily_backups(directory: Path) -> list[tuple[float, Path]]:
    """The daily backups in `directory`, oldest first, with the time each was taken.
    Other files there (a hand-made copy, a pre-migration backup) are not counted."""
    found: list[tuple[float, Path]] = []
    if directory.is_dir():
        for path in directory.iterdir():
            match = DAILY.match(path.name)
            if match:
                taken = datetime.strptime(match.group(1), STAMP_FORMAT).replace(tzinfo=UTC)
                found.append((taken.timestamp(), path))
    return sorted(found)


def next_due(directory: Path, now: float) -> float:
    """When the next daily backup is due: a day after the newest, at once if none."""
    found = daily_backups(directory)
    return found[-1][0] + BACKUP_INTERVAL if found else now


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` daily backups; returns those deleted."""
    paths = [path for _, path in daily_backups(directory)]
    old = paths[:max(len(paths) - keep, 0)]
    for path in old:
        path.unlink(missing_ok=True)
    return old


def take_daily_backup(database: Database, directory: Path, keep: int, now: float) -> Path:
    target = directory / f"daily-{stamp(now)}{database.suffix}"
    database.back_up(target)
    prune(directory, keep)
    return target


def backup_before_migrations(database: Path, directory: Path, now: float) -> Path | None:
    """Copy an existing database whose schema is older than this code's before the store
    migrates it, so an upgrade can be undone. None when there is nothing to migrate."""
    if not database.is_file():
        return None  # a new database: created at the newest schema
    version = file_schema_version(database)
    newest = newest_schema()
    if not 0 < version < newest:
        return None
    target = directory / f"before-migration-{version:04d}-to-{newest:04d}-{stamp(now)}.db"
    backup_database(database, target)
    log.info("database schema %d is older than %d: backed up to %s before migrating",
             version, newest, target)
    return target


class DailyBackups:
    """The bot's daily backup, run in a thread on a connection of its own."""

    def __init__(self, database: Database, directory: Path, keep: int,
                 clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.directory = directory
        self.keep = keep
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self.next_at: float | None = None  # when the next backup is due, once known

    def start(self) -> None:
        if self.keep > 0 and self._task is None:
            self._task = asyncio.create_task(self._run(), name="daily-backups")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        retry_at = 0.0
        while True:
            now = self.clock()
            try:
                due = self.next_at = max(next_due(self.directory, now), retry_at)
                if due <= now:
                    path = await asyncio.to_thread(take_daily_backup, self.database,
                                                   self.directory, self.keep, now)
                    log.info("daily backup written: %s", path)
                    continue
            except (StoreError, OSError) as exc:
                retry_at = due = self.next_at = now + RETRY_AFTER_FAILURE
                log.error("daily backup failed, next try in an hour: %s", describe_error(exc))
            except Exception:  # whatever it was, the backups go on
                retry_at = due = self.next_at = now + RETRY_AFTER_FAILURE
                log.exception("daily backup failed, next try in an hour")
            await asyncio.sleep(min(due - now, MAX_SLEEP))
