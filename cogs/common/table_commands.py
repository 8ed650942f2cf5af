"""What the slash commands of every game share: opening a table, computer players, the
board, status, export, clocks, reminders and absence. Each game's cog declares its
commands and calls these, so Doge and Clans run on one implementation."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.base import Action
from bot.games.wording import user_text
from bot.i18n import N_, _, command_text, current_language, speaking
from bot.store import LOBBY, LoadedGame, Seat
from bot.tables.kits import AI_LEVELS, DEFAULT_LEVEL, get_kit
from bot.tables.moderation import Moderation
from bot.tables.reminder_prefs import set_reminder_prefs
from bot.tables.service import TableError, TableService
from cogs.common.admin_run import moderator
from cogs.common.delivery import PostingError
from cogs.common.segments import segments_of
from cogs.common.table_components import display_name, poster, publish, redraw_lobby, tables
from cogs.common.table_ui import computer_levels
from cogs.common.ui import Handler, channel_language, refuse, tell
from cogs.common.web_buttons import links_of, page_view, private_kwargs

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in AI_LEVELS]
TIMING_CHOICES = [app_commands.Choice(name=t, value=t) for t in ("async", "live")]  # `/new`
NOTIFY_MODES = {"mention": N_("a mention in the channel"), "dm": N_("a DM"),
                "off": N_("off")}
log = logging.getLogger(__name__)
# `/<game> me`: the caller's secrets in the game the button names, or this channel's.
ShowSecrets = Callable[[discord.Interaction, int | None], Awaitable[None]]
SECRETS_NOTE = N_("The record reveals every secret choice, so it is available once the game "
                  "is over.")


class TableCommands(commands.Cog):
    game: str  # the registered game's name

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def prompt(self, service: TableService, game, *,
                     reader: int | None = None) -> tuple[str, discord.ui.View | None]:
        """The channel's prompt; with `reader`, the status as that user reads it."""
        return await poster_prompt(self.bot, self.game)(service, game, reader=reader)

    async def open_table(self, interaction: discord.Interaction, seats: int, timing: str,
                         options: dict | None = None, *, thread: bool = False) -> None:
        service = tables(interaction)
        if interaction.guild_id is None:  # no moderator could ever end a table in a DM
            return await refuse(interaction, _("Tables are opened in a server's channel, "
                                               "not in direct messages."))
        place: discord.abc.Messageable | None = None
        if thread:
            place = await self.new_thread(interaction)
            if place is None:
                return
        try:
            game = await service.open_lobby(
                self.game, guild_id=interaction.guild_id,
                channel_id=place.id if place else interaction.channel_id,  # type: ignore[union-attr]
                user_id=interaction.user.id, user_name=display_name(interaction.user),
                seats=seats, timing=timing, options=options or {},
                # a thread's channel: the moderators' audit of that channel shows it too
                parent_channel_id=getattr(place or interaction.channel, "parent_id", None))
        except TableError as exc:
            if isinstance(place, discord.Thread):
                try:
                    await place.delete()  # nothing is played in it
                except discord.HTTPException:
                    pass  # no Manage Threads: an empty thread stays, the refusal says why
            return await refuse(interaction, str(exc))
        with speaking(await channel_language(interaction)):  # the lobby is the channel's
            content, view = await self.prompt(service, game)
            kit = TableService.kit(game)
            opened = None if place is None else _(
                "{emoji} {name} opened a {title} table in {thread}: join it there.",
                emoji=kit.emoji, name=user_text(display_name(interaction.user)), title=kit.title,
                thread=place.mention)  # type: ignore[attr-defined]
        if place is None or opened is None:
            await interaction.response.send_message(content, view=view)
            message = await interaction.original_response()
        else:
            try:
                message = await place.send(content, view=view)
            except discord.HTTPException:  # e.g. no Send Messages in Threads
                await service.store.games.end_game(game.id)  # a lobby nobody sees blocks the thread
                try:
                    await place.delete()  # type: ignore[union-attr]
                except discord.HTTPException:
                    pass
                return await refuse(interaction, _(
                    "I can't post in the new thread: please give me Send Messages in "
                    "Threads, or open the table without a thread."))
            await interaction.response.send_message(
                opened, allowed_mentions=discord.AllowedMentions.none())
        await service.store.messages.set_message(game.id, "lobby", channel_id=message.channel.id,
                                                 message_id=message.id)

    async def new_thread(self, interaction: discord.Interaction) -> discord.Thread | None:
        """A public thread of this channel for a new table, named after it; None (and
        the user told why) where there can be none."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            option = command_text("thread", current_language(), name=True) or "thread"
            await refuse(interaction, _("A table gets a thread of its own only in a text "
                                        "channel; here, open it without `{option}`.",
                                        option=option))
            return None
        title = get_kit(self.game).title
        with speaking(await channel_language(interaction)):
            name = _("{title} · {name}'s table", title=title,
                     name=display_name(interaction.user))[:100]
        try:
            return await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread,
                auto_archive_duration=10080, reason="a new game table")
        except discord.Forbidden:
            await refuse(interaction, _("I can't open a thread here: please give me Create "
                                        "Public Threads and Send Messages in Threads."))
            return None

    async def add_bot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        service = tables(interaction)
        try:
            game = await service.require_game(interaction.channel_id, self.game)
            game = await service.add_bot(game.id, interaction.user.id, level)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        with speaking(await channel_language(interaction)):  # the lobby is the channel's
            # The lobby message is redrawn where it is: never two lobbies in a channel.
            redrawn = await redraw_lobby(interaction.channel, service, game)  # type: ignore[arg-type]
            if not redrawn:  # none to redraw (deleted): a new lobby below
                content, view = await self.prompt(service, game)
        if redrawn:  # told to the asker, in their language
            return await interaction.response.send_message(
                _("🤖 {name} takes a seat at the table.", name=game.seats[-1].name),
                ephemeral=True)
        await interaction.response.send_message(
            content, view=view, allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        await service.store.messages.set_message(game.id, "lobby", channel_id=message.channel.id,
                                                 message_id=message.id)

    async def show_board(self, interaction: discord.Interaction) -> None:
        """The table's live message posted again as the channel's newest, with the
        board, the story of its segment and the current buttons (what is owed shown
        first): the way back to a table lost up the channel, or left behind by a crash."""
        try:
            game = await tables(interaction).require_game(interaction.channel_id, self.game)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        if game.state is None:
            return await refuse(interaction, _("The game has not started yet."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await poster(interaction, self.game).show_again(
                interaction.channel, game, move=True)  # type: ignore[arg-type]
        except PostingError as exc:
            return await refuse(interaction, str(exc))
        segments = segments_of(await tables(interaction).store.messages.list_messages(game.id))
        if not segments:
            return await refuse(interaction, _("The table could not be shown."))
        link = segments[-1].link(interaction.guild_id)
        view = await page_view(links_of(interaction.client), game)
        await tell(interaction, _("📌 The table, as the newest message: {link}", link=link),
                   **({"view": view} if view is not None else {}))

    async def show_status(self, interaction: discord.Interaction) -> None:
        try:
            game = await tables(interaction).require_game(interaction.channel_id, self.game)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        content, _view = await self.prompt(tables(interaction), game,
                                           reader=interaction.user.id)
        levels = computer_levels(game)
        if levels and game.row.status != LOBBY:  # the lobby lists them already
            content += "\n" + _("Computer players: {levels}.", levels=levels)
        terms = get_kit(self.game).end_terms(game.row.settings, game.state)
        if terms and game.row.status != LOBBY:  # and the table's terms
            content += "\n" + terms
        await interaction.response.send_message(content, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def export_record(self, interaction: discord.Interaction) -> None:
        service = tables(interaction)
        game = await service.game_in_channel(interaction.channel_id)
        if game is not None and game.row.game == self.game:
            return await refuse(interaction, _(SECRETS_NOTE))
        rows = await service.store.games.list_games(channel_id=interaction.channel_id,
                                                    game=self.game)
        done = [r for r in rows if r.status in ("finished", "ended")]
        if not done:
            return await refuse(interaction, _("No finished game in this channel yet."))
        latest = max(done, key=lambda r: r.id)
        record = await service.store.records.export_game(latest.id)
        data = json.dumps(record, indent=1).encode()
        with speaking(await channel_language(interaction)):
            text = _("📜 The record of this channel's last {title} game: every move, and "
                     "every secret choice now that it is over.", title=get_kit(self.game).title)
        name = f"{self.game}-game-{latest.id}.json"
        await interaction.response.send_message(
            text, file=discord.File(io.BytesIO(data), filename=name))

    async def change_settings(self, interaction: discord.Interaction, changes: dict) -> None:
        service = tables(interaction)
        try:
            game = await service.require_game(interaction.channel_id, self.game)
            if not service.runs_table(game, interaction.user.id) and not await Moderation(
                    service).is_moderator(moderator(interaction)):
                raise TableError(_("Only the table's creator or a moderator may change "
                                   "its clocks."))
            with speaking(await channel_language(interaction)):  # the answer is public
                text = await service.update_timing(game.id, changes)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        await interaction.response.send_message(text)
        await self.redraw_prompt(interaction, game.id)  # who answers at a deadline

    async def set_notify(self, interaction: discord.Interaction, changes: dict) -> None:
        service = tables(interaction)
        try:
            prefs = await set_reminder_prefs(service.store, interaction.user.id, changes,
                                             now=service.clock.clock(), game=self.game)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        mode = _(NOTIFY_MODES[prefs.notify]) if prefs.notify in NOTIFY_MODES else prefs.notify
        text = (_("🔔 Reminders: {mode}, quiet {start}:00–{end}:00 {zone}.", mode=mode,
                  start=prefs.quiet_start, end=prefs.quiet_end, zone=prefs.tz)
                if prefs.quiet else
                _("🔔 Reminders: {mode}, time zone {zone}.", mode=mode, zone=prefs.tz))
        if prefs.digest:
            text += " " + _("One daily digest instead of pings.")
        await interaction.response.send_message(text, ephemeral=True)

    async def absence(self, interaction: discord.Interaction, days: float | None) -> None:
        """`away` with a number of days, `back` without."""
        service = tables(interaction)
        try:
            game = await service.require_game(interaction.channel_id, self.game)
            with speaking(await channel_language(interaction)):  # the answer is public
                text = (await service.away(game.id, interaction.user.id, days)
                        if days is not None else await service.back(game.id, interaction.user.id))
        except TableError as exc:
            return await refuse(interaction, str(exc))
        await interaction.response.send_message(text)
        await self.redraw_prompt(interaction, game.id)  # deadlines moved

    async def redraw_prompt(self, interaction: discord.Interaction, game_id: int) -> None:
        """After a change to what the prompt tells (the deadlines, who answers at them):
        the live message edited in place, without a ping."""
        game = await tables(interaction).load(game_id)
        try:
            await poster(interaction, self.game).edit_prompt(interaction.channel, game)  # type: ignore[arg-type]
        except (PostingError, discord.HTTPException) as exc:  # the answer already sent stands
            log.info("game %s: the prompt was not refreshed: %s", game.id, exc)

    async def act_typed(self, interaction: discord.Interaction, action: Action,
                        told: str | None = None, *, as_asked: bool = False) -> None:
        """A game's typed command: `action` for the caller at this channel's table, `told`
        to them alone once applied (by default the kit's confirmation, `answered`), then
        posted; a refusal is told to them alone too. `as_asked`: only for the decision the
        caller faced when typing (a secret choice others may move past meanwhile), not for
        whatever comes next."""
        service = tables(interaction)
        try:
            game = await service.require_game(interaction.channel_id, self.game)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        await interaction.response.defer(ephemeral=True, thinking=True)
        asked = {"version": game.version,
                 "decision": service.decision_of(game, interaction.user.id)} if as_asked else {}
        try:
            step = await service.act(game.id, interaction.user.id, action,
                                     key=f"i{interaction.id}", **asked)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        if told is None:
            told = get_kit(self.game).answered(game.state, action) or _("✅ Done.")
        await tell(interaction, told)
        await publish(interaction, step)

    async def set_orders(self, interaction: discord.Interaction, orders: dict) -> None:
        service = tables(interaction)
        try:
            game = await service.require_game(interaction.channel_id, self.game)
            text = await service.set_orders(game.id, interaction.user.id, orders)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        await interaction.response.send_message(text, ephemeral=True)
        if any(orders.values()):  # changed: the prompt says an order answers, or no longer
            await self.redraw_prompt(interaction, game.id)


def poster_prompt(bot: commands.Bot, game: str):
    return bot.posters[game].prompt  # type: ignore[attr-defined]


async def seated_game(interaction: discord.Interaction, game_id: int | None, kind: str):
    """The game (of the button, or this channel's game of `kind`) and the caller's seat
    in it, for showing a player their own secrets."""
    service = tables(interaction)
    game = (await service.load(game_id) if game_id is not None
            else await service.require_game(interaction.channel_id, kind))
    if game.row.game != kind:  # a crafted button: another game's id
        raise TableError(_("That button is not valid."))
    seat = service.seat_of(game, interaction.user.id)
    if seat is None:
        raise TableError(_("You are not playing in this game."))
    if game.state is None:
        raise TableError(_("The game has not started yet."))
    return game, seat


def secrets_command(kind: str, text: Callable[[LoadedGame, Seat], str]) -> ShowSecrets:
    """`/<game> me` (`GameUi.show_secrets`): `text`, what the caller's seat alone may
    know, answered to them alone with their private page's button."""

    async def show_secrets(interaction: discord.Interaction, game_id: int | None) -> None:
        try:
            game, seat = await seated_game(interaction, game_id, kind)
        except TableError as exc:
            return await refuse(interaction, str(exc))
        await interaction.response.send_message(
            text(game, seat), ephemeral=True,
            **await private_kwargs(interaction, game, seat.seat))

    return show_secrets


def secrets_button(show: ShowSecrets) -> Handler:
    """A prompt's button that shows the clicker their secrets as `/<game> me` does; the
    game registers it with `game_handler(game, "me")`."""

    async def on_me(interaction: discord.Interaction, game_id: int, arg: str,
                    values: list[str]) -> None:
        await show(interaction, game_id)

    return on_me


def extension(*cogs: type[commands.Cog]) -> Callable[[commands.Bot], Awaitable[None]]:
    """A game's extension `setup`: adds its cogs to the bot."""

    async def setup(bot: commands.Bot) -> None:
        for cog in cogs:
            await bot.add_cog(cog(bot))  # type: ignore[call-arg]

    return setup
