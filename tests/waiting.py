"""Waiting for a condition that another task or process brings about: checked again and
again until it holds, within a bound only a stalled process reaches."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable


async def poll(condition: Callable[[], Awaitable[bool]], timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not await condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)
