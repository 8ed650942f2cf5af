"""Rules of the real Discord the emulator models: the 3-second first response, the
15-minute interaction token, channel permission overwrites and archived threads."""

from __future__ import annotations

import io

import discord
import pytest

from tests.discord_emulator import DiscordEmulator, EmulatorError, EmuUser
from tests.emulator.demo_bot import DemoBot, make_png


class FakeTime:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_an_interaction_not_answered_in_time_fails_for_the_user(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    emu.ack_deadline = 0.2  # Discord's 3 s, scaled down to keep the test quick
    handle = await emu.slash(alice, emu.channel, "demo slow", {"seconds": 0.4})
    with pytest.raises(EmulatorError, match="failed for the user"):
        await handle.callback(timeout=10)
    await emu.wait_until(lambda: bool(bot.errors), timeout=10)
    # The late answer is refused as Discord refuses it: 404 Unknown interaction.
    assert isinstance(bot.errors[0], discord.NotFound) and bot.errors[0].code == 10062
    (failure,) = emu.take_failures()
    assert failure.interaction is handle.record and "within 0.2 s" in failure.reason
    assert not emu.messages(emu.channel)


async def test_deferring_first_keeps_a_slow_answer_alive(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    # Discord's 3 s, scaled down, still far above the moment a defer takes on a busy machine
    emu.ack_deadline = 1.5
    handle = await emu.slash(alice, emu.channel, "demo slow", {"seconds": 2.0, "defer": True})
    assert (await handle.wait(timeout=30)).content == "done late"
    assert not emu.interaction_failures and not bot.errors


async def test_the_interaction_token_expires_after_15_minutes(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    emu.clock = clock = FakeTime()
    handle = await emu.slash(alice, emu.channel, "demo hold", {})
    await handle.callback()
    clock.now += 15 * 60  # the bot was busy for a quarter of an hour
    bot.release.set()
    await emu.wait_until(lambda: bool(bot.errors), timeout=10)
    refused = bot.errors[0]
    assert refused.status == 401 and refused.code == 50027  # Invalid Webhook Token
    assert handle.record.original_message is not None and handle.record.original_message.loading


async def test_overwrites_decide_what_the_bot_may_post(
    emu: DiscordEmulator, bot: DemoBot
) -> None:
    channel = emu.channel
    assert channel is not None and emu.guild is not None
    denied = discord.Permissions(attach_files=True, embed_links=True)
    emu.set_permissions(channel, emu.bot_user, deny=denied)
    await emu.flush()
    sendable = bot.get_channel(channel.id)
    assert isinstance(sendable, discord.TextChannel)
    png = discord.File(io.BytesIO(make_png()), "b.png")
    with pytest.raises(discord.Forbidden) as refused:
        await sendable.send("board", file=png)
    assert refused.value.code == 50013
    with pytest.raises(discord.Forbidden):
        await sendable.send(embed=discord.Embed(description="x"))
    await sendable.send("text still works")
    emu.set_permissions(channel, emu.guild.everyone, deny=discord.Permissions(send_messages=True))
    await emu.flush()
    with pytest.raises(discord.Forbidden) as silenced:
        await sendable.send("no")
    assert silenced.value.code == 50013
    emu.set_permissions(channel, emu.guild.everyone)
    # Denied for @everyone, granted to the bot's member: the member overwrite wins.
    emu.set_permissions(channel, emu.guild.everyone, deny=discord.Permissions(view_channel=True))
    emu.set_permissions(channel, emu.bot_user)  # the bot's own overwrite removed
    await emu.flush()
    with pytest.raises(discord.Forbidden) as hidden:
        await sendable.send("hello?")
    assert hidden.value.code == 50001  # Missing Access
    emu.set_permissions(channel, emu.bot_user, allow=discord.Permissions(view_channel=True))
    await emu.flush()
    await sendable.send("visible again")
    await emu.wait_until(lambda: sendable.permissions_for(sendable.guild.me).view_channel)
    assert [m.content for m in emu.messages(channel)] == ["text still works", "visible again"]


async def test_threads_need_send_in_threads_and_reopen_when_archived(
    emu: DiscordEmulator, bot: DemoBot
) -> None:
    assert emu.channel is not None and emu.guild is not None
    thread = emu.add_thread(emu.channel, "game")
    await emu.flush()
    emu.set_permissions(emu.channel, emu.guild.everyone,
                        deny=discord.Permissions(send_messages_in_threads=True))
    await emu.flush()
    cached = await bot.fetch_channel(thread.id)
    assert isinstance(cached, discord.Thread)
    with pytest.raises(discord.Forbidden):
        await cached.send("no")
    emu.set_permissions(emu.channel, emu.guild.everyone)
    emu.archive_thread(thread)
    await emu.flush()
    cached = await bot.fetch_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.archived
    with pytest.raises(discord.HTTPException) as archived:
        await cached.send("hello")
    assert archived.value.status == 400 and archived.value.code == 50083
    reopened = await cached.edit(archived=False)
    await reopened.send("hello again")
    assert not thread.archived and [m.content for m in emu.messages(thread)] == ["hello again"]
    # Locked by a moderator: only Manage Threads reopens it.
    emu.archive_thread(thread, locked=True)
    emu.set_permissions(emu.channel, emu.bot_user, deny=discord.Permissions(manage_threads=True))
    await emu.flush()
    with pytest.raises(discord.Forbidden):
        await reopened.edit(archived=False)
    assert thread.archived and thread.locked
