"""The Discord emulator drives a real discord.py bot end to end, without mocks."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.discord_emulator import DiscordEmulator, EmulatorError, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)

MESSAGES_ROUTE = "/channels/{channel_id}/messages"


def make_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 6), "red").save(buffer, format="PNG")
    return buffer.getvalue()


class VoteButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:vote:(?P<item>\d+)"):
    """Persistent button: the item id lives in the custom_id, so it survives restarts."""

    def __init__(self, item: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Vote", style=discord.ButtonStyle.primary, custom_id=f"demo:vote:{item}"
            )
        )
        self.item_id = item

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> VoteButton:
        return cls(int(match["item"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        name = interaction.client.user.name if interaction.client.user else "?"
        content = f"{interaction.user.name} voted for {self.item_id} via {name}"
        await interaction.response.edit_message(content=content)


class ClanModal(discord.ui.Modal, title="Found a clan"):
    # A classic action-row text input next to a Label-wrapped select.
    clan_name = discord.ui.TextInput(label="Clan name", custom_id="clan_name", max_length=20)
    colour = discord.ui.Label(
        text="Colour",
        component=discord.ui.Select(
            custom_id="colour",
            options=[discord.SelectOption(label=c, value=c) for c in ("red", "blue")],
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        select = self.colour.component
        assert isinstance(select, discord.ui.Select)
        await interaction.response.send_message(
            f"{self.clan_name.value}/{select.values[0]}", ephemeral=True
        )


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="demo:pick",
        max_values=2,
        options=[discord.SelectOption(label=g, value=g) for g in ("doge", "clans")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.defer()  # deferred update (type 6)
        content = f"picked {','.join(select.values)}"
        await interaction.edit_original_response(content=content, view=None)


def demo_commands() -> app_commands.Group:
    group = app_commands.Group(name="demo", description="Emulator demo")
    admin = app_commands.Group(name="admin", description="Admin tools", parent=group)

    @group.command(name="greet", description="Greet a player")
    async def greet(
        interaction: discord.Interaction, player: str, times: app_commands.Range[int, 1, 3] = 1
    ) -> None:
        await interaction.response.send_message(" ".join([f"hi {player}"] * times), ephemeral=True)

    @greet.autocomplete("player")
    async def player_names(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ("alice", "albert", "bob")
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    @group.command(name="render", description="Render the board")
    async def render(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        file = discord.File(io.BytesIO(make_png()), filename="board.png")
        await interaction.followup.send("the board", file=file)

    @group.command(name="post", description="Post a vote button")
    async def post(interaction: discord.Interaction, item: int) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(VoteButton(item))
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(f"vote on {item}", view=view)
        await interaction.response.send_message("posted", ephemeral=True)

    @group.command(name="clan", description="Found a clan")
    async def clan(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(ClanModal())

    @group.command(name="announce", description="Say something in the channel")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            await interaction.channel.send(text)
        except discord.Forbidden as exc:
            await interaction.followup.send(f"forbidden {exc.code}", ephemeral=True)
            return
        await interaction.followup.send("sent", ephemeral=True)

    @group.command(name="steps", description="Walk through the followup lifecycle")
    async def steps(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        first = await interaction.followup.send("step 1", ephemeral=True, wait=True)
        extra = await interaction.followup.send("step 2", ephemeral=True, wait=True)
        await first.edit(content="step 1 done")
        await extra.delete()
        original = await interaction.original_response()
        await interaction.followup.send(f"original: {original.content}", ephemeral=True)

    @group.command(name="pick", description="Pick games from a select")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick", view=PickView(), ephemeral=True)

    @admin.command(name="ping", description="Nested subcommand")
    async def ping(interaction: discord.Interaction, target: discord.Member) -> None:
        await interaction.response.send_message(f"pong {target.display_name}")

    return group


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.1,
        )

    async def setup_hook(self) -> None:
        self.add_dynamic_items(VoteButton)
        self.tree.add_command(demo_commands())
        await self.tree.sync()


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
