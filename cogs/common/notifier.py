"""Telling people that a game waits for them: reminders by mention or DM (a DM that
fails falls back to a mention), that the autopilot now plays their seat (by DM to those
who asked for DMs; the channel says it in the game's message), daily digests, and steps
nobody clicked for (when the game's thread is locked, the players are told in its parent
channel)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.i18n import SOURCE_LANGUAGE, _, _n, cmd, knowing_command_ids, speaking
from bot.store import LoadedGame, Seat
from bot.tables.clock import Reminder
from bot.tables.kits import get_kit
from bot.tables.overview import POSTS_FAILING, POSTS_WORKING
from bot.tables.service import Step
from cogs.common.delivery import PostingError, ThreadClosed
from cogs.common.reminder_posts import ReminderPosts
from cogs.common.table_posts import TablePosts

log = logging.getLogger(__name__)
T = TypeVar("T")


def naming_commands(method: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """The clock calls the notifier from its own task: the texts it writes mention the
    bot's commands by the ids the bot learnt (`cmd`), whoever runs the clock."""
    @functools.wraps(method)
    async def wrapped(self: DiscordNotifier, *args: Any, **kwargs: Any) -> T:
        with knowing_command_ids(getattr(self.bot, "command_ids", {})):
            return await method(self, *args, **kwargs)
    return wrapped


class DiscordNotifier:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        # What the clock sets off, per table.
        self.posts = TablePosts(self.posts_failing, self.posts_working)

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        return channel  # type: ignore[return-value]

    @naming_commands
    async def remind(self, game: LoadedGame, due: list[Reminder]) -> None:
        """A DM to each who asked for one (if their DMs are open); everyone else is
        reminded in the channel: one message for each deadline, pinging only them, which
        goes once its moment has passed (`cogs/common/reminder_posts.py`). From the
        clock's own task, handed to the table's posts, as a step is (`publish`)."""
        if self.bot.tables.clock.in_loop():  # type: ignore[attr-defined]
            self.posts.submit(game, lambda: self.send_reminders(game, due))
            return
        await self.send_reminders(game, due)

    async def send_reminders(self, game: LoadedGame, due: list[Reminder]) -> bool:
        """`remind`, now; False when a post in the channel failed (logged)."""
        in_channel: dict[int, list[int]] = {}  # deadline → whom to remind of it
        reached = True
        for seat, due_at, dm in due:
            if seat.user_id is None:
                continue
            if dm:
                with speaking(await self.language(game.row.guild_id)):
                    text = _("⏳ Your {game} game in {channel} waits for you; the deadline "
                             "is {when}.", channel=f"<#{game.row.channel_id}>",
                             when=f"<t:{int(due_at)}:R>", game=get_kit(game.row.game).title)
                if await self.dm(seat.user_id, text):
                    continue
            users = in_channel.setdefault(int(due_at), [])
            if seat.user_id not in users:
                users.append(seat.user_id)
        for due_at, users in in_channel.items():
            try:
                channel = await self.channel(game.row.channel_id)
                with speaking(await self.language(game.row.guild_id)):
                    await ReminderPosts(self.bot.tables).post(  # type: ignore[attr-defined]
                        channel, game, due_at, users)
            except (PostingError, discord.HTTPException) as exc:
                log.warning("game %s: reminders for %s failed: %s", game.id, users, exc)
                reached = False
        return reached

    @naming_commands
    async def autopilot_on(self, game: LoadedGame, seat: Seat, *, by_dm: bool,
                           silent: bool) -> None:
        """Missed deadlines put the seat on autopilot: the game's message in the channel
        says so, once; a player who asked for DMs also hears it by DM (`silent`: without
        a push notification, in their quiet hours). Nothing more is posted in the
        channel, which would say it twice."""
        if seat.user_id is None or not by_dm:
            return
        with speaking(await self.language(game.row.guild_id)):
            text = _n("🤖 You missed {n} deadline in a row in the {game} game in {channel}: "
                      "the autopilot plays your seat until you use {back} or play a move "
                      "yourself.",
                      "🤖 You missed {n} deadlines in a row in the {game} game in {channel}: "
                      "the autopilot plays your seat until you use {back} or play a move "
                      "yourself.", seat.misses, game=get_kit(game.row.game).title,
                      channel=f"<#{game.row.channel_id}>", back=cmd(f"{game.row.game} back"))
        if not await self.dm(seat.user_id, text, silent=silent):
            log.info("game %s: autopilot notice for %s not delivered: DMs closed", game.id,
                     seat.user_id)

    async def language(self, guild_id: int | None) -> str:
        """The server's language: reminders and notices speak it, like its channel."""
        languages = getattr(self.bot, "languages", None)
        return SOURCE_LANGUAGE if languages is None else await languages.of(guild_id)

    async def dm(self, user_id: int, text: str, *, silent: bool = False) -> bool:
        """Send a DM; False when the user does not accept them (closed DMs)."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text, silent=silent)
            return True
        except discord.HTTPException:
            return False

    async def digest(self, user_id: int, lines: list[str]) -> None:
        text = _("📬 Your games waiting for you today:") + "\n" + "\n".join(map(str, lines))
        if not await self.dm(user_id, text):
            log.info("digest for user %s not delivered: DMs closed", user_id)

    @naming_commands
    async def publish(self, step: Step) -> None:
        """A step nobody clicked for (a deadline, a moderator's skip): post it. From the
        clock's own task it is handed to the table's posts and not waited for, so one
        channel's failing posts never hold up another table's deadline."""
        if self.bot.tables.clock.in_loop():  # type: ignore[attr-defined]
            self.posts.submit(step.game, lambda: self.post_step(step))
            return
        await self.post_step(step)

    async def settled(self) -> None:
        """Every post the clock's task handed on is made (or has failed)."""
        await self.posts.drain()

    async def post_step(self, step: Step) -> bool:
        """Post a step; False when Discord refused it (logged)."""
        poster = self.bot.posters.get(step.game.row.game)  # type: ignore[attr-defined]
        try:
            channel = await self.channel(step.game.row.channel_id)
            await poster.publish(channel, step, force_board=True)
        except ThreadClosed as exc:
            await self.tell_parent(exc.thread, step)
        except (PostingError, discord.HTTPException) as exc:
            log.warning("game %s: could not post a step: %s", step.game.id, exc)
            return False
        return True

    async def posts_failing(self, game: LoadedGame, failed: int) -> None:
        """Told to the table's moderators, once: the server's audit log says that its
        channel refuses the bot's posts (the game goes on; `board` shows it again),
        `/table-admin tables` marks the table until a post goes through, and the server's
        moderators' channel says it in a line."""
        await self.audit_posts(game, POSTS_FAILING, {"failed_in_a_row": failed,
                                                     "channel": game.row.channel_id})
        log.error("game %s: %d posts in a row failed in channel %s; moderators told",
                  game.id, failed, game.row.channel_id)
        await self.tell_moderators(game, failed)

    async def posts_working(self, game: LoadedGame) -> None:
        """The channel takes the bot's posts again: the mark in `tables` goes."""
        await self.audit_posts(game, POSTS_WORKING, {"channel": game.row.channel_id})
        log.warning("game %s: posts in channel %s work again", game.id, game.row.channel_id)

    async def audit_posts(self, game: LoadedGame, action: str, detail: dict) -> None:
        bot_user = self.bot.user
        await self.bot.tables.store.moderation.add_audit(  # type: ignore[attr-defined]
            guild_id=game.row.guild_id, moderator_id=bot_user.id if bot_user else 0,
            action=action, game_id=game.id, detail=detail)

    @naming_commands
    async def tell_moderators(self, game: LoadedGame, failed: int) -> None:
        """One line in the server's moderators' channel (a Community server's updates
        channel, which its moderators read), where it has one the bot may post in."""
        guild = self.bot.get_guild(game.row.guild_id) if game.row.guild_id else None
        notices = guild.public_updates_channel if guild is not None else None
        if guild is None or notices is None or notices.id == game.row.channel_id or \
                not notices.permissions_for(guild.me).send_messages:
            return
        with speaking(await self.language(guild.id)):
            text = _n("⚠️ Discord refused my last post in {channel}: its {game} game goes on "
                      "and is saved, but its players don't see the new steps. If this "
                      "goes on, check that I may send messages and attach files there; the "
                      "next post that goes through shows the table. {tables} marks it "
                      "until then.",
                      "⚠️ Discord refused my last {n} posts in {channel}: its {game} game "
                      "goes on and is saved, but its players don't see the new steps. If "
                      "this goes on, check that I may send messages and attach files "
                      "there; the next post that goes through shows the table. {tables} "
                      "marks it until then.", failed,
                      channel=f"<#{game.row.channel_id}>",
                      game=get_kit(game.row.game).title, tables=cmd("table-admin tables"))
        try:
            await notices.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("game %s: the moderators' channel refused too: %s", game.id, exc)

    @naming_commands
    async def tell_parent(self, thread: discord.Thread, step: Step) -> None:
        """The game's thread is closed to the bot: say so where the players can read it."""
        game = step.game.row.game
        with speaking(await self.language(step.game.row.guild_id)):
            text = _("⚠️ The {game} game in {thread} goes on, but its thread is archived and "
                     "locked, so I can't post there: a moderator can reopen it, then "
                     "{board} shows the table.", game=get_kit(game).title,
                     thread=f"<#{thread.id}>", board=cmd(f"{game} board"))
        try:
            parent = await self.channel(thread.parent_id)
            await parent.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.warning("game %s: its thread is closed and its channel refused: %s",
                        step.game.id, exc)
