"""A small discord.py bot the emulator tests drive: commands, a persistent button, a
modal and a select."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

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

    @group.command(name="echo", description="Repeat a text (may break Discord's limits)")
    async def echo(interaction: discord.Interaction, text: str, times: int = 1) -> None:
        await interaction.response.send_message(text * times)

    @group.command(name="slow", description="Answer after a pause, deferring first or not")
    async def slow(interaction: discord.Interaction, seconds: float, defer: bool = False) -> None:
        if defer:
            await interaction.response.defer(thinking=True)
        await asyncio.sleep(seconds)
        try:
            if defer:
                await interaction.followup.send("done late")
            else:
                await interaction.response.send_message("done late")
        except discord.HTTPException as exc:
            interaction.client.errors.append(exc)  # type: ignore[attr-defined]

    @group.command(name="hold", description="Defer, wait until released, then follow up")
    async def hold(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.client.release.wait()  # type: ignore[attr-defined]
        try:
            await interaction.followup.send("released", ephemeral=True)
        except discord.HTTPException as exc:
            interaction.client.errors.append(exc)  # type: ignore[attr-defined]

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
        self.release = asyncio.Event()  # lets /demo hold finish
        self.errors: list[discord.HTTPException] = []  # what Discord refused the bot

    async def setup_hook(self) -> None:
        self.add_dynamic_items(VoteButton)
        self.tree.add_command(demo_commands())
        await self.tree.sync()


