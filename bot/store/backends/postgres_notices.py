"""Notices between the processes sharing a PostgreSQL database (LISTEN/NOTIFY): deadlines
changed, so the other processes' clocks wake; a server's settings changed, so what they
hold of them is dropped. A notice is sent at COMMIT by the transaction that made the
change (bot/store/backends/postgres.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import asyncpg

log = logging.getLogger(__name__)

DEADLINES_CHANNEL = "store_deadlines"
SETTINGS_CHANNEL = "store_guild_settings"  # the payload: the server's id
RELISTEN_MAX_S = 30.0  # the longest wait between tries to listen again


class Listener:
    """The connection that hears other processes' notices: deadlines changed, a server's
    settings changed. Lost (the server restarted, the network broke), it connects again,
    backing off while that fails, and once back tells each hearer that it may have
    missed notices meanwhile."""

    def __init__(self, url: str) -> None:
        self.url = url
        # Per channel: what to do with a notice's payload, and what to do after notices
        # may have been missed.
        self.hearers: dict[str, tuple[Callable[[str], None], Callable[[], None]]] = {}
        self.raw: asyncpg.Connection | None = None
        self._again: asyncio.Task | None = None
        self._closing = False
        self._setting_up = asyncio.Lock()  # two hearers added at once share one connection

    async def hear(self, channel: str, on_notice: Callable[[str], None],
                   on_missed: Callable[[], None]) -> None:
        async with self._setting_up:
            self.hearers[channel] = (on_notice, on_missed)
            if self.raw is None:
                await self._connect()
            elif not self.raw.is_closed():
                await self.raw.add_listener(channel, _relay(on_notice))
            # Closed: the task listening again adds every hearer's channel.

    async def _connect(self) -> None:
        raw = await asyncpg.connect(self.url)
        try:
            for channel, (on_notice, _missed) in self.hearers.items():
                await raw.add_listener(channel, _relay(on_notice))
        except BaseException:
            raw.terminate()  # not left open beside the next try
            raise
        raw.add_termination_listener(self._lost)
        self.raw = raw

    def _lost(self, _raw: asyncpg.Connection) -> None:
        if not self._closing and (self._again is None or self._again.done()):
            self._again = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        delay = 0.5
        while not self._closing:
            try:
                async with self._setting_up:
                    await self._connect()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                log.warning("listener: cannot connect again (%s); retrying", exc)
                await asyncio.sleep(delay)
                delay = min(2 * delay, RELISTEN_MAX_S)
                continue
            log.info("listener: connected again")
            for _on_notice, on_missed in list(self.hearers.values()):
                on_missed()
            return

    async def close(self) -> None:
        self._closing = True
        if self._again is not None:
            self._again.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._again
        if self.raw is not None and not self.raw.is_closed():
            await self.raw.close()


def _relay(on_notice: Callable[[str], None]) -> Callable[..., None]:
    """asyncpg's listener callback (connection, pid, channel, payload) -> on_notice(payload)."""
    return lambda _conn, _pid, _channel, payload: on_notice(payload)
