"""The short 🔔 pings of a game's channel: someone asked to act later in a segment than
its message was posted (an election's later deciders) gets one line that mentions them and
links to the segment's message, since an edit cannot notify anyone. Once everyone a 🔔
line pinged is no longer awaited (they answered, a deadline or a moderator answered for
them, the game ended), it has served its purpose and is deleted, so the channel keeps
only its segment messages as the game's record.

The poster calls this under its game's show lock (one process at a time, in the order of
the game's steps). Each 🔔 line is stored with the game's messages (kind
`bell:<message>:<user>.<user>`, owed from just before the post: `short_posts.py`), and
who has been pinged for a segment's turns in the store's turn pings, so whichever process
shows the next step, or this one after a restart, goes on where the last show stopped. A
message posted before that record was kept is taken to have pinged those it awaits.
"""

from __future__ import annotations

import logging
import re

import discord

from bot.i18n import _
from bot.store import BotMessage, LoadedGame, TurnPings
from bot.tables.kits import get_kit
from bot.tables.service import TableService
from cogs.common.delivery import PostingError, deliver
from cogs.common.segments import Segment
from cogs.common.short_posts import MESSAGE, kind_of, owing_post
from cogs.common.story import players_only

log = logging.getLogger(__name__)

MENTION = re.compile(r"<@!?(\d+)>")
BELL = "bell:"  # the kind of a 🔔 line's row among the game's messages


def rung_for(kind: str) -> set[int]:
    """Whom the 🔔 line of a stored `bell:<message>:<user>.<user>` row pinged."""
    return {int(u) for u in kind.rsplit(":", 1)[-1].split(".") if u.isdigit()}


# A heads-up this recent (or a turn of the same person ended this recently) still stands
# for the ping of a turn in the same message: at a live table the turn comes within
# minutes and a second notification would only be noise; at a slow one, hours later,
# the 🔔 line comes.
HEADS_UP_FRESH_S = 10 * 60


class Bells:
    def __init__(self, service: TableService) -> None:
        self.service = service

    async def posted(self, game: LoadedGame, message_id: int, content: str) -> None:
        """A segment's message was posted: whom it pinged among those asked now (the
        others, told ahead, get a 🔔 line when their turn comes)."""
        asked = {s.user_id for s in self.service.awaited_seats(game)}
        mentioned = {int(m) for m in MENTION.findall(content)}
        now = self.service.clock.clock()
        await self.service.store.pings.set_turn_pings(game.id, message_id, TurnPings(
            frozenset(mentioned & asked), {u: now for u in mentioned - asked}))

    async def closed(self, game_id: int, message_id: int | None = None) -> None:
        """A segment's message is closed (None: every message of a game that is over):
        nobody is pinged for its turns any more."""
        await self.service.store.pings.drop_turn_pings(game_id, message_id)

    async def ring(self, channel: discord.abc.Messageable, game: LoadedGame,
                   live: Segment, here: frozenset[int] = frozenset()) -> None:
        """Someone asked to act in the live segment who was not pinged for this turn yet
        (the people `here` count as pinged: they clicked, or were just pinged about it).
        A person asked again later in the same message (a Quarantia winner's second
        choice, D-7.1) is a newcomer again, unless their last turn ended moments ago."""
        awaited = {s.user_id for s in self.service.awaited_seats(game)
                   if s.user_id is not None and not s.played_by_ai}
        store = self.service.store
        known = await store.pings.get_turn_pings(game.id, live.message_id)
        if known is None:  # posted before pings were recorded: assume those awaited were
            await store.pings.set_turn_pings(game.id, live.message_id,
                                             TurnPings(frozenset(awaited), {}))
            return
        now = self.service.clock.clock()
        pinged = set(known.pinged)
        # Only a recent time matters (`HEADS_UP_FRESH_S`): older ones are let go.
        told = {u: at for u, at in known.told.items() if now - at < HEADS_UP_FRESH_S}
        for user in pinged - awaited:  # their turn is over: the next one is new
            told[user] = now
            pinged.discard(user)
        pinged.update(here & awaited)
        # Told ahead, or asked, moments ago: that was their ping.
        pinged.update(u for u in awaited if u in told)
        newcomers = sorted(awaited - pinged)
        pinged.update(newcomers)
        if (pinged, told) != (known.pinged, known.told):  # before the ping: never twice
            await store.pings.set_turn_pings(game.id, live.message_id,
                                             TurnPings(frozenset(pinged), told))
        if not newcomers:
            return
        link = live.link(game.row.guild_id)
        mentions = " ".join(f"<@{u}>" for u in newcomers)
        text = _("🔔 {mentions} — your turn in the {game} game: {link}", mentions=mentions,
                 game=get_kit(game.row.game).title, link=link)
        kind = f"{BELL}{MESSAGE}:{'.'.join(map(str, newcomers))}"
        async with owing_post(store, game.id, channel, kind, text) as owed:
            message = await deliver(channel, lambda: channel.send(
                text, allowed_mentions=players_only(game)))
            await store.messages.set_message(game.id, kind_of(owed, message.id),
                                             channel_id=message.channel.id, message_id=message.id,
                                             settles=owed.id)

    async def sweep(self, channel: discord.abc.Messageable, game: LoadedGame,
                    rows: list[BotMessage]) -> None:
        """Delete the 🔔 lines of this game whose people are all no longer awaited (in
        the newest state): never one that someone it pinged must still act on, which
        would leave them a notification pointing nowhere. Best-effort: a failure is
        logged and changes nothing else. `rows`: the game's stored messages."""
        rung = [row for row in rows if row.kind.startswith(BELL)]
        awaited = {s.user_id for s in self.service.awaited_seats(game)}
        for row in rung:
            if not rung_for(row.kind) & awaited:
                await remove(self.service, channel, game.id, row, "🔔")


async def remove(service: TableService, channel: discord.abc.Messageable, game_id: int,
                 row: BotMessage, what: str) -> None:
    """Delete a short message of the game's (a 🔔 line, a ⏳ reminder) and forget its row.
    Best-effort: a delete Discord refuses is logged and the row forgotten; during an
    outage the row stays, to be tried again at the game's next step."""
    message_id = row.message_id
    try:
        await deliver(channel, channel.get_partial_message(  # type: ignore[attr-defined]
            message_id).delete)
    except discord.NotFound:
        log.debug("game %s: %s message %s was already gone", game_id, what, message_id)
    except Exception as exc:  # the step is shown: nothing here may undo that
        if isinstance(exc, PostingError) or (
                isinstance(exc, discord.HTTPException) and exc.status < 500):
            log.info("game %s: %s message %s not deleted: %s", game_id, what, message_id, exc)
        else:  # an outage: tried again at the game's next step
            log.info("game %s: %s message %s not deleted yet: %r", game_id, what,
                     message_id, exc)
            return
    await service.store.messages.delete_message(game_id, row.kind)
