"""The `/clans` slash commands: the shared table commands plus moves and your clan."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.clans.events import CLAN_MARKS, colour_name
from bot.games.clans.kit import KIT
from bot.games.clans.questions import move_places
from bot.i18n import _, _n
from bot.store import LoadedGame, Seat
from cogs.clans.rules import RULE_TOPICS, help_text
from cogs.common import table_components  # noqa: F401  (registers the shared handlers)
from cogs.common.game_ui import Clock, GameUi, register
from cogs.common.lobby_commands import lobby_commands
from cogs.common.table_commands import (
    TableCommands,
    extension,
    secrets_button,
    secrets_command,
)
from cogs.common.table_components import tables
from cogs.common.ui import game_handler


class ClansCog(TableCommands):
    game = "clans"
    clans = app_commands.Group(name="clans", description="Play Clans, Leo Colovini's game "
                                                         "of prehistoric villages")

    new, addbot = lobby_commands(
        clans, title="Clans", seats=(KIT.min_players, KIT.max_players),
        pace="async (default): a day per move; live: minutes per move")

    @clans.command(name="move", description="Move all huts of a territory to a neighbour")
    @app_commands.describe(source="The territory to leave, e.g. C4",
                           target="A neighbouring territory holding huts")
    @app_commands.rename(source="from", target="to")
    async def move(self, interaction: discord.Interaction, source: str, target: str) -> None:
        action = {"type": "move", "from": source.strip().upper(), "to": target.strip().upper()}
        await self.act_typed(interaction, action, "✅ " + _(
            "Moved {source} → {target}.", source=action["from"], target=action["to"]))

    @move.autocomplete("source")
    async def move_from(self, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "from", "", current)

    @move.autocomplete("target")
    async def move_to(self, interaction: discord.Interaction,
                      current: str) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "").strip().upper()
        return await self._choices(interaction, "to", source, current)

    async def _choices(self, interaction: discord.Interaction, end: str, source: str,
                       current: str) -> list[app_commands.Choice[str]]:
        """The territories a move may leave or enter (of moves from `source`, if named),
        described as the prompts do and founding moves first, so that the 25 Discord
        shows are the useful ones; the value stays the plain label."""
        service = tables(interaction)
        game = await service.game_in_channel(interaction.channel_id)
        if game is None or game.row.game != self.game or game.state is None:
            return []  # no Clans game here (a Doge one has "move" actions of its own)
        seat = service.seat_of(game, interaction.user.id)
        if seat is None:
            return []
        moves = [a for a in game.engine.legal_actions(game.state, seat.seat)
                 if a["type"] == "move" and (not source or a["from"] == source)]
        typed = current.strip().upper()
        view = game.engine.public_view(game.state, None)  # nothing secret in a choice
        return [app_commands.Choice(name=words[:100], value=label)
                for label, words in move_places(view, moves, end)
                if label.startswith(typed)][:25]

    @clans.command(name="orders", description="What to do for you if you miss a turn")
    @app_commands.describe(move="found: a move that founds a village if there is one; "
                                "default: the first move the board allows")
    @app_commands.choices(move=[app_commands.Choice(name=c, value=c)
                                for c in ("found", "default")])
    async def orders(self, interaction: discord.Interaction, move: str | None = None) -> None:
        await self.set_orders(interaction, {"move": move})


def clan_line(game: LoadedGame, seat: Seat) -> str:
    """What `/clans me` tells a seat: its secret clan and its points so far."""
    view = game.engine.public_view(game.state, seat.seat)  # this seat's colour only
    score = view.public.clan_score(view.colour)
    chips = view.public.chips[seat.seat]  # a point each at the end (C-6.2)
    text = _("You lead the {mark} **{colour}** clan: {points} so far, and {chips} (a point "
             "each at the end). Only you see this (C-2.3, C-7.2).",
             mark=CLAN_MARKS.get(view.colour, ""), colour=colour_name(view.colour),
             points=_n("{n} point", "{n} points", score),
             chips=_n("{n} chip", "{n} chips", chips))
    return text


show_clan = secrets_command("clans", lambda game, seat: "🔒 " + clan_line(game, seat))
# The prompt's button, also under its name on older prompts.
game_handler("clans", "me", aliases=("clanme",))(secrets_button(show_clan))

register(GameUi(
    game="clans", help_text=help_text, rule_topics=RULE_TOPICS, show_secrets=show_clan,
    secrets_description="Your secret clan (only you see it)",
    clocks=(Clock("move_hours", "decision_s", "Time for a move, in hours"),)))

setup = extension(ClansCog)
