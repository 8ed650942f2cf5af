"""Messages the bot sent, their attachments and edit history."""

from __future__ import annotations

import re
import struct
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import EmuUser, iso_now

if TYPE_CHECKING:
    from .interactions import InteractionRecord

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
IS_COMPONENTS_V2 = 1 << 15
# Flags a sender may set; the rest are owned by Discord.
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | (1 << 12) | IS_COMPONENTS_V2


@dataclass(frozen=True)
class UploadedFile:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(eq=False)
class EmuAttachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def image_size(self) -> tuple[int, int] | None:
        """Width and height for PNG data, read from the IHDR chunk."""
        if self.data[:8] == b"\x89PNG\r\n\x1a\n" and len(self.data) >= 24:
            width, height = struct.unpack(">II", self.data[16:24])
            return width, height
        return None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description is not None:
            data["description"] = self.description
        dims = self.image_size()
        if dims is not None:
            data["width"], data["height"] = dims
        return data


@dataclass(frozen=True)
class MessageRevision:
    """The visible state of a message at one point in time."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[EmuAttachment]
    flags: int
    at: float


def walk_components(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through rows, labels, sections and containers."""
    for comp in components:
        yield comp
        yield from walk_components(comp.get("components", []))
        for key in ("component", "accessory"):
            if key in comp:
                yield from walk_components([comp[key]])


@dataclass(eq=False)
class EmuMessage:
    id: int
    channel_id: int
    guild_id: int | None
    author: EmuUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[EmuAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    timestamp: str = field(default_factory=iso_now)
    created_at: float = field(default_factory=time.perf_counter)
    edited_timestamp: str | None = None
    # The interaction this message answers, if any.
    interaction: InteractionRecord | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    # Ephemeral messages are only visible to this user.
    visible_to: int | None = None
    message_reference: dict[str, Any] | None = None
    history: list[MessageRevision] = field(default_factory=list)
    deleted: bool = False
    # Whom Discord notified when the message appeared: "user:ID", "role:ID", "everyone".
    pinged: frozenset[str] = frozenset()

    def __repr__(self) -> str:
        return f"<EmuMessage id={self.id} channel={self.channel_id} content={self.content!r}>"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return bool(self.history)

    @property
    def answered_user_id(self) -> int | None:
        return self.interaction.user.id if self.interaction else None

    @property
    def revisions(self) -> list[MessageRevision]:
        """All states of the message, oldest first, ending with the current one."""
        return [*self.history, self.snapshot()]

    def snapshot(self) -> MessageRevision:
        return MessageRevision(
            self.content,
            list(self.embeds),
            list(self.components),
            list(self.attachments),
            self.flags,
            time.perf_counter(),
        )

    def visible_for(self, user_id: int | None) -> bool:
        return not self.deleted and (self.visible_to is None or self.visible_to == user_id)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next(
            (c for c in walk_components(self.components) if c.get("custom_id") == custom_id), None
        )

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    @property
    def text(self) -> str:
        """Content plus embed and text-display text, for loose assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
        parts += [
            c.get("content", "") for c in walk_components(self.components) if c.get("type") == 10
        ]
        return "\n".join(p for p in parts if p)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "reactions": [],
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata_payload()
        return data


AttachmentFactory = Callable[[UploadedFile, "str | None"], EmuAttachment]


def apply_body(
    msg: EmuMessage,
    body: dict[str, Any],
    files: list[UploadedFile],
    make_attachment: AttachmentFactory,
) -> None:
    """Apply a create/edit body: only the keys present change, like Discord."""
    if "content" in body:
        msg.content = "" if body["content"] is None else str(body["content"])
    if "embeds" in body:
        msg.embeds = list(body["embeds"] or [])
    elif "embed" in body:
        msg.embeds = [body["embed"]] if body["embed"] else []
    if "components" in body:
        msg.components = list(body["components"] or [])
    if body.get("flags") is not None:
        # Ephemeral and loading flags are fixed at creation; others follow the body.
        keep = msg.flags & (EPHEMERAL | LOADING)
        msg.flags = keep | (int(body["flags"]) & SETTABLE_FLAGS & ~EPHEMERAL)
    by_index = {f.index: f for f in files}
    if "attachments" in body and body["attachments"] is not None:
        existing = {a.id: a for a in msg.attachments}
        kept: list[EmuAttachment] = []
        for ref in body["attachments"]:
            ident = int(ref["id"])
            if ident in existing:
                kept.append(existing[ident])
            elif ident in by_index:
                kept.append(make_attachment(by_index.pop(ident), ref.get("description")))
        msg.attachments = kept
    # Files without a matching attachments entry are still uploaded.
    msg.attachments += [make_attachment(f, None) for f in by_index.values()]


USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)")


def pings(content: str, allowed: dict[str, Any] | None) -> frozenset[str]:
    """Whom Discord notifies for a message with this content: without `allowed_mentions`
    every mention in it counts; with it, a kind of mention counts if `parse` names it,
    a user or role if its id is listed."""
    users, roles = set(USER_MENTION.findall(content)), set(ROLE_MENTION.findall(content))
    everyone = bool(EVERYONE_MENTION.search(content))
    if allowed is not None:
        parse = set(allowed.get("parse") or ())
        if "users" not in parse:
            users &= {str(u) for u in allowed.get("users") or ()}
        if "roles" not in parse:
            roles &= {str(r) for r in allowed.get("roles") or ()}
        everyone = everyone and "everyone" in parse
    return frozenset({f"user:{u}" for u in users} | {f"role:{r}" for r in roles}
                     | ({"everyone"} if everyone else set()))
