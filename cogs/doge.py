"""The `/doge` slash commands. They translate what people type into table-service calls
and the results into messages; the rules live in the engine."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.doge.constants import AREAS, area_name
from bot.tables.kits import DEFAULT_LEVEL
from bot.tables.service import TableError
from cogs import doge_components, table_components  # noqa: F401  (register handlers)
from cogs.doge_rules import RULE_TOPICS, help_text
from cogs.table_commands import LEVEL_CHOICES, TableCommands, seated_game
from cogs.table_components import publish, tables
from cogs.table_ui import mark
from cogs.ui import handler, refuse, tell

AREA_BY_NAME = {area_name(a).lower(): a for a in AREAS} | {a: a for a in AREAS}


class DogeCog(TableCommands):
    game = "doge"
    doge = app_commands.Group(name="doge", description="Play Doge, Leo Colovini's game of "
                                                       "Venetian elections")

    @doge.command(name="new", description="Open a Doge table in this channel")
    @app_commands.describe(seats="How many players (3 or 4)",
                           timing="live: minutes per decision; async: a day per decision",
                           year_limit="End after this many years (optional)",
                           thread="Open the table in a new thread of this channel")
    @app_commands.choices(timing=[app_commands.Choice(name="live", value="live"),
                                  app_commands.Choice(name="async", value="async")])
    async def new(self, interaction: discord.Interaction,
                  seats: app_commands.Range[int, 3, 4] = 4, timing: str = "live",
                  year_limit: app_commands.Range[int, 1, 50] | None = None,
                  thread: bool = False) -> None:
        await self.open_table(interaction, seats, timing, {"year_limit": year_limit},
                              thread=thread)

    @doge.command(name="addbot", description="Seat a computer player at the open table")
    @app_commands.describe(level="easy: plausible moves; normal: a sound heuristic; "
                                 "strong: searches ahead (thinks a little longer)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await self.add_bot(interaction, level)

    @doge.command(name="ballot", description="Cast your secret ballot by typing")
    @app_commands.describe(area="An area whose card you have not used this year",
                           markers="1 to 4 of your marker values, e.g. 3 2")
    async def ballot(self, interaction: discord.Interaction, area: str, markers: str) -> None:
        try:
            game = await tables(interaction).require_game(interaction.channel_id)
            values = [int(v) for v in markers.replace(",", " ").split()]
        except TableError as exc:
            return await refuse(interaction, str(exc))
        except ValueError:
            return await refuse(interaction, "Markers are numbers, e.g. `3 2` (D-3.2).")
        chosen = AREA_BY_NAME.get(area.strip().lower())
        if chosen is None:
            return await refuse(interaction, f"Unknown area {area!r}: pick one from the list.")
        action = {"type": "ballot", "area": chosen, "markers": values}
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            step = await tables(interaction).act(game.id, interaction.user.id, action,
                                                 key=f"i{interaction.id}")
        except TableError as exc:
            return await refuse(interaction, str(exc))
        await tell(interaction,
                   f"✅ Your ballot: {area_name(chosen)} with {' + '.join(map(str, values))} "
                   "(secret; you may change it until everyone has chosen).")
        await publish(interaction, step)

    @ballot.autocomplete("area")
    async def ballot_area(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        service = tables(interaction)
        game = await service.game_in_channel(interaction.channel_id)
        seat = service.seat_of(game, interaction.user.id) if game else None
        if game is None or seat is None or game.state is None:
            return []
        used = set(game.state.players[seat.seat].cards_used)
        return [app_commands.Choice(name=area_name(a), value=a) for a in AREAS
                if a not in used and current.lower() in area_name(a).lower()][:25]

    @doge.command(name="board", description="Show the board of this channel's game")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.show_board(interaction)

    @doge.command(name="status", description="What the game waits for, and from whom")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.show_status(interaction)

    @doge.command(name="me", description="Your secret markers and stacks (only you see it)")
    async def me(self, interaction: discord.Interaction) -> None:
        await show_secrets(interaction, None)

    @doge.command(name="rules", description="A short summary of a part of the rules")
    @app_commands.choices(topic=[app_commands.Choice(name=t, value=t) for t in RULE_TOPICS])
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        text = RULE_TOPICS.get(topic or "", None) or "Topics: " + ", ".join(RULE_TOPICS)
        await interaction.response.send_message(text, ephemeral=True)

    @doge.command(name="help", description="How to play Doge here")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(help_text(), ephemeral=True)

    @doge.command(name="export", description="The game record, once the game is over")
    async def export(self, interaction: discord.Interaction) -> None:
        await self.export_record(interaction)

    # ---- slow play: timing, reminders, absence ----------------------------------------

    @doge.command(name="settings", description="Adjust this table's clocks (its creator "
                                                "or a moderator)")
    @app_commands.describe(placement_hours="Time for a placement round, in hours",
                           decision_hours="Time for an election decision, in hours",
                           autopilot="At a deadline the computer plays for the player "
                                     "instead of the safe default",
                           reminders="When to remind: e.g. 'half 1h' (halfway, 1 hour before)",
                           autopilot_level="How well the computer plays a seat on autopilot")
    @app_commands.choices(autopilot_level=LEVEL_CHOICES)
    async def settings(self, interaction: discord.Interaction,
                       placement_hours: app_commands.Range[float, 0.02, 336.0] | None = None,
                       decision_hours: app_commands.Range[float, 0.02, 336.0] | None = None,
                       autopilot: bool | None = None, reminders: str | None = None,
                       autopilot_level: str | None = None) -> None:
        changes = {k: v for k, v in (("placement_s", placement_hours and placement_hours * 3600),
                                     ("decision_s", decision_hours and decision_hours * 3600),
                                     ("autopilot", autopilot), ("reminders", reminders),
                                     ("autopilot_level", autopilot_level))
                   if v is not None}
        await self.change_settings(interaction, changes)

    @doge.command(name="notify", description="How you are reminded that a game waits for you")
    @app_commands.describe(mode="mention in the channel, a DM, or off",
                           timezone="Your time zone, e.g. Europe/Amsterdam",
                           quiet_start="Quiet hours start (hour 0-23, your time)",
                           quiet_end="Quiet hours end (hour 0-23, your time)",
                           digest="One daily DM listing your waiting games instead of pings")
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m)
                                for m in ("mention", "dm", "off")])
    async def notify(self, interaction: discord.Interaction, mode: str | None = None,
                     timezone: str | None = None,
                     quiet_start: app_commands.Range[int, 0, 23] | None = None,
                     quiet_end: app_commands.Range[int, 0, 23] | None = None,
                     digest: bool | None = None) -> None:
        await self.set_notify(interaction, {k: v for k, v in (
            ("notify", mode), ("tz", timezone), ("quiet_start", quiet_start),
            ("quiet_end", quiet_end), ("digest", digest)) if v is not None})

    @doge.command(name="away", description="Vacation: your clocks wait (7 days per game)")
    async def away(self, interaction: discord.Interaction,
                   days: app_commands.Range[float, 0.1, 7.0]) -> None:
        await self.absence(interaction, days)

    @doge.command(name="back", description="Play your own seat again (ends the autopilot)")
    async def back(self, interaction: discord.Interaction) -> None:
        await self.absence(interaction, None)

    @doge.command(name="orders", description="What to do for you if you miss a decision")
    @app_commands.describe(advisor="Take the advisor (stood where it votes next) or abstain",
                           place="Place all houses allowed, or none",
                           build="Build every palace allowed, or none")
    @app_commands.choices(
        advisor=[app_commands.Choice(name=c, value=c) for c in ("take", "abstain",
                                                                  "default")],
        place=[app_commands.Choice(name=c, value=c) for c in ("all", "none", "default")],
        build=[app_commands.Choice(name=c, value=c) for c in ("all", "none", "default")])
    async def orders(self, interaction: discord.Interaction, advisor: str | None = None,
                     place: str | None = None, build: str | None = None) -> None:
        await self.set_orders(interaction, {"advisor": advisor, "place": place,
                                            "build": build})


async def show_secrets(interaction: discord.Interaction, game_id: int | None) -> None:
    try:
        game, seat = await seated_game(interaction, game_id)
    except TableError as exc:
        return await refuse(interaction, str(exc))
    view = game.engine.public_view(game.state, seat.seat)
    me = view.public.players[seat.seat]
    lines = [f"🔒 {mark(seat.colour)} **{seat.name}** — only you see this.",
             f"Markers in hand: {' '.join(map(str, view.own.markers)) or 'none'}"]
    if view.own.ballot:
        lines.append(f"This round's choice: {area_name(view.own.ballot[0])} with "
                     f"{' + '.join(map(str, view.own.ballot[1]))}")
    for area, values in view.own.stacks.items():
        lines.append(f"Stack on {area_name(area)}: {' + '.join(map(str, values))}")
    lines.append(f"Supply: {me.houses_supply} houses, {me.palaces_supply} palaces, "
                 f"{me.rings_supply} rings.")
    await interaction.response.send_message("\n".join(lines), ephemeral=True)


@handler("me")
async def on_me(interaction: discord.Interaction, game_id: int, arg: str,
                values: list[str]) -> None:
    await show_secrets(interaction, game_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DogeCog(bot))
