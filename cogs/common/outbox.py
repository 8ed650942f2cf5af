"""Posting a segment's message so that a post tried again is the same message: before
the first try the poster writes the nonce it sends with it (a `posting:` row of the
game's messages), and every later try of the same segment, after a crash too, sends that
nonce again. Discord returns the message already made with a nonce instead of making a
second (`enforce_nonce`, honoured for a few minutes), so a process killed between the
post and the row that records it does not post the segment twice when its replacement
shows what is owed. Nonces are negative, so they can never be taken for a message id."""

from __future__ import annotations

import logging
import secrets

import discord

from bot.store import BotMessage, Store
from cogs.common.segments import Place

log = logging.getLogger(__name__)

POSTING = "posting:"


async def nonce(store: Store, game_id: int, start: Place, channel_id: int) -> tuple[int, bool]:
    """The nonce of the segment beginning at `start`, and whether it is tried again: the
    one written before an earlier try of it (whose message Discord may return as it was
    then, so it must be edited to the present), or a new one, written now, before the post."""
    kind = f"{POSTING}{start.version}:{start.index}"
    row = await store.messages.get_message(game_id, kind)
    if row is not None:
        return row.message_id, True
    chosen = -1 - secrets.randbits(62)
    await store.messages.set_message(game_id, kind, channel_id=channel_id, message_id=chosen)
    return chosen, False


def pending(rows: list[BotMessage]) -> set[Place]:
    """Where the segments begin whose post (or the closing of the message before them)
    has not been seen through."""
    found = set()
    for row in rows:
        if row.kind.startswith(POSTING):
            version, index = row.kind[len(POSTING):].split(":")
            found.add(Place(int(version), int(index)))
    return found


async def sent(store: Store, game_id: int) -> None:
    """The segment's message is posted and recorded, the one before it closed: its
    nonce (and any of a segment that never came) is let go."""
    for row in await store.messages.list_messages(game_id):
        if row.kind.startswith(POSTING):
            await store.messages.delete_message(game_id, row.kind)


async def drop_old_prompt(store: Store, channel: discord.abc.Messageable,
                          game_id: int) -> None:
    """A game started before segment messages had a separate prompt: remove it."""
    old = await store.messages.get_message(game_id, "prompt")
    if old is None:
        return
    await store.messages.delete_message(game_id, "prompt")
    try:
        await channel.get_partial_message(old.message_id).delete()  # type: ignore[attr-defined]
    except discord.HTTPException:
        pass  # already gone, or no permission: the new message stands anyway
