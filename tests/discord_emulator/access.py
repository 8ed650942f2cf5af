"""What the bot may do in a channel, answered as Discord answers: 50001 Missing Access
without View Channel, 50013 Missing Permissions without the permission an action needs,
50083 for a message in an archived thread."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import wire
from .messages import UploadedFile
from .models import EmuChannel
from .permissions import (
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    SEND_IN_THREADS,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from .state import EmulatorState

MISSING_ACCESS, MISSING_PERMISSIONS, THREAD_ARCHIVED = 50001, 50013, 50083
MANAGE_CHANNELS = 1 << 4


def missing_access() -> web.Response:
    return wire.error(403, MISSING_ACCESS, "Missing Access")


def missing_permissions() -> web.Response:
    return wire.error(403, MISSING_PERMISSIONS, "Missing Permissions")


def thread_archived() -> web.Response:
    return wire.error(400, THREAD_ARCHIVED, "Thread is archived")


class Access:
    """The bot's permissions in a channel, checked per REST action."""

    def __init__(self, emu: EmulatorState, channel: EmuChannel) -> None:
        self.channel = channel
        self.value = emu.permissions_in(channel, emu.bot_user.id)
        self.bot_id = emu.bot_user.id

    def has(self, permission: int) -> bool:
        return self.value & permission == permission

    def view(self) -> web.Response | None:
        return None if self.has(VIEW_CHANNEL) else missing_access()

    def _content(self, body: Any, files: list[UploadedFile]) -> web.Response | None:
        if files and not self.has(ATTACH_FILES):
            return missing_permissions()
        if isinstance(body, dict) and body.get("embeds") and not self.has(EMBED_LINKS):
            return missing_permissions()
        return None

    def send(self, body: Any, files: list[UploadedFile]) -> web.Response | None:
        """Posting a message: Send Messages (in Threads), then files and embeds."""
        if self.channel.is_dm:
            return None
        if self.channel.is_thread and self.channel.archived:
            return thread_archived()
        needed = SEND_IN_THREADS if self.channel.is_thread else SEND_MESSAGES
        if not self.has(needed):
            return missing_permissions()
        return self._content(body, files)

    def edit(self, body: Any, files: list[UploadedFile]) -> web.Response | None:
        if self.channel.is_thread and self.channel.archived:
            return thread_archived()
        return self._content(body, files)

    def delete(self, author_id: int) -> web.Response | None:
        if self.channel.is_thread and self.channel.archived:
            return thread_archived()
        if author_id != self.bot_id and not self.has(MANAGE_MESSAGES):
            return missing_permissions()
        return None

    def update(self, body: dict[str, Any]) -> web.Response | None:
        """PATCH /channels/{id}. Reopening an unlocked thread needs only the right to
        send in it; a locked one, and any other thread change, needs Manage Threads."""
        channel = self.channel
        if not channel.is_thread:
            return None if self.has(MANAGE_CHANNELS) else missing_permissions()
        manage = self.has(MANAGE_THREADS)
        if body.get("archived") is False and channel.archived:
            if channel.locked and not manage:
                return missing_permissions()
            if not self.has(SEND_IN_THREADS):
                return missing_permissions()
        owner = channel.owner_id == self.bot_id
        if "locked" in body and not manage:
            return missing_permissions()
        if ("name" in body or body.get("archived") is True) and not (manage or owner):
            return missing_permissions()
        return None


def apply_update(channel: EmuChannel, body: dict[str, Any], now_iso: str) -> None:
    """The changes of an accepted PATCH /channels/{id}."""
    if body.get("name"):
        channel.name = str(body["name"])
    if channel.is_thread:
        if body.get("archived") is not None and bool(body["archived"]) != channel.archived:
            channel.archived = bool(body["archived"])
            channel.archive_timestamp = now_iso
        if body.get("locked") is not None:
            channel.locked = bool(body["locked"])
