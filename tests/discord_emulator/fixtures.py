"""Pytest fixture; import it into a test module or conftest to use it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .emulator import DiscordEmulator


@pytest_asyncio.fixture
async def discord_emulator() -> AsyncIterator[DiscordEmulator]:
    """A started, patched emulator; clients it started are closed afterwards."""
    async with DiscordEmulator() as emu:
        yield emu
