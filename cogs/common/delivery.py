"""Getting a message into a game's channel as Discord allows it: saying which permission
is missing when Discord refuses, and reopening a thread Discord archived for inactivity
(a thread a moderator locked stays closed; the players are told instead)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp
import discord

from bot.games.wording import and_list
from bot.i18n import N_, _
from bot.ops import metrics

log = logging.getLogger(__name__)

T = TypeVar("T")
THREAD_ARCHIVED = 50083  # Discord's "Thread is archived"
GENERIC_HINT = N_("I can't post in this channel: please give me View Channel, Send "
                  "Messages, Attach Files and Embed Links here.")
# Permissions by the names Discord shows them.
PERMISSION_NAMES = {"view_channel": N_("View Channel"), "send_messages": N_("Send Messages"),
                    "send_messages_in_threads": N_("Send Messages in Threads"),
                    "attach_files": N_("Attach Files")}


class PostingError(Exception):
    """Discord refused or failed to show something; the game itself is saved."""


class ThreadClosed(PostingError):
    """The game's thread is archived and the bot may not reopen it (locked)."""

    def __init__(self, thread: discord.Thread) -> None:
        super().__init__(_("This game's thread is archived and locked, so I can't post in "
                           "it: a moderator can reopen it. The game is saved."))
        self.thread = thread


def missing_permissions(channel: object) -> list[str]:
    """What the bot lacks in ``channel`` to post a board (permission attributes)."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if me is None or not hasattr(channel, "permissions_for"):
        return []
    perms = channel.permissions_for(me)  # type: ignore[attr-defined]
    send = "send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages"
    return [attr for attr in ("view_channel", send, "attach_files")
            if not getattr(perms, attr)]


def permission_hint(channel: object) -> str:
    """The one line telling the players how to let the bot post here again."""
    missing = missing_permissions(channel)
    if not missing:  # refused for a reason the bot cannot see: name everything it needs
        return _(GENERIC_HINT)
    return _("I can't post in this channel: please give me {permissions} here.",
             permissions=and_list(_(PERMISSION_NAMES[m]) for m in missing))


def failure_reason(exc: BaseException) -> str | None:
    """Why a post failed, as `/metrics` counts it; None for an error of the bot's own."""
    if isinstance(exc, ThreadClosed):
        return "thread_locked"
    if isinstance(exc, discord.Forbidden):
        return "forbidden"
    if isinstance(exc, discord.NotFound):
        return "not_found"
    if isinstance(exc, discord.RateLimited) or getattr(exc, "status", None) == 429:
        return "rate_limited"
    if isinstance(exc, discord.DiscordServerError):
        return "discord_error"
    if isinstance(exc, discord.HTTPException):
        return "refused"
    if isinstance(exc, OSError | TimeoutError | aiohttp.ClientError):
        return "network"
    return None


async def deliver(channel: object, send: Callable[[], Awaitable[T]]) -> T:
    """Run ``send`` (a post or an edit in ``channel``); if Discord says the thread is
    archived, reopen it and run ``send`` once more. ``send`` builds its files anew on
    every call, since a refused upload has read them. A failure is counted by its
    reason (`/metrics`)."""
    try:
        return await _deliver(channel, send)
    except Exception as exc:
        if (reason := failure_reason(exc)) is not None:
            metrics.posting_failed(reason)
        raise


async def _deliver(channel: object, send: Callable[[], Awaitable[T]]) -> T:
    try:
        return await send()
    except discord.HTTPException as exc:
        if exc.code != THREAD_ARCHIVED or not isinstance(channel, discord.Thread):
            raise
    try:
        await channel.edit(archived=False)
    except discord.Forbidden as exc:
        raise ThreadClosed(channel) from exc
    log.info("reopened archived thread %s to post in it", channel.id)
    return await send()
