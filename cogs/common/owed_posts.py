"""The after-commit handler of the channel's short messages (`KEEP_POST`, recorded by
`cogs/common/short_posts.py`): a 🔔 line or a ⏳ reminder whose row is still owed.

A row still owed means the post's fate is unknown here: Discord may have accepted it while
the database refused to keep it, or the process died in between. The redo looks for the
post among the channel's messages since then (its text is recorded with the row): found,
it is kept like any other, and deleted at once if its moment has passed meanwhile; not
found, it never arrived, and nothing more is owed (as for a reminder lost in a crash, none
is posted late). Either way the row is settled in the transaction that decides it, so a
post is kept once, and never left in the channel.
"""

from __future__ import annotations

import logging

import discord

from bot.sharding import holds
from bot.store.after_commit import Owed
from cogs.common.bells import Bells
from cogs.common.reminder_posts import REMIND, ReminderPosts
from cogs.common.short_posts import KEEP_POST, kind_of

log = logging.getLogger(__name__)

# The post is among the first messages after the one its channel last had before it.
SCAN = 200

__all__ = ["KEEP_POST", "OwedPosts"]


class OwedPosts:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    async def redo(self, owed: Owed) -> bool:
        """Find the post and keep it; False when another process holds the game's
        server (the row waits for it)."""
        tables = self.bot.tables  # type: ignore[attr-defined]
        store = tables.store
        game = await tables.load(owed.game_id)
        if not holds(game.row.guild_id, self.bot.shard_count,
                     getattr(self.bot, "shard_ids", None)):
            return False
        try:
            channel = self.bot.get_channel(game.row.channel_id) or \
                await self.bot.fetch_channel(game.row.channel_id)
            found = await self.posted(channel, owed)
        except (discord.NotFound, discord.Forbidden) as exc:
            # The channel is gone or closed to the bot: nothing there it could delete.
            log.info("game %s: an unkept post cannot be looked for: %s", game.id, exc)
            await store.after_commit.settle(owed.id)
            return True
        reminders = ReminderPosts(tables)
        async with store.show_lock(game.id):
            if found is None:
                log.info("game %s: a post not seen through never arrived", game.id)
                await store.after_commit.settle(owed.id)
                return True
            if kind_of(owed, found.id).startswith(REMIND):
                await reminders.keep(channel, game.id, owed, found)
            else:
                await store.messages.set_message(game.id, kind_of(owed, found.id),
                                                 channel_id=found.channel.id, message_id=found.id,
                                                 settles=owed.id)
            log.info("game %s: message %s kept after its post", game.id, found.id)
            rows = await store.messages.list_messages(game.id)
            await Bells(tables).sweep(channel, game, rows)
            await reminders.sweep(channel, game, rows)
        return True

    async def posted(self, channel: discord.abc.Messageable,
                     owed: Owed) -> discord.Message | None:
        """The bot's message with the post's text, made after the row was owed."""
        after = owed.detail.get("after")
        me = self.bot.user.id if self.bot.user is not None else None
        async for message in channel.history(
                limit=SCAN, after=discord.Object(after) if after else None):
            if message.author.id == me and message.content == owed.detail["text"]:
                return message
        return None
