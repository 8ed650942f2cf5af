"""Look-ups posted for everyone (`public:true`) are not a megaphone: the bot posts one only
where the member may post themself, and at most a few times a minute for each member in
each channel; otherwise the member is told in one line and nothing is posted."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import discord

from bot.i18n import _
from bot.tables.kits import option_word
from cogs.common.ui import refuse

PER_WINDOW = 3  # public look-ups a member may post in one channel…
WINDOW_S = 60.0  # …in this many seconds


class PublicPosts:
    """Who posted a public look-up where, and when (this process's memory: a restart
    forgets it, which costs at most one window's posts more)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._posted: dict[tuple[int, int], deque[float]] = {}

    def take(self, user_id: int, channel_id: int) -> bool:
        """Count a post of `user_id` in `channel_id` now; False when they posted enough."""
        now = self.clock()
        posted = self._posted.setdefault((user_id, channel_id), deque())
        while posted and posted[0] <= now - WINDOW_S:
            posted.popleft()
        if len(posted) >= PER_WINDOW:
            return False
        posted.append(now)
        if len(self._posted) > 10_000:  # forget the quiet ones, so memory stays small
            self._posted = {k: v for k, v in self._posted.items() if v and v[-1] > now - WINDOW_S}
        return True


def may_post_themself(interaction: discord.Interaction) -> bool:
    """Whether the member could post this message in the channel themself."""
    perms = interaction.permissions
    if isinstance(interaction.channel, discord.Thread):
        return perms.send_messages_in_threads
    return perms.send_messages


def option_name() -> str:
    """The `public` option as the reader types it."""
    return f"`{option_word('public', name=True)}`"


def public_refusal(interaction: discord.Interaction) -> str | None:
    """Why a public look-up is not posted here for this member, in one line; None when
    it may be (and then it is counted)."""
    if not may_post_themself(interaction):
        return _("You cannot post in this channel, so neither do I for you: ask without "
                 "{public} to see the answer yourself.", public=option_name())
    posts = getattr(interaction.client, "public_posts", None)
    if posts is None:
        posts = interaction.client.public_posts = PublicPosts(  # type: ignore[attr-defined]
            getattr(interaction.client, "clock", time.time))
    if interaction.channel_id is not None and not posts.take(interaction.user.id,
                                                             interaction.channel_id):
        return _("You posted enough look-ups here for a minute: ask without {public} to see "
                 "the answer yourself, or post it again in a minute.", public=option_name())
    return None


async def public_refused(interaction: discord.Interaction, public: bool) -> bool:
    """With `public`, refuse (privately, in one line) a post the member may not have."""
    refusal = public_refusal(interaction) if public else None
    if refusal is not None:
        await refuse(interaction, refusal)
    return refusal is not None
