"""`/<game> new` and `/<game> addbot`, which most games open their tables with alike, made
for a game's group: `new, addbot = lobby_commands(group, …)` in the game's `TableCommands`
cog. Their texts are the game's (its catalog's), as if it had written them itself: the
commands carry the module of the group they are made for.

(No `from __future__ import annotations` here: the seats' range is a value of the call,
which Discord's option is read from.)"""

from typing import Any

import discord
from discord import app_commands

from bot.tables.kits import DEFAULT_LEVEL
from bot.tables.timing import DEFAULT_TIMING
from cogs.common.table_commands import LEVEL_CHOICES, TIMING_CHOICES, TableCommands

THREAD = "Open the table in a new thread of this channel"


def lobby_commands(group: app_commands.Group, *, title: str, seats: tuple[int, int],
                   pace: str, levels: str, default: int | None = None) -> tuple[Any, Any]:
    """`new` (from `seats[0]` to `seats[1]` players, `default` or the most when not
    given; `pace` describes the timing option) and `addbot` (`levels` describes the
    computer's levels)."""
    low, high = seats
    usual = high if default is None else default

    class Lobby:
        async def new(self: TableCommands, interaction: discord.Interaction,
                      seats: app_commands.Range[int, low, high] = usual,  # type: ignore[valid-type]
                      timing: str = DEFAULT_TIMING, thread: bool = False) -> None:
            await self.open_table(interaction, seats, timing, thread=thread)

        async def addbot(self: TableCommands, interaction: discord.Interaction,
                         level: str = DEFAULT_LEVEL) -> None:
            await self.add_bot(interaction, level)

    for callback in (Lobby.new, Lobby.addbot):
        callback.__module__ = group.module or callback.__module__  # the game's texts
    new = group.command(name="new", description=f"Open a {title} table in this channel")(
        app_commands.describe(seats=f"How many players ({low} to {high})", timing=pace,
                              thread=THREAD)(
            app_commands.choices(timing=TIMING_CHOICES)(Lobby.new)))
    addbot = group.command(name="addbot", description="Seat a computer player at the open "
                                                      "table")(
        app_commands.describe(level=levels)(app_commands.choices(level=LEVEL_CHOICES)(
            Lobby.addbot)))
    return new, addbot
