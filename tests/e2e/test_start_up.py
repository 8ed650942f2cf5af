"""Starting the bot against the loopback Discord: no voice warnings in its log (it never
joins a voice channel), and the slash commands' ids known from the sync, or from a fetch
in a process that does not sync, as Discord returns them."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.discord_app import TableBot
from bot.ops.doctor import run_doctor
from bot.ops.settings import load_settings
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)

VOICE_WARNINGS = ("PyNaCl is not installed", "davey is not installed")


@pytest.fixture
def voice_libraries_missing() -> Iterator[None]:
    """discord.py as it starts in a process without PyNaCl and davey: it warns once per
    process when a client is made, unless told not to."""
    before = discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True
    yield
    discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave = before


def voice_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if any(w in r.getMessage() for w in VOICE_WARNINGS)]


async def test_the_bot_starts_without_voice_warnings(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        voice_libraries_missing: None, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with discord_emulator.running(bot):
        assert bot.is_ready()
    assert any("ready: store" in r.getMessage() for r in caplog.records)  # the log was read
    assert voice_lines(caplog) == []


async def test_a_plain_client_would_warn(voice_libraries_missing: None,
                                         caplog: pytest.LogCaptureFixture) -> None:
    """What the test above guards against."""
    caplog.set_level(logging.INFO)
    discord.Client(intents=discord.Intents.default())
    assert len(voice_lines(caplog)) == 2


async def test_the_doctor_logs_in_without_voice_warnings(
        tmp_path: Path, voice_libraries_missing: None,
        caplog: pytest.LogCaptureFixture) -> None:
    token = "MTAw.GxYz12.abcdefghijklmnopqrstuvwxyz"
    caplog.set_level(logging.INFO)
    async with DiscordEmulator(token=token):
        settings = load_settings({"DISCORD_TOKEN": token,
                                  "DATABASE_PATH": str(tmp_path / "games.db"),
                                  "BACKUP_DIR": str(tmp_path / "backups")})
        findings = await run_doctor(settings, tmp_path / ".env")
    assert any("logged in as" in f.line() for f in findings)
    assert voice_lines(caplog) == []


async def test_the_commands_ids_are_those_discord_gave(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        stored = {c["name"]: int(c["id"]) for c in emu.commands.list(None)}
        assert {"doge", "clans", "table-admin"} <= stored.keys()
        assert bot.command_ids == stored
    # A second process on the same application fetches them instead of syncing.
    other = TableBot(database_path=str(tmp_path / "other.db"), sync_commands=False)
    syncs = emu.commands.sync_count
    async with emu.running(other):
        assert other.command_ids == stored
    assert emu.commands.sync_count == syncs
