"""The `/doge` slash commands. They translate what people type into table-service calls
and the results into messages; the rules live in the engine."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.doge.constants import AREAS, MAX_YEAR_LIMIT, area_name
from bot.games.wording import user_text
from bot.i18n import _, _n
from bot.store import LoadedGame, Seat
from bot.tables.service import TableError
from bot.tables.timing import DEFAULT_TIMING
from cogs.common import table_components  # noqa: F401  (register handlers)
from cogs.common.game_ui import Clock, GameUi, register
from cogs.common.lobby_commands import THREAD, addbot_command
from cogs.common.table_commands import (
    TIMING_CHOICES,
    TableCommands,
    secrets_button,
    secrets_command,
)
from cogs.common.table_components import tables
from cogs.common.table_ui import mark
from cogs.common.ui import game_handler, refuse
from cogs.doge.components import ballot_done  # (also registers the handlers)
from cogs.doge.old_admin import OldAdminName
from cogs.doge.prompts import markers_in_hand
from cogs.doge.rules import RULE_TOPICS, help_text
from cogs.doge.verify import sealed_rounds, verify_lines

AREA_BY_NAME = {area_name(a).lower(): a for a in AREAS} | {a: a for a in AREAS}


class DogeCog(TableCommands):
    game = "doge"
    doge = app_commands.Group(name="doge", description="Play Doge, Leo Colovini's game of "
                                                       "Venetian elections")

    @doge.command(name="new", description="Open a Doge table in this channel")
    @app_commands.describe(seats="How many players (3 or 4)",
                           timing="async (default): a day per decision; live: minutes per decision",
                           year_limit="End after this many years (optional)",
                           stalemate_years="End after this many years without a palace: "
                                           "2 to 20, 0 for never (default 5)",
                           thread=THREAD)
    @app_commands.choices(timing=TIMING_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  seats: app_commands.Range[int, 3, 4] = 4, timing: str = DEFAULT_TIMING,
                  year_limit: app_commands.Range[int, 1, MAX_YEAR_LIMIT] | None = None,
                  stalemate_years: app_commands.Range[int, 0, 20] | None = None,
                  thread: bool = False) -> None:
        if stalemate_years == 1:  # D-9.4: 2 to 20, or none
            return await refuse(interaction, _("The stalemate end is 2 to 20 years without "
                                               "a palace, or 0 for none (D-9.4)."))
        await self.open_table(interaction, seats, timing,
                              {"year_limit": year_limit, "stalemate_years": stalemate_years},
                              thread=thread)

    addbot = addbot_command(doge)

    @doge.command(name="ballot", description="Cast your secret ballot by typing")
    @app_commands.describe(area="An area whose card you have not used this year",
                           markers="1 to 4 of your marker values, e.g. 3 2")
    async def ballot(self, interaction: discord.Interaction, area: str, markers: str) -> None:
        try:
            values = [int(v) for v in markers.replace(",", " ").split()]
        except ValueError:
            return await refuse(interaction, _("Markers are numbers, e.g. `3 2` (D-3.2)."))
        chosen = AREA_BY_NAME.get(area.strip().lower())
        if chosen is None:
            return await refuse(interaction, _("Unknown area {area}: pick one from the list.",
                                               area=user_text(repr(area))))
        action = {"type": "ballot", "area": chosen, "markers": values}
        await self.act_typed(interaction, action, ballot_done(action),
                             as_asked=True)  # for the round it was typed in

    @ballot.autocomplete("area")
    async def ballot_area(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        service = tables(interaction)
        game = await service.game_in_channel(interaction.channel_id)
        if game is None or game.row.game != self.game or game.state is None:
            return []  # no Doge game here
        seat = service.seat_of(game, interaction.user.id)
        if seat is None:
            return []
        used = set(game.state.players[seat.seat].cards_used)
        return [app_commands.Choice(name=area_name(a), value=a) for a in AREAS
                if a not in used and current.lower() in area_name(a).lower()][:25]

    @doge.command(name="verify", description="Check the sealed ballots' hashes (only you "
                                             "see it)")
    @app_commands.describe(year="The game year (default: the latest)")
    async def verify(self, interaction: discord.Interaction,
                     year: app_commands.Range[int, 1, 99] | None = None) -> None:
        service = tables(interaction)
        try:
            game = await service.require_game(interaction.channel_id, self.game)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        rounds, opened = await sealed_rounds(service, game)
        await interaction.response.send_message(verify_lines(game, rounds, opened, year),
                                                ephemeral=True)

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


def secret_lines(game: LoadedGame, seat: Seat) -> list[str]:
    """What `/doge me` tells a seat: its markers, this round's ballot, its face-down
    stacks and its supply (only its own view: D-10)."""
    view = game.engine.public_view(game.state, seat.seat)
    me = view.public.players[seat.seat]
    lines = [_("🔒 {mark} **{name}** — only you see this.", mark=mark(seat.colour),
               name=user_text(seat.name)), markers_in_hand(view.own.markers)]
    if view.own.ballot:
        lines.append(_("This round's choice: {area} with {markers}",
                       area=area_name(view.own.ballot[0]),
                       markers=" + ".join(map(str, view.own.ballot[1]))))
    for area, values in view.own.stacks.items():
        lines.append(_("Stack on {area}: {markers}", area=area_name(area),
                       markers=" + ".join(map(str, values))))
    lines.append(_("Supply: {houses}, {palaces}, {rings}.",
                   houses=_n("{n} house", "{n} houses", me.houses_supply),
                   palaces=_n("{n} palace", "{n} palaces", me.palaces_supply),
                   rings=_n("{n} ring", "{n} rings", me.rings_supply)))
    return lines


show_secrets = secrets_command("doge", lambda game, seat: "\n".join(secret_lines(game, seat)))
# The prompt's button, also under its name on older prompts.
game_handler("doge", "me", aliases=("me",))(secrets_button(show_secrets))


register(GameUi(
    game="doge", help_text=help_text, rule_topics=RULE_TOPICS, show_secrets=show_secrets,
    secrets_description="Your secret markers and stacks (only you see it)",
    clocks=(Clock("placement_hours", "placement_s", "Time for a placement round, in hours"),
            Clock("decision_hours", "decision_s", "Time for an election decision, in hours"))))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DogeCog(bot))
    await bot.add_cog(OldAdminName(bot))
