"""What keeps the bot's background work going through faults: a database that refuses a
write for a moment (read-only, a full disk, a lost connection) or one broken game.

A loop counts its failures in a row with `Backoff`: the first is logged with its trace,
the ones after it are not (one line when it works again), and the wait before the next
try doubles up to a cap. `guarded` runs one step of a shutdown so that its failure is
logged and the next step still runs."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Awaitable

import asyncpg

log = logging.getLogger(__name__)

# What a database refusing a read or a write for now raises (the store passes them on as
# they are): locked, read-only, a full disk, an I/O error, a lost or refused connection, a
# server shutting down, a transaction rolled back. Trying again later may work; a row
# breaking a constraint (one game's broken data) is not among them.
DATABASE_FAULTS: tuple[type[BaseException], ...] = (
    sqlite3.OperationalError, OSError, asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError, asyncpg.InsufficientResourcesError,
    asyncpg.ReadOnlySQLTransactionError, asyncpg.OperatorInterventionError,
    asyncpg.TransactionRollbackError, asyncpg.LockNotAvailableError)

FIRST_RETRY_S = 1.0
LAST_RETRY_S = 300.0


def is_database_fault(exc: BaseException) -> bool:
    return isinstance(exc, DATABASE_FAULTS)


class Backoff:
    """The failures in a row of one background loop, named `what` in the log."""

    def __init__(self, what: str, logger: logging.Logger = log, *,
                 first: float = FIRST_RETRY_S, most: float = LAST_RETRY_S) -> None:
        self.what = what
        self.logger = logger
        self.first = first
        self.most = most
        self.failures = 0

    def failed(self, exc: BaseException) -> float:
        """Count a failure; the seconds to wait before trying again."""
        self.failures += 1
        if self.failures == 1:
            self.logger.error("%s failed; trying again with growing pauses (told once, "
                              "until it works again)", self.what, exc_info=exc)
        return min(self.first * 2.0 ** min(self.failures - 1, 30), self.most)

    def worked(self) -> None:
        if self.failures:
            self.logger.warning("%s works again, after %d failed tries", self.what,
                                self.failures)
        self.failures = 0


async def guarded(step: Awaitable[object], what: str) -> bool:
    """Await one step of a shutdown; a failure is logged (False) and stops nothing else."""
    try:
        await step
    except Exception:
        log.exception("stopping: %s failed; going on with the rest", what)
        return False
    return True
