"""Channel permissions as Discord computes them: the server's roles, then the channel's
overwrites (@everyone, then roles together, then the member), then the implicit rules.
Threads use their parent channel's overwrites."""

from __future__ import annotations

import discord

from .models import ADMINISTRATOR, ALL_PERMISSIONS, EmuChannel, EmuGuild, Overwrite

VIEW_CHANNEL = discord.Permissions(view_channel=True).value
SEND_MESSAGES = discord.Permissions(send_messages=True).value
SEND_IN_THREADS = discord.Permissions(send_messages_in_threads=True).value
ATTACH_FILES = discord.Permissions(attach_files=True).value
EMBED_LINKS = discord.Permissions(embed_links=True).value
MANAGE_MESSAGES = discord.Permissions(manage_messages=True).value
MANAGE_THREADS = discord.Permissions(manage_threads=True).value
# What a member without Send Messages in a text channel loses with it.
NEEDS_SEND = (
    discord.Permissions(mention_everyone=True, send_tts_messages=True).value
    | ATTACH_FILES
    | EMBED_LINKS
)

ROLE, MEMBER = 0, 1


def _apply(value: int, overwrite: Overwrite | None) -> int:
    if overwrite is None:
        return value
    return (value & ~overwrite.deny) | overwrite.allow


def channel_permissions(
    guild: EmuGuild, channel: EmuChannel, parent: EmuChannel | None, user_id: int
) -> int:
    """What ``user_id`` may do in ``channel`` (``parent`` is a thread's channel)."""
    value = guild.permissions_for(user_id)
    if value & ADMINISTRATOR or user_id == guild.owner_id:
        return ALL_PERMISSIONS
    source = parent if channel.is_thread and parent is not None else channel
    overwrites = source.overwrites
    value = _apply(value, overwrites.get(guild.id))
    member = guild.members.get(user_id)
    role_ids = set(member.role_ids) if member else set()
    denied = allowed = 0
    for overwrite in overwrites.values():
        if overwrite.type == ROLE and overwrite.id in role_ids:
            denied |= overwrite.deny
            allowed |= overwrite.allow
    value = (value & ~denied) | allowed
    member_overwrite = overwrites.get(user_id)
    if member_overwrite is not None and member_overwrite.type == MEMBER:
        value = _apply(value, member_overwrite)
    if not value & VIEW_CHANNEL:
        return 0
    if not channel.is_thread and not value & SEND_MESSAGES:
        value &= ~NEEDS_SEND
    return value


def names(missing: int) -> list[str]:
    """Permission names as Discord's client shows them, e.g. ``Attach Files``."""
    return [name.replace("_", " ").title() for name, on in discord.Permissions(missing) if on]
