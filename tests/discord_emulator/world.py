"""World setup: guilds, roles, channels, threads and simulated users."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

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

    def add_user(
        self,
        name: str,
        *,
        guilds: list[EmuGuild] | None = None,
        roles: list[EmuRole] | tuple[EmuRole, ...] = (),
    ) -> EmuUser:
        """A simulated human; joins ``guilds`` (default: every guild so far) with ``roles``."""
        user = EmuUser(self.new_id(), name)
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
