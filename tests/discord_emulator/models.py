"""Users, guilds, roles and channels held by the emulator, and their API payloads."""

from __future__ import annotations

import datetime
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000

ALL_PERMISSIONS = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value

# What @everyone may do in a fresh server, close enough to Discord's defaults.
DEFAULT_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_application_commands=True,
    use_external_emojis=True,
    change_nickname=True,
).value

DEFAULT_BOT_PERMISSIONS = (
    DEFAULT_EVERYONE_PERMISSIONS
    | discord.Permissions(
        manage_messages=True,
        manage_threads=True,
        create_private_threads=True,
    ).value
)

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


class SnowflakeGenerator:
    """Time-based, strictly increasing ids, so ordering by id matches creation order."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last


@dataclass(eq=False)
class EmuUser:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"  # the language their Discord client is set to

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class EmuRole:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass(eq=False)
class EmuMember:
    user: EmuUser
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    nick: str | None = None

    def payload(self, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.payload(),
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "nick": self.nick,
            "avatar": None,
            "deaf": False,
            "mute": False,
            # discord.py reads member flags unconditionally.
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow),
                "deny": str(self.deny)}


@dataclass(eq=False)
class EmuChannel:
    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    recipients: list[EmuUser] = field(default_factory=list)
    owner_id: int | None = None
    created_at: str = field(default_factory=iso_now)
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    # Threads only: an archived thread refuses messages until it is unarchived.
    archived: bool = False
    locked: bool = False
    archive_timestamp: str | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM_CHANNEL

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, last_message_id: int | None = None) -> dict[str, Any]:
        last = str(last_message_id) if last_message_id else None
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "recipients": [u.payload() for u in self.recipients],
                "last_message_id": last,
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites.values()],
            "nsfw": False,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": last,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "invitable": True,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": self.archive_timestamp or self.created_at,
                },
            )
        return data


@dataclass(eq=False)
class EmuGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, EmuRole] = field(default_factory=dict)
    channels: list[EmuChannel] = field(default_factory=list)
    members: dict[int, EmuMember] = field(default_factory=dict)
    # A Community server's channel for its moderators' notices (Discord's "community
    # updates" channel), set before the bot connects.
    public_updates_channel_id: int | None = None

    @property
    def everyone(self) -> EmuRole:
        return self.roles[self.id]

    @property
    def text_channels(self) -> list[EmuChannel]:
        return [c for c in self.channels if not c.is_thread]

    @property
    def threads(self) -> list[EmuChannel]:
        return [c for c in self.channels if c.is_thread]

    def permissions_for(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions
        member = self.members.get(user_id)
        if member is not None:
            for role_id in member.role_ids:
                role = self.roles.get(role_id)
                if role is not None:
                    value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def payload(self, last_ids: dict[int, int]) -> dict[str, Any]:
        """The full GUILD_CREATE body, including channels, threads and all members."""
        joined = next(iter(self.members.values())).joined_at if self.members else iso_now()
        return {
            "id": str(self.id),
            "name": self.name,
            "owner_id": str(self.owner_id),
            "icon": None,
            "splash": None,
            "banner": None,
            "description": None,
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "public_updates_channel_id": (None if self.public_updates_channel_id is None
                                          else str(self.public_updates_channel_id)),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "unavailable": False,
            "large": False,
            "joined_at": joined,
            "member_count": len(self.members),
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [c.payload(last_ids.get(c.id)) for c in self.text_channels],
            "threads": [c.payload(last_ids.get(c.id)) for c in self.threads],
            "members": [m.payload() for m in self.members.values()],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


_token_counter = itertools.count(1)


def new_token(prefix: str) -> str:
    """Opaque per-interaction token; unique within the process."""
    return f"{prefix}-{next(_token_counter)}-{time.monotonic_ns():x}"
