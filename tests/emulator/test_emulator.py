"""The Discord emulator drives a real discord.py bot end to end, without mocks."""

from __future__ import annotations

import asyncio
import io
import time

import discord
import pytest

from tests.discord_emulator import DiscordEmulator, EmulatorError, EmuUser
from tests.emulator.demo_bot import DemoBot, make_png


async def test_connects_fast_and_syncs_commands(emu: DiscordEmulator) -> None:
    started = time.perf_counter()
    client = DemoBot()
    async with emu.running(client):
        assert time.perf_counter() - started < 1.0
        assert client.user is not None and client.user.id == emu.bot_user.id
        assert client.application_id == emu.application_id
        guild = client.get_guild(emu.guild.id if emu.guild else 0)
        assert guild is not None and guild.me is not None
        assert [c.name for c in guild.text_channels] == ["general"]
        assert [c["name"] for c in emu.commands.list(None)] == ["demo"]
        assert emu.gateway.identify_count == 1 and emu.gateway.heartbeats >= 1


async def test_autocomplete_and_ephemeral_reply(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    channel = emu.channel
    assert channel is not None
    choices = await emu.autocomplete(alice, channel, "demo greet", {"player": "al"}, "player")
    assert [c["value"] for c in choices] == ["alice", "albert"]

    handle = await emu.slash(alice, channel, "demo greet", {"player": "bob", "times": 2})
    reply = await handle.wait()
    assert reply.content == "hi bob hi bob"
    assert reply.ephemeral and reply.visible_to == alice.id
    assert reply.interaction is handle.record and handle.latency is not None
    bob = emu.add_user("bob")
    assert reply in emu.messages(channel, visible_to=alice)
    assert reply not in emu.messages(channel, visible_to=bob)

    with pytest.raises(EmulatorError, match="outside"):
        await emu.slash(alice, channel, "demo greet", {"player": "x", "times": 9})


async def test_defer_then_followup_with_png(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    handle = await emu.slash(alice, emu.channel, ["demo", "render"])
    message = await handle.wait()
    record = await handle.callback()
    assert record.callback_type == 5
    assert message.content == "the board" and not message.loading
    [attachment] = message.attachments
    assert attachment.filename == "board.png"
    assert attachment.data == make_png() and attachment.image_size() == (8, 6)
    # The followup filled the deferred placeholder rather than adding a message.
    assert handle.followups == [message] and len(message.history) == 1


async def test_followup_lifecycle(emu: DiscordEmulator, bot: DemoBot, alice: EmuUser) -> None:
    assert emu.channel is not None
    handle = await emu.slash(alice, emu.channel, "demo steps")
    third = await handle.followup(2)
    original, extra, _ = handle.followups
    assert original is handle.record.original_message and original.content == "step 1 done"
    assert extra.deleted and third.content == "original: step 1 done"
    assert all(m.visible_to == alice.id for m in handle.followups)
    assert emu.messages(emu.channel, include_ephemeral=False) == []


async def test_select_with_deferred_update(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    menu = await (await emu.slash(alice, emu.channel, "demo pick")).wait()
    assert menu.custom_ids == ["demo:pick"]
    with pytest.raises(EmulatorError, match="cannot see"):
        await emu.select(emu.add_user("bob"), menu, "demo:pick", ["doge"])
    handle = await emu.select(alice, menu, "demo:pick", ["doge", "clans"])
    edited = await handle.wait()
    assert edited is menu and menu.content == "picked doge,clans" and menu.components == []
    assert handle.record.callback_type == 6


async def test_rest_messages_attachments_and_dms(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    channel = bot.get_channel(emu.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("with file", file=discord.File(io.BytesIO(b"v1"), "a.txt"))
    stored = emu.message_index[sent.id]
    assert (
        stored.attachments[0].data == b"v1" and stored.attachments[0].content_type == "text/plain"
    )
    assert await sent.attachments[0].read() == b"v1"

    new_file = discord.File(io.BytesIO(b"v2"), "b.txt")
    await sent.edit(content="replaced", attachments=[new_file])
    assert [a.filename for a in stored.attachments] == ["b.txt"]
    assert [a.filename for a in stored.history[0].attachments] == ["a.txt"]
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "replaced" and fetched.attachments[0].filename == "b.txt"
    assert [m.content async for m in channel.history(limit=5)] == ["replaced"]
    await sent.delete()
    assert stored.deleted and [m async for m in channel.history(limit=5)] == []

    user = await bot.fetch_user(alice.id)
    await user.send("psst")
    assert [m.content for m in emu.messages(emu.dm_channels[alice.id])] == ["psst"]
    emu.block_dms(alice)
    with pytest.raises(discord.Forbidden):
        await user.send("again")

    heard = asyncio.create_task(bot.wait_for("message", check=lambda m: m.author.id == alice.id))
    await emu.send_user_message(alice, emu.channel, "hello bot")
    assert (await asyncio.wait_for(heard, 2.0)).content == "hello bot"


async def test_threads_from_setup_and_from_the_bot(emu: DiscordEmulator, alice: EmuUser) -> None:
    assert emu.channel is not None
    thread = emu.add_thread(emu.channel, "game-1")
    bot = DemoBot()
    async with emu.running(bot):
        assert isinstance(bot.get_channel(thread.id), discord.Thread)
        reply = await (await emu.slash(alice, thread, "demo greet", {"player": "t"})).wait()
        assert reply.channel_id == thread.id

        parent = bot.get_channel(emu.channel.id)
        assert isinstance(parent, discord.TextChannel)
        created = await parent.create_thread(name="game-2", type=discord.ChannelType.public_thread)
        assert emu.channels[created.id].parent_id == emu.channel.id
        starter = await parent.send("game 3 starts")
        from_message = await starter.create_thread(name="game-3")
        assert from_message.id == starter.id and emu.channels[starter.id].name == "game-3"
        await from_message.send("inside")
        assert emu.last_message(emu.channels[starter.id]).content == "inside"


async def test_nested_subcommand_resolves_member(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    bob = emu.add_user("bob")
    handle = await emu.slash(alice, emu.channel, "demo admin ping", {"target": bob})
    reply = await handle.wait()
    assert reply.content == "pong bob" and not reply.ephemeral
    assert handle.record.command_name == "demo admin ping"


async def test_dynamic_button_survives_restart(emu: DiscordEmulator, alice: EmuUser) -> None:
    channel = emu.channel
    assert channel is not None
    first = DemoBot()
    running = await emu.start_client(first)
    ack = await (await emu.slash(alice, channel, "demo post", {"item": 7})).wait()
    assert ack.content == "posted"
    posted = emu.last_message(channel, include_ephemeral=False)
    assert posted.content == "vote on 7" and posted.custom_ids == ["demo:vote:7"]

    clicked = await (await emu.click(alice, posted, "demo:vote:7")).wait()
    assert clicked is posted and posted.content == "alice voted for 7 via EmuBot"
    assert [r.content for r in posted.revisions] == ["vote on 7", posted.content]

    await running.close()
    with pytest.raises(EmulatorError, match="no bot session"):
        await emu.click(alice, posted, "demo:vote:7")

    second = DemoBot()
    async with emu.running(second):
        bob = emu.add_user("bob")
        handle = await emu.click(bob, posted, "demo:vote:7")
        await handle.wait()
        assert posted.content == "bob voted for 7 via EmuBot"
        assert handle.record.callback_type == 7
    assert emu.gateway.identify_count == 2


async def test_modal_with_text_input_and_label_select(
    emu: DiscordEmulator, bot: DemoBot, alice: EmuUser
) -> None:
    assert emu.channel is not None
    opened = await emu.slash(alice, emu.channel, "demo clan")
    modal = await opened.modal()
    assert modal.title == "Found a clan"
    assert [c["custom_id"] for c in modal.inputs()] == ["clan_name", "colour"]
    assert [c["type"] for c in modal.components] == [1, 18]

    with pytest.raises(EmulatorError, match="not in options"):
        await emu.submit_modal(alice, modal, {"clan_name": "Doges", "colour": ["green"]})
    submitted = await emu.submit_modal(alice, opened, {"clan_name": "Doges", "colour": ["blue"]})
    reply = await submitted.wait()
    assert reply.content == "Doges/blue" and reply.visible_to == alice.id
