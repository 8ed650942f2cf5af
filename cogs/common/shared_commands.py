"""The per-person and per-table commands every game has, registered onto each game's
group from this one place: `board`, `status`, `me`, `rules`, `help`, `export`,
`settings`, `notify`, `away` and `back`. A game module describes what differs (its
help, rule topics, how a player sees their secrets, its clocks) in a `GameUi` and
registers it; this cog, loaded after the games, adds the commands to each group. Only
commands about a game's own rules (`/doge ballot`, `/clans move`, standing orders)
live with the game."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _, cmd, command_text, current_language
from bot.tables.kits import get_kit
from bot.tables.timing import MAX_CLOCK_H, MIN_CLOCK_H
from cogs.common.game_ui import UIS, GameGroupsCog, GameUi
from cogs.common.table_commands import LEVEL_CHOICES, TableCommands

Hours = app_commands.Range[float, MIN_CLOCK_H, MAX_CLOCK_H]
NOTIFY_MODES = [app_commands.Choice(name=m, value=m) for m in ("mention", "dm", "off")]


def table_commands(ui: GameUi, table: TableCommands) -> list[app_commands.Command[Any, ..., Any]]:
    """The shared commands for one game's group."""

    @app_commands.command(name="board", description="Show the board of this channel's game")
    async def board(interaction: discord.Interaction) -> None:
        await table.show_board(interaction)

    @app_commands.command(name="status", description="What the game waits for, and from whom")
    async def status(interaction: discord.Interaction) -> None:
        await table.show_status(interaction)

    @app_commands.command(name="me", description=ui.secrets_description)
    async def me(interaction: discord.Interaction) -> None:
        await ui.show_secrets(interaction, None)

    @app_commands.command(name="rules", description="A short summary of a part of the rules")
    @app_commands.choices(topic=[app_commands.Choice(name=t, value=t) for t in ui.rule_topics])
    async def rules(interaction: discord.Interaction, topic: str | None = None) -> None:
        found = ui.rule_topics.get(topic or "")
        # The topics as the reader's Discord offers them (choice names are translated).
        topics = [command_text(t, current_language()) or t for t in ui.rule_topics]
        text = _(found) if found else _(
            "Pick a topic with {command}, one of: {topics}.",
            command=cmd(f"{ui.game} rules topic:"), topics=", ".join(topics))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="help", description=f"How to play {get_kit(ui.game).title} here")
    async def help_(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(ui.help_text(), ephemeral=True)

    @app_commands.command(name="export", description="The game record, once the game is over")
    async def export(interaction: discord.Interaction) -> None:
        await table.export_record(interaction)

    @app_commands.command(name="notify",
                          description="How you are reminded that a game waits for you")
    @app_commands.describe(mode="mention in the channel, a DM, or off",
                           timezone="Your time zone, e.g. Europe/Amsterdam",
                           quiet_start="Quiet hours start (hour 0-23, your time)",
                           quiet_end="Quiet hours end (hour 0-23, your time)",
                           digest="One daily DM listing your waiting games instead of pings")
    @app_commands.choices(mode=NOTIFY_MODES)
    async def notify(interaction: discord.Interaction, mode: str | None = None,
                     timezone: str | None = None,
                     quiet_start: app_commands.Range[int, 0, 23] | None = None,
                     quiet_end: app_commands.Range[int, 0, 23] | None = None,
                     digest: bool | None = None) -> None:
        await table.set_notify(interaction, {k: v for k, v in (
            ("notify", mode), ("tz", timezone), ("quiet_start", quiet_start),
            ("quiet_end", quiet_end), ("digest", digest)) if v is not None})

    @app_commands.command(name="away", description="Vacation: your clocks wait (7 days per game)")
    async def away(interaction: discord.Interaction,
                   days: app_commands.Range[float, 0.1, 7.0]) -> None:
        await table.absence(interaction, days)

    @app_commands.command(name="back", description="Play your own seat again (ends the autopilot)")
    async def back(interaction: discord.Interaction) -> None:
        await table.absence(interaction, None)

    return [board, status, me, rules, help_, export, settings_command(ui, table), notify,
            away, back]


def settings_command(ui: GameUi, table: TableCommands) -> app_commands.Command[Any, ..., Any]:
    """`settings`, with an option for each of the game's clocks."""
    first, second = ui.clocks[0], ui.clocks[1] if len(ui.clocks) > 1 else None

    async def apply(interaction: discord.Interaction, hours: list[float | None],
                    others: dict[str, Any]) -> None:
        changes = {clock.setting: h * 3600 for clock, h in zip(ui.clocks, hours, strict=False)
                   if h is not None}
        changes |= {k: v for k, v in others.items() if v is not None}
        await table.change_settings(interaction, changes)

    described = {"first": first.description, "autopilot": "At a deadline the computer "
                 "plays for the player instead of the safe default",
                 "reminders": "When to remind: e.g. 'half 1h' (halfway, 1 hour before)",
                 "autopilot_level": "How well the computer plays a seat on autopilot"}
    if second is None:
        @app_commands.rename(first=first.option)
        @app_commands.describe(**described)
        @app_commands.choices(autopilot_level=LEVEL_CHOICES)
        async def settings_one(interaction: discord.Interaction, first: Hours | None = None,
                               autopilot: bool | None = None, reminders: str | None = None,
                               autopilot_level: str | None = None) -> None:
            await apply(interaction, [first], {"autopilot": autopilot, "reminders": reminders,
                                               "autopilot_level": autopilot_level})
        callback = settings_one
    else:
        @app_commands.rename(first=first.option, second=second.option)
        @app_commands.describe(second=second.description, **described)
        @app_commands.choices(autopilot_level=LEVEL_CHOICES)
        async def settings_two(interaction: discord.Interaction, first: Hours | None = None,
                               second: Hours | None = None, autopilot: bool | None = None,
                               reminders: str | None = None,
                               autopilot_level: str | None = None) -> None:
            await apply(interaction, [first, second],
                        {"autopilot": autopilot, "reminders": reminders,
                         "autopilot_level": autopilot_level})
        callback = settings_two
    return app_commands.Command(
        name="settings", callback=callback,
        description="Adjust this table's clocks (its creator or a moderator)")


class SharedCommandsCog(GameGroupsCog):
    """Adds the shared commands to the groups of the games loaded before it."""

    def commands_for(self, game: str) -> list[app_commands.Command[Any, ..., Any]]:
        if game not in UIS:
            raise RuntimeError(f"the /{game} commands registered no GameUi")
        table = TableCommands(self.bot)
        table.game = game
        return table_commands(UIS[game], table)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SharedCommandsCog(bot))
