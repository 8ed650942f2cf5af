"""A look-up posted for everyone (`public:true`) is posted only where the member may post
themself, and a few times a minute at most for each member in each channel; beyond that
the member is told in one line, privately, and nothing is posted."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.discord_app import TableBot
from cogs.common.public_posts import PER_WINDOW, WINDOW_S
from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_doge_clocks import FakeTime


async def look_up(emu: DiscordEmulator, user: EmuUser, channel=None) -> discord.Message:
    """`/doge leaderboard public:true`, answered."""
    handle = await emu.slash(user, channel or emu.channel, "doge leaderboard", {"public": True})
    return await handle.wait()


def posted(emu: DiscordEmulator, channel=None) -> int:
    return len(emu.messages(channel or emu.channel, include_ephemeral=False))


async def test_a_public_look_up_goes_only_where_its_asker_may_post(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    async with emu.running(TableBot(database_path=str(tmp_path / "games.db"), clock=time)):
        muted, talker = emu.add_user("muted"), emu.add_user("talker")
        emu.set_permissions(emu.channel, muted, deny=discord.Permissions(send_messages=True))
        answer = await look_up(emu, muted)
        assert answer.ephemeral and "cannot post in this channel" in answer.content
        assert "\n" not in answer.content and posted(emu) == 0
        # A few a minute, then one private line; the next minute, again.
        for _ in range(PER_WINDOW):
            assert not (await look_up(emu, talker)).ephemeral
        answer = await look_up(emu, talker)
        assert answer.ephemeral and "enough look-ups here" in answer.content
        assert posted(emu) == PER_WINDOW
        other = emu.add_text_channel(name="other")  # counted per channel
        assert not (await look_up(emu, talker, other)).ephemeral
        time.now += WINDOW_S
        assert not (await look_up(emu, talker)).ephemeral
        assert posted(emu) == PER_WINDOW + 1
        assert not emu.internal_errors
