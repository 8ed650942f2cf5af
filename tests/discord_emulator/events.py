"""Errors and the append-only event log every emulator wait is built on."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeVar

if TYPE_CHECKING:
    from .interactions import InteractionRecord
    from .messages import EmuMessage

T = TypeVar("T")
# How long a wait for the bot may last before it fails: long, as a busy machine may be slow;
# a wait whose event comes returns at once.
WAIT_S = 30.0

EventKind = Literal["create", "edit", "delete", "callback"]


class EmulatorError(Exception):
    """A test drove the emulator into a state real Discord would not allow."""


class EmulatorTimeout(EmulatorError, TimeoutError):
    """Waiting for the bot timed out."""


@dataclass(frozen=True)
class StoreEvent:
    """One change to the emulator's store, in the order it happened."""

    kind: EventKind
    message: EmuMessage | None = None
    interaction: InteractionRecord | None = None
    at: float = field(default_factory=time.perf_counter)


class EventLog:
    """Append-only list of store events with waiters woken on every append.

    Waiters re-evaluate a check function instead of subscribing to a kind of
    event, so a test can wait on any condition without races: the check sees the
    whole store, including changes that happened before the wait began.
    """

    def __init__(self) -> None:
        self.events: list[StoreEvent] = []
        self._wakers: list[asyncio.Future[None]] = []

    def append(self, event: StoreEvent) -> None:
        self.events.append(event)
        self.wake()

    def wake(self) -> None:
        wakers, self._wakers = self._wakers, []
        for waker in wakers:
            if not waker.done():
                waker.set_result(None)

    async def wait(
        self, check: Callable[[], T | None], timeout: float, what: str, poll: float | None = None
    ) -> T:
        """Return the first non-None result of ``check``, re-checked after each event.

        ``poll`` also re-checks every ``poll`` seconds, for conditions on state the
        emulator cannot see change (such as the bot's own caches).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result is not None:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise EmulatorTimeout(f"timed out after {timeout:.2f}s waiting for {what}")
            waker: asyncio.Future[None] = loop.create_future()
            self._wakers.append(waker)
            try:
                await asyncio.wait_for(waker, remaining if poll is None else min(poll, remaining))
            except TimeoutError:
                pass
