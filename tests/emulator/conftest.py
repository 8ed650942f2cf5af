"""Fixtures of the emulator's own tests: a checked emulator, the demo bot, a user."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.emulator.demo_bot import DemoBot


@pytest.fixture
async def emu(discord_emulator: DiscordEmulator) -> AsyncIterator[DiscordEmulator]:  # noqa: F811
    yield discord_emulator
    # Every request the bot made must have been understood by the emulator.
    assert not discord_emulator.unhandled, discord_emulator.unhandled
    assert not discord_emulator.internal_errors, discord_emulator.internal_errors[0]


@pytest.fixture
async def bot(emu: DiscordEmulator) -> AsyncIterator[DemoBot]:
    client = DemoBot()
    async with emu.running(client):
        yield client


@pytest.fixture
def alice(emu: DiscordEmulator) -> EmuUser:
    return emu.add_user("alice")
