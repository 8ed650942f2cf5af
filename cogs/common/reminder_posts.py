"""The ⏳ reminders in a game's channel: one message per deadline, which pings those newly
reminded of it and names everyone still awaited by it, and which goes once its moment has
passed (everyone it names answered, or the deadline came), so the channel keeps only its
segment messages as the game's record, as with the 🔔 lines (`cogs/common/bells.py`).

Each reminder is stored with the game's messages (kind
`remind:<message>:<deadline>:<user>.<user>`), so whichever process shows the game's next
step, or this one after a restart, deletes it; that row is owed from just before the post
(`cogs/common/short_posts.py`), so a reminder Discord accepted is never left in the
channel unknown to the store. Posting one and sweeping them both hold the game's show
lock: a reminder is never posted while a step that ends it is being shown.
"""

from __future__ import annotations

from typing import NamedTuple

import discord

from bot.i18n import _
from bot.store import BotMessage, LoadedGame
from bot.store.after_commit import Owed
from bot.tables.kits import get_kit
from bot.tables.service import TableService
from cogs.common.bells import remove
from cogs.common.delivery import deliver
from cogs.common.short_posts import MESSAGE, kind_of, owing_post

REMIND = "remind:"  # the kind of a reminder's row among the game's messages


class Posted(NamedTuple):
    """A stored reminder: the deadline it is about and whom it names."""

    row: BotMessage
    due: int
    users: tuple[int, ...]


def posted_reminders(rows: list[BotMessage]) -> list[Posted]:
    found = []
    for row in rows:
        if row.kind.startswith(REMIND):
            _message, due, users = row.kind[len(REMIND):].split(":")
            found.append(Posted(row, int(due), tuple(int(u) for u in users.split(".") if u)))
    return found


async def due_at(service: TableService, game: LoadedGame) -> dict[int, int]:
    """Each awaited person's deadline (in whole seconds), by user id."""
    return {game.seats[d.seat].user_id: int(d.due_at)
            for d in await service.store.deadlines.get_deadlines(game.id)
            if d.kind.startswith("due:") and d.seat is not None and d.due_at is not None
            and game.seats[d.seat].user_id is not None}


class ReminderPosts:
    def __init__(self, service: TableService) -> None:
        self.service = service

    async def post(self, channel: discord.abc.Messageable, game: LoadedGame, due: int,
                   users: list[int]) -> None:
        """Remind `users` in the channel of their deadline `due`: one message for it,
        pinging them; an earlier reminder of the same deadline is replaced, naming (not
        pinging again) those it named who are still awaited by it."""
        store = self.service.store
        async with store.show_lock(game.id):
            waiting = await due_at(self.service, game)
            # Those who answered (or whose deadline moved) since the reminder fell due.
            users = [u for u in users if waiting.get(u) == due]
            if not users:
                return
            earlier = [p for p in posted_reminders(await store.messages.list_messages(game.id))
                       if p.due == due]
            named = list(dict.fromkeys(
                [u for p in earlier for u in p.users if waiting.get(u) == due and
                 u not in users] + users))
            mentions = " ".join(f"<@{u}>" for u in named)
            text = mentions + " " + _("⏳ This {game} game waits for you; the deadline is "
                                      "{when}.", game=get_kit(game.row.game).title,
                                      when=f"<t:{due}:R>")
            only_them = discord.AllowedMentions(everyone=False, roles=False,
                                                users=[discord.Object(u) for u in users])
            kind = f"{REMIND}{MESSAGE}:{due}:{'.'.join(map(str, named))}"
            async with owing_post(store, game.id, channel, kind, text) as owed:
                message = await deliver(channel, lambda: channel.send(
                    text, allowed_mentions=only_them))
                await self.keep(channel, game.id, owed, message)

    async def keep(self, channel: discord.abc.Messageable, game_id: int, owed: Owed,
                   message: discord.Message) -> None:
        """A posted reminder becomes one of the game's messages, settling the work `owed`
        in the same transaction, and replaces the earlier reminders of its deadline. The
        caller holds the game's show lock."""
        store = self.service.store
        kind = kind_of(owed, message.id)
        due = int(kind[len(REMIND):].split(":")[1])
        earlier = [p for p in posted_reminders(await store.messages.list_messages(game_id))
                   if p.due == due and p.row.message_id != message.id]
        await store.messages.set_message(game_id, kind, channel_id=message.channel.id,
                                         message_id=message.id, settles=owed.id)
        for old in earlier:
            await remove(self.service, channel, game_id, old.row, "⏳")

    async def sweep(self, channel: discord.abc.Messageable, game: LoadedGame,
                    rows: list[BotMessage]) -> None:
        """Delete the reminders whose moment has passed: their deadline came, or nobody
        they name is awaited by it any more (they answered, a moderator answered for
        them, the deadline moved, the game ended). `rows`: the game's stored messages;
        the caller holds the game's show lock."""
        reminders = posted_reminders(rows)
        if not reminders:
            return
        waiting = await due_at(self.service, game)
        now = self.service.clock.clock()
        for posted in reminders:
            if posted.due <= now or not any(waiting.get(u) == posted.due
                                            for u in posted.users):
                await remove(self.service, channel, game.id, posted.row, "⏳")
