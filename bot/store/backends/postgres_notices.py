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
        # Per channel, who hears it: what each does with a notice's payload, and what
        # each does after notices may have been missed.
        self.hearers: dict[str, list[tuple[Callable[[str], None], Callable[[], None]]]] = {}
        self.raw: asyncpg.Connection | None = None
        self._again: asyncio.Task | None = None
        self._closing = False
        # One connection at a time is set up: two hearers added at once share it, and
        # closing waits for a connection being made rather than leaving it open.
        self._setting_up = asyncio.Lock()

    async def hear(self, channel: str, on_notice: Callable[[str], None],
                   on_missed: Callable[[], None]) -> None:
        async with self._setting_up:
            if self._closing:
                return
            new_channel = channel not in self.hearers
            self.hearers.setdefault(channel, []).append((on_notice, on_missed))
            if self.raw is None:
                await self._connect()
            elif new_channel and not self.raw.is_closed():
                await self.raw.add_listener(channel, self._relay)
            # Closed: the task listening again listens on every channel.

    def _relay(self, _conn: object, _pid: int, channel: str, payload: str) -> None:
        for on_notice, _missed in list(self.hearers.get(channel, ())):
            on_notice(payload)

    async def _connect(self) -> None:
        raw = await asyncpg.connect(self.url)
        # Watched before it listens, so a loss while it sets up is not missed.
        raw.add_termination_listener(self._lost)
        try:
            for channel in self.hearers:
                await raw.add_listener(channel, self._relay)
        except BaseException:
            raw.remove_termination_listener(self._lost)  # the caller retries, not _lost
            raw.terminate()  # not left open beside the next try
            raise
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
            for hearers in list(self.hearers.values()):
                for _on_notice, on_missed in hearers:
                    on_missed()
            return

    async def close(self) -> None:
        self._closing = True
        if self._again is not None:
            self._again.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._again
        async with self._setting_up:
            if self.raw is not None and not self.raw.is_closed():
                await self.raw.close()


GAMES_CHANNEL = "store_games"  # the payload: ids of games that changed, comma-separated
GAMES_GATHER_S = 0.1  # changes of this long are told in one notice
_PAYLOAD_CHARS = 7000  # below PostgreSQL's 8000 bytes a notice may carry


class GameNotices:
    """Tells every process's pages that games changed (a step, an undo, a start or an
    end), gathered over `GAMES_GATHER_S` into one notice sent after the change's commit,
    never in its transaction: a notifying commit waits for every other one on the
    server. A notice that cannot be sent is left out; a page looks again by itself."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._changed: set[int] = set()
        self._sending: asyncio.Task | None = None

    def changed(self, game_id: int) -> None:
        self._changed.add(game_id)
        if self._sending is None or self._sending.done():
            self._sending = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        await asyncio.sleep(GAMES_GATHER_S)
        ids, self._changed = sorted(self._changed), set()
        payloads = [""]
        for game_id in ids:
            if len(payloads[-1]) > _PAYLOAD_CHARS:
                payloads.append("")
            payloads[-1] += f"{',' if payloads[-1] else ''}{game_id}"
        try:
            async with self.pool.acquire() as conn:
                for payload in payloads:
                    await conn.execute("SELECT pg_notify($1, $2)", GAMES_CHANNEL, payload)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            log.warning("game notices: %d left out (%s)", len(ids), exc)

    async def close(self) -> None:
        """Sends what is gathered, then stops."""
        if self._sending is not None and not self._sending.done():
            await self._sending
