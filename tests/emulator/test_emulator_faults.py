"""The emulator's failures and gateway events: 403s, 5xx retries, rate limits, RESUME."""

from __future__ import annotations

import time

import discord

from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.emulator.demo_bot import MESSAGES_ROUTE, DemoBot


async def test_forbidden_channel_raises_in_bot(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    emu.deny_sends(emu.channel)
    handle = await emu.slash(alice, emu.channel, "demo announce", {"text": "hello"})
    reply = await handle.wait()
    assert reply.content == "forbidden 50013" and reply.ephemeral
    assert [r.status for r in emu.requests if r.route == MESSAGES_ROUTE] == [403]


async def test_server_error_is_retried(emu: DiscordEmulator, bot: DemoBot, alice: EmuUser) -> None:
    assert emu.channel is not None
    emu.fail_next("POST", MESSAGES_ROUTE, status=500)
    handle = await emu.slash(alice, emu.channel, "demo announce", {"text": "after retry"})
    # discord.py sleeps one second before retrying a 500.
    reply = await handle.wait(timeout=5.0)
    assert reply.content == "sent"
    public = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
    assert public == ["after retry"]
    assert [r.status for r in emu.requests if r.route == MESSAGES_ROUTE] == [500, 200]


async def test_rate_limits_make_the_bot_back_off(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    channel = emu.channel
    assert channel is not None
    emu.rate_limit_next("POST", MESSAGES_ROUTE, retry_after=0.05)
    reply = await (await emu.slash(alice, channel, "demo announce", {"text": "one"})).wait()
    assert reply.content == "sent" and emu.rate_limit_hits == 1

    emu.set_send_rate_limit(2, 0.3)
    discord_channel = bot.get_channel(channel.id)
    assert isinstance(discord_channel, discord.TextChannel)
    started = time.perf_counter()
    for n in range(4):
        await discord_channel.send(f"burst {n}")
    # Two sends per 0.3 s window: the third has to wait for the window to reset.
    assert time.perf_counter() - started >= 0.25
    bursts = [m.content for m in emu.messages(channel) if m.content.startswith("burst")]
    assert bursts == [f"burst {n}" for n in range(4)]


async def test_gateway_resume_and_reidentify(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    await emu.request_reconnect()
    handle = await emu.slash(alice, emu.channel, "demo greet", {"player": "a"})
    assert (await handle.wait()).content == "hi a"
    await emu.wait_until(lambda: emu.gateway.resume_count == 1)

    await emu.invalidate_sessions()
    await emu.wait_until(lambda: emu.gateway.identify_count == 2)
    handle = await emu.slash(alice, emu.channel, "demo greet", {"player": "b"})
    assert (await handle.wait()).content == "hi b"

    await emu.drop_connections()
    handle = await emu.slash(alice, emu.channel, "demo greet", {"player": "c"})
    assert (await handle.wait()).content == "hi c"
    assert emu.gateway.resume_count == 2
