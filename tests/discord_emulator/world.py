"""World setup: guilds, roles, channels, threads and simulated users."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord

from .actions import InteractionActions
from .events import EmulatorError
from .models import (
    DEFAULT_EVERYONE_PERMISSIONS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    EmuChannel,
    EmuGuild,
    EmuMember,
    EmuRole,
    EmuUser,
    Overwrite,
    iso_now,
)

GUILD_MEMBERS_INTENT = 1 << 1


class WorldSetup(InteractionActions):
    """Synchronous setup calls, announced over the gateway when a client is connected."""

    guild: EmuGuild | None

    def _announce(self, event: str, data: Any, intent: int | None = None) -> None:
        """Queue a gateway event from synchronous setup code for connected clients."""
        if not self.gateway.live_sessions():
            return
        self._pending.append((event, data, intent))
        with contextlib.suppress(RuntimeError):  # no running loop: flushed by the next action
            task = asyncio.get_running_loop().create_task(self.flush())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def add_guild(
        self, name: str, *, owner: EmuUser | None = None, everyone_permissions: int | None = None
    ) -> EmuGuild:
        guild_id = self.new_id()
        guild = EmuGuild(guild_id, name, (owner or self.owner).id)
        perms = (
            DEFAULT_EVERYONE_PERMISSIONS if everyone_permissions is None else everyone_permissions
        )
        guild.roles[guild_id] = EmuRole(guild_id, guild_id, "@everyone", perms)
        bot_role = EmuRole(
            self.new_id(), guild_id, self.bot_user.name, self.bot_permissions, 1, True
        )
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild_id] = guild
        for user in (owner or self.owner, self.bot_user):
            roles = [bot_role.id] if user is self.bot_user else []
            guild.members[user.id] = EmuMember(user, guild_id, roles)
        self._announce("GUILD_CREATE", guild.payload(self.last_message_ids()))
        return guild

    def _guild(self, guild: EmuGuild | None) -> EmuGuild:
        guild = guild or self.guild
        if guild is None:
            raise EmulatorError("no guild given and the emulator has no default guild")
        return guild

    def add_role(
        self, name: str, permissions: int = 0, *, guild: EmuGuild | None = None
    ) -> EmuRole:
        guild = self._guild(guild)
        role = EmuRole(self.new_id(), guild.id, name, permissions, len(guild.roles))
        guild.roles[role.id] = role
        self._announce("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_text_channel(self, guild: EmuGuild | None = None, name: str = "general") -> EmuChannel:
        guild = self._guild(guild)
        channel = EmuChannel(self.new_id(), name, guild_id=guild.id, position=len(guild.channels))
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self._announce("CHANNEL_CREATE", channel.payload())
        return channel

    def add_thread(self, parent: EmuChannel, name: str, *, private: bool = False) -> EmuChannel:
        guild = self._guild(self.guild_of(parent))
        kind = PRIVATE_THREAD if private else PUBLIC_THREAD
        thread = EmuChannel(
            self.new_id(), name, kind, guild.id, parent.id, owner_id=self.bot_user.id
        )
        guild.channels.append(thread)
        self.channels[thread.id] = thread
        self._announce("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    def set_permissions(
        self,
        channel: EmuChannel,
        target: EmuRole | EmuUser,
        *,
        allow: discord.Permissions | int = 0,
        deny: discord.Permissions | int = 0,
    ) -> None:
        """Overwrite ``target``'s permissions in ``channel`` (and its threads), as a
        server admin would; both zero removes the overwrite."""
        if channel.is_thread:
            raise EmulatorError("threads have no overwrites; set them on the parent channel")
        allowed, denied = (p.value if isinstance(p, discord.Permissions) else p
                           for p in (allow, deny))
        kind = 0 if isinstance(target, EmuRole) else 1
        if allowed or denied:
            channel.overwrites[target.id] = Overwrite(target.id, kind, allowed, denied)
        else:
            channel.overwrites.pop(target.id, None)
        self._announce("CHANNEL_UPDATE", channel.payload(self.last_message_ids().get(channel.id)))

    def archive_thread(self, thread: EmuChannel, *, locked: bool = False) -> None:
        """Archive ``thread`` (as Discord does after its inactivity period); ``locked``
        as a moderator would, so that only Manage Threads can reopen it."""
        if not thread.is_thread:
            raise EmulatorError(f"{thread.name} is not a thread")
        thread.archived, thread.locked = True, locked
        thread.archive_timestamp = iso_now()
        self._announce("THREAD_UPDATE", thread.payload(self.last_message_ids().get(thread.id)))

    def add_user(
        self,
        name: str,
        *,
        guilds: list[EmuGuild] | None = None,
        roles: list[EmuRole] | tuple[EmuRole, ...] = (),
        locale: str = "en-US",
    ) -> EmuUser:
        """A simulated human; joins ``guilds`` (default: every guild so far) with ``roles``;
        ``locale`` is their Discord client's language."""
        user = EmuUser(self.new_id(), name, locale=locale)
        self.users[user.id] = user
        for guild in list(self.guilds.values()) if guilds is None else guilds:
            self.add_member(guild, user, [r for r in roles if r.guild_id == guild.id])
        return user

    def add_member(
        self, guild: EmuGuild, user: EmuUser, roles: list[EmuRole] | tuple[EmuRole, ...] = ()
    ) -> EmuMember:
        """Make ``user`` join ``guild`` (e.g. a guild added after the user)."""
        member = EmuMember(user, guild.id, [r.id for r in roles])
        guild.members[user.id] = member
        data = {**member.payload(), "guild_id": str(guild.id)}
        self._announce("GUILD_MEMBER_ADD", data, GUILD_MEMBERS_INTENT)
        return member
    # -- failure injection ---------------------------------------------------

    def deny_sends(self, channel: EmuChannel, denied: bool = True) -> None:
        """Sends to ``channel`` fail with 403 Missing Permissions (code 50013)."""
        (self.faults.denied_channels.add if denied else self.faults.denied_channels.discard)(
            channel.id
        )

    def block_dms(self, user: EmuUser, blocked: bool = True) -> None:
        """DMs to ``user`` fail with 403 Cannot send messages to this user (50007)."""
        target = self.faults.blocked_dm_users
        (target.add if blocked else target.discard)(user.id)

    def fail_next(self, method: str | None, route: str, **kwargs: Any) -> None:
        """The next ``times`` (default 1) matching requests get ``status`` (default 500)."""
        self.faults.fail_next(method, route, **kwargs)

    def rate_limit_next(self, method: str | None, route: str, **kwargs: Any) -> None:
        """The next matching requests get a 429 with ``retry_after`` seconds."""
        self.faults.rate_limit_next(method, route, **kwargs)

    def set_send_rate_limit(
        self,
        limit: int | None,
        per: float = 5.0,
        *,
        channel: EmuChannel | None = None,
        headers: bool = True,
    ) -> None:
        """Limit channel sends to ``limit`` per ``per`` seconds; ``None`` turns it off.

        With ``headers`` successful sends carry X-RateLimit-* so discord.py slows
        down before the limit, as live; without, it only learns from 429s.
        """
        self.faults.send_limit_headers = headers
        value = None if limit is None else (limit, per)
        if channel is None:
            self.faults.send_limit = value
        else:
            self.faults.channel_limits[channel.id] = value

    @property
    def rate_limit_hits(self) -> int:
        """How many 429s the bot has received in total."""
        return self.faults.total_rate_limited
