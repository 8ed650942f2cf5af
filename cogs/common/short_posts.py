"""The short messages of a game's channel, 🔔 lines (`cogs/common/bells.py`) and ⏳
reminders (`cogs/common/reminder_posts.py`), are stored with the game's messages, so
they can be deleted once their moment has passed. Keeping that row is after-commit work
(`KEEP_POST`, bot/store/after_commit.py), owed from just before the post until the
transaction that keeps it: a post Discord accepted is never left in the channel unknown
to the store, whatever the database or the process does in between. Its redo is
`cogs/common/owed_posts.py`."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager

import discord

from bot.store import Store
from bot.store.after_commit import Owed

KEEP_POST = "keep-post"
MESSAGE = "{message}"  # where the kind of a post's row names its message


def owing_post(store: Store, game_id: int, channel: discord.abc.Messageable, kind: str,
               text: str) -> AbstractAsyncContextManager[Owed]:
    """Owe the row of a post about to be made: `kind` has `MESSAGE` where the message's
    id goes; the text finds the post again. The messages after the channel's newest
    before it are where it will be."""
    return store.after_commit.owing(KEEP_POST, game_id, {
        "kind": kind, "text": text, "after": getattr(channel, "last_message_id", None)})


def kind_of(owed: Owed, message_id: int) -> str:
    """The kind of the row that keeps the post `owed` was about."""
    return str(owed.detail["kind"]).replace(MESSAGE, str(message_id))
