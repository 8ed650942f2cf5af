"""`/<game> new` and `/<game> addbot`, which most games open their tables with alike, made
for a game's group: `new, addbot = lobby_commands(group, …)` in the game's `TableCommands`
cog; a game whose `new` takes options of its own writes it and makes only `addbot`
(`addbot = addbot_command(group, levels=…)`). Their texts are the game's (its
catalog's), as if it had written them itself: the commands carry the module of the group
they are made for.

(No `from __future__ import annotations` here: the seats' range is a value of the call,
which Discord's option is read from.)"""

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.tables.kits import DEFAULT_LEVEL
from bot.tables.timing import DEFAULT_TIMING
from cogs.common.table_commands import LEVEL_CHOICES, TIMING_CHOICES, TableCommands

THREAD = "Open the table in a new thread of this channel"
# The computer's levels, as a game whose `normal` is a heuristic and `strong` a search
# describes them.
COMPUTER_LEVELS = ("easy: plausible moves; normal: a sound heuristic; strong: searches "
                   "ahead (thinks a little longer)")


def _games_own(group: app_commands.Group, callback: Callable[..., Any]) -> Callable[..., Any]:
    """`callback` as if the game's module had defined it: its texts are the game's."""
    callback.__module__ = group.module or callback.__module__
    return callback


def new_command(group: app_commands.Group, *, title: str, seats: tuple[int, int],
                pace: str, default: int | None = None) -> Any:
    """`new`: a table for `seats[0]` to `seats[1]` players (`default` or the most when
    not given); `pace` describes the timing option."""
    low, high = seats
    usual = high if default is None else default

    class Lobby:  # a method of a class: Discord binds the cog to `self`
        async def new(self: TableCommands, interaction: discord.Interaction,
                      seats: app_commands.Range[int, low, high] = usual,  # type: ignore[valid-type]
                      timing: str = DEFAULT_TIMING, thread: bool = False) -> None:
            await self.open_table(interaction, seats, timing, thread=thread)

    return group.command(name="new", description=f"Open a {title} table in this channel")(
        app_commands.describe(seats=f"How many players ({low} to {high})", timing=pace,
                              thread=THREAD)(
            app_commands.choices(timing=TIMING_CHOICES)(_games_own(group, Lobby.new))))


def addbot_command(group: app_commands.Group, *, levels: str = COMPUTER_LEVELS) -> Any:
    """`addbot`: a computer player seated at the open table; `levels` describes the
    computer's levels."""

    class Lobby:  # a method of a class: Discord binds the cog to `self`
        async def addbot(self: TableCommands, interaction: discord.Interaction,
                         level: str = DEFAULT_LEVEL) -> None:
            await self.add_bot(interaction, level)

    return group.command(name="addbot", description="Seat a computer player at the open "
                                                    "table")(
        app_commands.describe(level=levels)(app_commands.choices(level=LEVEL_CHOICES)(
            _games_own(group, Lobby.addbot))))


def lobby_commands(group: app_commands.Group, *, title: str, seats: tuple[int, int],
                   pace: str, levels: str = COMPUTER_LEVELS,
                   default: int | None = None) -> tuple[Any, Any]:
    """`new_command` and `addbot_command` for the group."""
    return (new_command(group, title=title, seats=seats, pace=pace, default=default),
            addbot_command(group, levels=levels))
