"""`python -m bot doctor` online, against the loopback Discord: it logs in and names every
channel with an open game where the bot lacks a permission it needs."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.ops.doctor import run_doctor
from bot.ops.findings import PROBLEM, Finding
from bot.ops.permissions import invite_url
from bot.ops.running import BAD_TOKEN
from bot.ops.settings import load_settings
from bot.store import Store
from bot.tables.service import TableService
from tests.discord_emulator import DiscordEmulator
from tests.ops.games import open_doge

TOKEN = "MTAw.GxYz12.abcdefghijklmnopqrstuvwxyz"
GONE_CHANNEL = 4242


def settings(tmp_path: Path, token: str = TOKEN):
    return load_settings({"DISCORD_TOKEN": token, "DATABASE_PATH": str(tmp_path / "games.db"),
                          "BACKUP_DIR": str(tmp_path / "backups")})


def discord_problems(findings: list[Finding]) -> list[str]:
    return [f.text for f in findings if f.level == PROBLEM and f.area == "discord"]


async def test_channels_where_the_bot_lacks_a_permission_are_named(tmp_path: Path) -> None:
    async with DiscordEmulator(token=TOKEN) as emu:
        thread = emu.add_thread(emu.channel, "doge-night")
        dice = emu.add_text_channel(emu.guild, "dice")
        emu.set_permissions(dice, emu.bot_user, deny=discord.Permissions(attach_files=True))
        talk = emu.add_text_channel(emu.guild, "talk")  # the bot may talk here, not in threads
        emu.set_permissions(talk, emu.bot_user,
                            deny=discord.Permissions(send_messages_in_threads=True))
        mute_thread = emu.add_thread(talk, "quiet-game")
        store = await Store.open(tmp_path / "games.db")
        service = TableService(store)
        fine = await open_doge(service, channel_id=emu.channel.id, guild_id=emu.guild.id)
        await open_doge(service, channel_id=thread.id, guild_id=emu.guild.id)
        lacking = await open_doge(service, channel_id=dice.id, guild_id=emu.guild.id)
        in_thread = await open_doge(service, channel_id=mute_thread.id, guild_id=emu.guild.id)
        gone = await open_doge(service, channel_id=GONE_CHANNEL, guild_id=emu.guild.id)
        await store.close()

        findings = await run_doctor(settings(tmp_path), tmp_path / ".env")
        assert not emu.contract_violations

    assert fine != lacking
    assert sorted(discord_problems(findings)) == sorted([
        f"#dice in Emulator Guild (channel {dice.id}, game {lacking} (doge)): the bot lacks "
        "Attach Files",
        f"#quiet-game in Emulator Guild (channel {mute_thread.id}, game {in_thread} (doge)): "
        "the bot lacks Send Messages in Threads, Embed Links, Attach Files",  # as Discord counts
        f"the channel {GONE_CHANNEL} of game {gone} (doge) no longer exists",
    ])
    lines = [f.line() for f in findings]
    assert any("logged in as EmuBot" in line for line in lines), lines
    invite = f"invite link: {invite_url(emu.application_id)}"
    assert any(line.endswith(invite) for line in lines), lines
    assert any("2 channels with open games give the bot every permission" in line
               for line in lines), lines


async def test_a_refused_token_is_one_problem(tmp_path: Path) -> None:
    async with DiscordEmulator(token=TOKEN):
        findings = await run_doctor(settings(tmp_path, "MTAw.other.token"), tmp_path / ".env")
    assert discord_problems(findings) == [BAD_TOKEN]
