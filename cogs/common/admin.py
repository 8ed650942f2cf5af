"""`/table-admin`: moderator commands for the game of a channel, whatever game it is. A
game may keep the group under an old name for a release (`ModeratorCommands` with
`renamed_to`): it works the same and tells the moderator the new one.

Whether someone may moderate is decided by the table layer (`bot.tables.moderation`) for
every subcommand, from what Discord says about the member in this channel: Discord's own
command permissions are not relied on, so a server's integration settings cannot open
these commands to everyone. The moderator gets a private answer; the channel is told
what was done, and boards changed by it are posted."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.community.setting import set_rating, void_game
from bot.games.record import MAX_RECORD_BYTES
from bot.i18n import _, cmd, later
from bot.tables.kits import get_kit
from bot.tables.languages import set_language
from bot.tables.mod_confirm import confirmation
from bot.tables.moderation import Moderation, Moderator, ModResult
from bot.tables.overview import open_tables_text
from bot.tables.service import TableError
from bot.tables.web_links import set_web_pages
from cogs.common.admin_run import (  # noqa: F401  (renamed_note: the old names' note)
    NO_PINGS,
    Operation,
    Renamed,
    moderator,
    renamed_note,
    run,
)
from cogs.common.admin_words import Place, seat_label, summary
from cogs.common.community import finished_label
from cogs.common.import_seats import seated_members
from cogs.common.table_components import display_name, tables
from cogs.common.ui import GameButton, handler, refuse, tell

log = logging.getLogger(__name__)

VOID_LOOKUP = 500  # finished games searched by what a moderator types in `void`
NAME = "table-admin"  # acts on the channel's game, whichever game it is



class ModeratorCommands(app_commands.Group):
    """The moderator group: under its name, or under an old one `renamed_to` it."""

    def __init__(self, name: str = NAME, renamed_to: str | None = None) -> None:
        super().__init__(name=name, guild_only=True,
                         description="Moderate this channel's game (moderators only)")
        self.renamed: Renamed | None = None if renamed_to is None else (name, renamed_to)

    async def act(self, interaction: discord.Interaction, op: Operation, *,
                  moderators_only: bool = True) -> None:
        await run(interaction, op, self.renamed, moderators_only=moderators_only)

    @app_commands.command(name="pause", description="Stop the game's clocks")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, lambda m, who: m.pause(who, interaction.channel_id))

    @app_commands.command(name="resume",
                          description="Restart the clocks with the time they had left")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, lambda m, who: m.resume(who, interaction.channel_id))

    @app_commands.command(name="extend", description="Give the awaited players more time")
    @app_commands.describe(hours="How many hours to add to every running deadline")
    async def extend(self, interaction: discord.Interaction,
                     hours: app_commands.Range[float, 0.0, 336.0]) -> None:
        await self.act(interaction, lambda m, who: m.extend(who, interaction.channel_id, hours))

    @app_commands.command(name="skip", description="Apply the default now for everyone awaited")
    async def skip(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, lambda m, who: m.skip(who, interaction.channel_id))

    @app_commands.command(name="replace", description="Give a player's seat (and its secrets) to "
                                               "someone else")
    @app_commands.describe(new="The member who takes the seat", old="The player who leaves",
                           seat="Or the seat to hand on, by its number (a computer's too)")
    async def replace(self, interaction: discord.Interaction, new: discord.Member,
                      old: discord.User | None = None,
                      seat: app_commands.Range[int, 1, 25] | None = None) -> None:
        # `old` may have left the server (a User, not a Member): that is when it is needed.
        if new.bot:
            return await refuse(interaction, _(
                "A bot cannot take a seat; use {kick} to let the computer play it.",
                kick=cmd(f"{NAME} kick")))
        await self.act(interaction, lambda m, who: m.replace(
            who, interaction.channel_id, None if old is None else old.id, new.id,
            display_name(new), seat_no=None if seat is None else seat - 1))

    @replace.autocomplete("seat")
    async def replace_seat(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[int]]:
        """The channel's seats as the table shows them: number, name, who plays it."""
        game = await tables(interaction).game_in_channel(interaction.channel_id)
        if game is None:
            return []
        return [app_commands.Choice(name=seat_label(s)[:100], value=s.seat + 1)
                for s in game.seats if current.strip() in str(s.seat + 1)]

    @app_commands.command(name="kick", description="Remove a player; the computer plays the seat")
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self.ask_first(interaction, f"kick.{player.id}")

    @app_commands.command(name="end", description="End the game now, ranking everyone as it stands")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.ask_first(interaction, "end")

    async def ask_first(self, interaction: discord.Interaction, what: str) -> None:
        """Ask the moderator to confirm an action that cannot be taken back (privately,
        with buttons that still work after a restart); do any other at once."""
        action, _sep, user = what.partition(".")
        try:
            asked = await confirmation(Moderation(tables(interaction)), moderator(interaction),
                                       interaction.channel_id, action,  # type: ignore[arg-type]
                                       int(user) if user else None)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        if asked is None:  # done at once; `what` is one of the two the commands make
            op = confirmed_op(interaction, what, None)
            return await (refuse(interaction, _("That button is not valid.")) if op is None
                          else self.act(interaction, op))
        game_id, question = asked
        view = discord.ui.View(timeout=None)
        view.add_item(GameButton("modok", game_id, what, label=_("Yes, do it"),
                                 style=discord.ButtonStyle.danger))
        view.add_item(GameButton("modno", game_id, what, label=_("Cancel")))
        await interaction.response.send_message(question, view=view, ephemeral=True,
                                                allowed_mentions=NO_PINGS)

    @app_commands.command(name="undo",
                          description="Take back the last step, if it revealed nothing")
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, lambda m, who: m.undo(who, interaction.channel_id))

    @app_commands.command(name="export", description="The game record (public part only while "
                                              "the game runs)")
    async def export(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, lambda m, who: m.export(who, interaction.channel_id))

    @app_commands.command(name="import",
                          description="Restore a game record into this empty channel")
    @app_commands.describe(record="A game record (.json)",
                           players="Members taking the record's seats, in order, e.g. "
                                   "@anna @bernd (the rest are played by the computer)")
    async def import_(self, interaction: discord.Interaction, record: discord.Attachment,
                      players: str | None = None) -> None:
        if record.size > MAX_RECORD_BYTES:
            return await refuse(interaction, _("That file is too large for a game record."))
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)

        async def op(m: Moderation, who: Moderator) -> ModResult:
            await m.require_moderator(who)  # before looking anyone up or downloading
            people = await seated_members(interaction, players)
            try:
                data = await record.read()
            except discord.HTTPException as exc:
                raise TableError(later("I could not download that file; try again.")) from exc
            return await m.import_record(who, interaction.channel_id, interaction.guild_id,
                                         data, people, parent_channel_id=parent)

        await self.act(interaction, op)

    @app_commands.command(name="tables",
                          description="This server's open tables: whom they wait for, since when")
    async def list_tables(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:  # for the asker alone, so in their language
            text = await open_tables_text(Moderation(tables(interaction)),
                                          moderator(interaction))
        except TableError as exc:
            return await refuse(interaction, str(exc))
        if self.renamed is not None:
            text += "\n" + renamed_note(*self.renamed)
        await tell(interaction, text, allowed_mentions=NO_PINGS)

    @app_commands.command(name="audit", description="The last moderator actions: who, what, when")
    @app_commands.describe(channel="Only the games of this channel and its threads, "
                                   "or of one thread")
    async def audit(self, interaction: discord.Interaction,
                    count: app_commands.Range[int, 1, 25] = 10, channel: Place = None) -> None:
        place = None if channel is None else channel.id
        try:
            entries = await Moderation(tables(interaction)).audit_entries(
                moderator(interaction), count, place)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        if place is not None:
            lines = [_("🛡️ The last moderator actions on the games of {channel}, newest "
                       "first:", channel=f"<#{place}>") if entries else
                     _("🛡️ No moderator action on the games of {channel} yet.",
                       channel=f"<#{place}>")]
        else:
            lines = [_("🛡️ The last moderator actions, newest first:") if entries else
                     _("🛡️ No moderator action yet.")]
        store = tables(interaction).store
        channels: dict[int, int | None] = {}  # a game's channel, read once per game
        for e in entries:
            game = e.game_id
            if game is not None:  # which channel: a server's log spans all of them
                if game not in channels:
                    channels[game] = (await store.games.get_game(game)).channel_id
                game = f"{game} (<#{channels[game]}>)" if channels[game] else game
            values = {"when": f"<t:{int(e.created_at)}:R>", "moderator": f"<@{e.moderator_id}>",
                      "action": e.action, "game": game, "detail": summary(e.detail)}
            lines.append(_("• {when} {moderator} **{action}** in game {game}{detail}", **values)
                         if e.game_id is not None else
                         _("• {when} {moderator} **{action}**{detail}", **values))
        if self.renamed is not None:
            lines.append(renamed_note(*self.renamed))
        await interaction.response.send_message("\n".join(lines)[:1990], ephemeral=True,
                                                allowed_mentions=NO_PINGS)

    @app_commands.command(name="rating", description="Which games count for the ratings")
    @app_commands.describe(moderated="Count games a moderator ended",
                           computers="Count games with computer players")
    async def rating(self, interaction: discord.Interaction, moderated: bool | None = None,
                     computers: bool | None = None) -> None:
        await self.act(interaction, lambda m, who: set_rating(m, who, moderated=moderated,
                                                         computers=computers))

    @app_commands.command(name="void", description="A finished game no longer counts for the "
                                            "ratings (or counts again)")
    @app_commands.describe(game_id="Which game (the newest it can void, or count again)",
                           restore="Count a voided game again")
    async def void(self, interaction: discord.Interaction, game_id: int,
                   restore: bool = False) -> None:
        await self.act(interaction, lambda m, who: void_game(m, who, game_id, restore=restore))

    @void.autocomplete("game_id")
    async def void_choices(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[int]]:
        """The games the command would take, newest first: those that count, or with
        `restore` those voided (the store's own test: bot/store/voiding.py); what is
        typed narrows them down among the last VOID_LOOKUP, so an older one can be found.
        Offered only to whom the command is (they span the server's channels)."""
        if not await Moderation(tables(interaction)).is_server_moderator(
                moderator(interaction)):
            return []
        found = await tables(interaction).store.ratings.voidable(
            interaction.guild_id, voided=not interaction.namespace.restore, limit=VOID_LOOKUP)
        return [app_commands.Choice(name=label[:100], value=g.id) for g in found
                if current.strip().lower() in (label := f"{get_kit(g.game).title} · "
                                                        f"{finished_label(g)}").lower()][:25]

    @app_commands.command(name="role", description="Set the role whose members moderate games "
                                            "(empty: clear it)")
    async def role(self, interaction: discord.Interaction,
                   role: discord.Role | None = None) -> None:
        # Whoever manages the server may, moderator or not: the table layer says.
        await self.act(interaction, lambda m, who: m.set_role(
            who, None if role is None else role.id, managed=role is not None and role.managed),
            moderators_only=False)

    @app_commands.command(name="language",
                          description="The language of the channel messages and boards")
    @app_commands.describe(language="The server's language (empty: say which it is)")
    @app_commands.choices(language=[app_commands.Choice(name="English", value="en"),
                                    app_commands.Choice(name="Nederlands", value="nl")])
    async def language(self, interaction: discord.Interaction,
                       language: str | None = None) -> None:
        languages = interaction.client.languages  # type: ignore[attr-defined]
        await self.act(interaction, lambda m, who: set_language(m, languages, who, language),
                       moderators_only=language is not None)  # anyone may ask which it is

    @app_commands.command(name="web", description="Turn this server's web pages on or off")
    @app_commands.describe(state="on or off (empty: say which, with the server's page)")
    @app_commands.choices(state=[app_commands.Choice(name=s, value=s) for s in ("on", "off")])
    async def web(self, interaction: discord.Interaction, state: str | None = None) -> None:
        links = interaction.client.web_links  # type: ignore[attr-defined]
        await self.act(interaction, lambda m, who: set_web_pages(
            m, links, who, None if state is None else state == "on"),
            moderators_only=state is not None)


class AdminCog(commands.Cog):
    """Adds the moderator group to the bot's commands: `/table-admin`, or `group` (the
    same commands under a name they had before, in a cog of its own)."""

    def __init__(self, bot: commands.Bot, group: ModeratorCommands | None = None) -> None:
        self.bot = bot
        self.group = group or ModeratorCommands()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)


def confirmed_op(interaction: discord.Interaction, what: str,
                 game_id: int | None) -> Operation | None:
    """The action a confirmation names ("end", "kick.<user id>"), for that game only;
    None for anything else (a custom id the bot did not make)."""
    channel = interaction.channel_id
    if what == "end":
        return lambda m, who: m.end(who, channel, game_id=game_id)  # type: ignore[arg-type]
    found = re.fullmatch(r"kick\.([0-9]{1,20})", what)
    if found is None:
        return None
    user = int(found[1])
    return lambda m, who: m.kick(who, channel, user, game_id=game_id)  # type: ignore[arg-type]


@handler("modok")
async def _confirmed(interaction: discord.Interaction, game_id: int, what: str,
                     _values: list[str]) -> None:
    op = confirmed_op(interaction, what, game_id)
    if op is None:
        return await refuse(interaction, _("That button is not valid."))
    # The question stays, without its buttons; the answer follows as for any command.
    await interaction.response.edit_message(view=None)
    await run(interaction, op)


@handler("modno")
async def _cancelled(interaction: discord.Interaction, _game_id: int, _what: str,
                     _values: list[str]) -> None:
    await interaction.response.edit_message(content=_("🛡️ Cancelled: nothing was changed."),
                                            view=None)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AdminCog(bot))
