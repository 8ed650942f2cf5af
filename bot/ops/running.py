"""The bot's life as a process: open the database, log in (waiting out a missing
network), run until SIGTERM or SIGINT, then stop cleanly.

Exit codes: 0 a requested stop, 1 a failure worth restarting for (systemd's
Restart=on-failure: Discord unreachable or lost), 2 what the operator must fix, a restart
cannot help: a bad setting, a refused token, a database that does not open. Each such
failure is one line on standard error.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Iterator
from typing import Protocol

import discord
from discord.utils import MISSING

from bot.ops.logs import NETWORK_ERRORS, describe_error

log = logging.getLogger(__name__)

EXIT_STOPPED, EXIT_FAILED, EXIT_CONFIG = 0, 1, 2
BAD_TOKEN = "Discord refused the token: reset it in the Developer Portal, Bot page"
FIRST_WAIT = 1.0  # seconds before the second attempt; doubled each time up to MAX_WAIT
MAX_WAIT = 60.0
GATEWAY_AUTH_FAILED = 4004


class StartRefused(Exception):
    """A reason not to start, in one line fit to say to the operator as it is."""


class Runnable(Protocol):
    """What `serve` needs of the bot (TableBot)."""

    http: discord.http.HTTPClient

    async def open_store(self) -> None: ...
    async def login(self, token: str) -> None: ...
    async def connect(self, *, reconnect: bool = True) -> None: ...
    async def close(self) -> None: ...


def say(line: str) -> None:
    """One line for the operator, on standard error (the journal under systemd)."""
    print(line, file=sys.stderr, flush=True)


def backoff_waits(first: float = FIRST_WAIT, cap: float = MAX_WAIT) -> Iterator[float]:
    wait = first
    while True:
        yield min(wait, cap)
        wait *= 2


async def _sleep_unless(stop: asyncio.Event, seconds: float) -> bool:
    """Sleep; True if asked to stop meanwhile."""
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
    return stop.is_set()


async def _forget_session(bot: Runnable) -> None:
    """A failed login leaves discord.py's HTTP session open; close it and let the next
    login make a new one (its connector is closed with it)."""
    await bot.http.close()
    bot.http.clear()
    bot.http.connector = MISSING


async def log_in(bot: Runnable, token: str, retries: int, stop: asyncio.Event) -> int | None:
    """Log in, retrying while Discord cannot be reached (waits growing to MAX_WAIT; at
    most `retries` attempts, 0: no limit). None once logged in, else the exit code."""
    waits = backoff_waits(FIRST_WAIT, MAX_WAIT)
    attempt = 0
    while True:
        attempt += 1
        try:
            await bot.login(token)
            return None
        except discord.LoginFailure:
            say(BAD_TOKEN)
            return EXIT_CONFIG
        except NETWORK_ERRORS as exc:
            await _forget_session(bot)
            if retries and attempt >= retries:
                say(f"cannot reach Discord ({describe_error(exc)}): gave up after "
                    f"{attempt} attempts")
                return EXIT_FAILED
            wait = next(waits)
            say(f"cannot reach Discord ({describe_error(exc)}): attempt {attempt} failed, "
                f"trying again in {wait:g} s")
            if await _sleep_unless(stop, wait):
                return EXIT_STOPPED
        except discord.HTTPException as exc:
            say(f"Discord refused to log in: {describe_error(exc)}")
            return EXIT_FAILED


def _gateway_outcome(task: asyncio.Task[None]) -> int:
    """The exit code for a gateway connection that ended by itself."""
    exc = task.exception()
    if exc is None:
        return EXIT_STOPPED
    if isinstance(exc, discord.ConnectionClosed) and exc.code == GATEWAY_AUTH_FAILED:
        say(BAD_TOKEN)
        return EXIT_CONFIG
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        say(str(exc))
        return EXIT_CONFIG
    say(f"the connection to Discord ended: {describe_error(exc)}")
    return EXIT_FAILED


@contextlib.contextmanager
def stop_on_signals(stop: asyncio.Event) -> Iterator[None]:
    """SIGTERM (systemd's stop) and SIGINT (Ctrl-C) ask for a clean stop."""
    loop = asyncio.get_running_loop()
    installed = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop.set)
            installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


async def start_up(bot: Runnable, token: str, retries: int, stop: asyncio.Event
                   ) -> int | None:
    """Open the database, then log in. None once both are done, else the exit code: a
    failure here is one line, never a traceback (LOG_LEVEL=DEBUG logs where it came
    from)."""
    try:
        await bot.open_store()
    except StartRefused as exc:
        say(str(exc))
        return EXIT_CONFIG
    except Exception as exc:  # a missing database, a refused connection, a bad file
        log.debug("the database did not open", exc_info=True)
        say(f"cannot open the database: {describe_error(exc)}")
        return EXIT_CONFIG
    try:
        return await log_in(bot, token, retries, stop)
    except StartRefused as exc:  # e.g. WEB_PORT taken by another program
        say(str(exc))
        return EXIT_CONFIG
    except Exception as exc:  # the games read at start, commands that do not register
        log.debug("start-up failed", exc_info=True)
        say(f"start-up failed: {describe_error(exc)}")
        return EXIT_CONFIG


async def serve(bot: Runnable, token: str, *, retries: int = 0) -> int:
    """Run the bot until a signal asks it to stop; returns the exit code. Whatever way it
    ends, the bot closes what it opened (and only that), newest first."""
    stop = asyncio.Event()
    gateway: asyncio.Task[None] | None = None
    with stop_on_signals(stop):
        try:
            code = await start_up(bot, token, retries, stop)
            if code is not None or stop.is_set():
                return EXIT_STOPPED if code is None else code
            gateway = asyncio.create_task(bot.connect(reconnect=True), name="gateway")
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({gateway, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if gateway.done():
                return _gateway_outcome(gateway)
            log.info("asked to stop: finishing what is in flight")
            return EXIT_STOPPED
        finally:
            await bot.close()  # drains interactions, closes the gateway, then the store
            if gateway is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(gateway, 5)
