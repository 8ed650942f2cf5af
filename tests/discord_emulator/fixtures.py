"""Pytest fixture; import it into a test module or conftest to use it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .emulator import DiscordEmulator


@pytest_asyncio.fixture
async def discord_emulator() -> AsyncIterator[DiscordEmulator]:
    """A started, patched emulator; clients it started are closed afterwards.

    Every request the bot made must have met Discord's contract, and every interaction
    must have been answered in time: a test that provokes either on purpose takes them
    with ``emu.take_violations()`` / ``emu.take_failures()``.
    """
    async with DiscordEmulator() as emu:
        yield emu
        violations = emu.contract_violations
        assert not violations, "Discord would refuse:\n" + "\n".join(map(str, violations))
        failures = emu.interaction_failures
        assert not failures, "Interactions failed:\n" + "\n".join(map(str, failures))
