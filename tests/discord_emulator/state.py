"""The emulator's world: entities, synced commands, the message store."""

from __future__ import annotations

import asyncio
import mimetypes
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from .contract import ContractViolation
from .events import EmulatorError, EventLog, StoreEvent
from .faults import FaultInjector
from .gateway import Gateway
from .interactions import InteractionFailure, InteractionRecord
from .messages import (
    EPHEMERAL,
    LOADING,
    AttachmentFactory,
    EmuAttachment,
    EmuMessage,
    UploadedFile,
    apply_body,
    pings,
)
from .models import (
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    EmuChannel,
    EmuGuild,
    EmuUser,
    SnowflakeGenerator,
    iso_now,
)
from .permissions import channel_permissions

API_PREFIX = "/api/v10"
# Discord's 3 s, with room for a machine whose every core is busy (a stalled test process
# is no late bot). That the bot answers before its slow work is shown by construction
# (tests/e2e/test_discord_rules.py: boards are drawn only once every click is answered);
# the emulator's own rule tests set Discord's figure, or less, themselves.
ACK_DEADLINE_S = 10.0
GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12


@dataclass(frozen=True)
class RequestRecord:
    """One HTTP request the bot made, with the status it got."""

    method: str
    route: str  # discord.py's template relative to the API base, e.g. /channels/{channel_id}
    path: str  # the concrete path relative to the API base
    status: int
    at: float


class CommandRegistry:
    """Application commands as Discord stores them after a sync, global and per guild."""

    def __init__(self, new_id: SnowflakeGenerator, application_id: int) -> None:
        self._new_id = new_id
        self._app_id = application_id
        self.global_commands: dict[tuple[str, int], dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[tuple[str, int], dict[str, Any]]] = defaultdict(dict)
        self.sync_count = 0

    def _table(self, guild_id: int | None) -> dict[tuple[str, int], dict[str, Any]]:
        return self.global_commands if guild_id is None else self.guild_commands[guild_id]

    def _stored(
        self, guild_id: int | None, body: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        command = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **body,
            # Discord keeps a command's id across overwrites of the same name and type.
            "id": old["id"] if old else str(self._new_id()),
            "application_id": str(self._app_id),
            "version": str(self._new_id()),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def overwrite(self, guild_id: int | None, bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
        self.sync_count += 1
        table = self._table(guild_id)
        fresh = {}
        for body in bodies:
            key = (body["name"], body.get("type", 1))
            fresh[key] = self._stored(guild_id, body, table.get(key))
        table.clear()
        table.update(fresh)
        return list(fresh.values())

    def upsert(self, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        table = self._table(guild_id)
        key = (body["name"], body.get("type", 1))
        table[key] = self._stored(guild_id, body, table.get(key))
        return table[key]

    def list(self, guild_id: int | None) -> list[dict[str, Any]]:
        return list(self._table(guild_id).values())

    def get(self, guild_id: int | None, command_id: str) -> dict[str, Any] | None:
        return next((c for c in self._table(guild_id).values() if c["id"] == command_id), None)

    def delete(self, guild_id: int | None, command_id: str) -> bool:
        table = self._table(guild_id)
        for key, command in list(table.items()):
            if command["id"] == command_id:
                del table[key]
                return True
        return False

    def find(self, name: str, guild_id: int | None, kind: int = 1) -> dict[str, Any] | None:
        """Guild commands shadow global ones of the same name, as in the client UI."""
        if guild_id is not None and (name, kind) in self.guild_commands.get(guild_id, {}):
            return self.guild_commands[guild_id][(name, kind)]
        return self.global_commands.get((name, kind))


class EmulatorState:
    """Everything the REST and gateway sides read and write."""

    def __init__(
        self,
        *,
        token: str,
        bot_name: str,
        bot_permissions: int | None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        # Wall-clock seconds; tests inject a fake to age interaction tokens (15 minutes).
        self.clock = clock
        # Seconds Discord waits for an interaction's first response, in real time.
        self.ack_deadline = ACK_DEADLINE_S
        self.new_id = SnowflakeGenerator()
        self.token = token
        self.application_id = self.new_id()
        # Modern applications share their id with their bot user.
        self.bot_user = EmuUser(self.application_id, bot_name, bot=True)
        self.owner = EmuUser(self.new_id(), "app-owner")
        self.bot_permissions = (
            DEFAULT_BOT_PERMISSIONS if bot_permissions is None else bot_permissions
        )
        self.users: dict[int, EmuUser] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: dict[int, EmuGuild] = {}
        self.channels: dict[int, EmuChannel] = {}
        self.dm_channels: dict[int, EmuChannel] = {}
        self.message_index: dict[int, EmuMessage] = {}
        # Messages sent with `enforce_nonce`: (channel, author, nonce) -> (message, when).
        self.nonces: dict[tuple[int, int, str], tuple[int, float]] = {}
        self._by_channel: dict[int, list[EmuMessage]] = defaultdict(list)
        self.attachments: dict[int, EmuAttachment] = {}
        self.commands = CommandRegistry(self.new_id, self.application_id)
        self.interactions: list[InteractionRecord] = []
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.faults = FaultInjector()
        self.log = EventLog()
        self.gateway = Gateway(self)
        self.requests: list[RequestRecord] = []
        self.unhandled: list[RequestRecord] = []
        # Requests Discord would have refused (schema or limits); see contract.py.
        self.contract_violations: list[ContractViolation] = []
        self.contract_checks = 0  # request bodies checked against the contract
        # Interactions the user saw fail ("This interaction failed").
        self.interaction_failures: list[InteractionFailure] = []
        self.base_url = "http://127.0.0.1:0"
        # Gateway events from synchronous setup calls, sent before the next action.
        self._pending: list[tuple[str, Any, int | None]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._ack_timers: dict[int, asyncio.TimerHandle] = {}

    # -- lookups -------------------------------------------------------------

    @property
    def gateway_url(self) -> str:
        return self.base_url.replace("http://", "ws://", 1) + "/gateway"

    def channel_by_id(self, channel_id: int) -> EmuChannel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise EmulatorError(f"unknown channel {channel_id}") from None

    def guild_of(self, channel: EmuChannel) -> EmuGuild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def permissions_in(self, channel: EmuChannel, user_id: int) -> int:
        """Permissions in the channel, its (or its parent's) overwrites applied."""
        guild = self.guild_of(channel)
        if guild is None:
            return DEFAULT_EVERYONE_PERMISSIONS
        parent = self.channels.get(channel.parent_id) if channel.parent_id else None
        return channel_permissions(guild, channel, parent, user_id)

    def last_message_ids(self) -> dict[int, int]:
        return {cid: msgs[-1].id for cid, msgs in self._by_channel.items() if msgs}

    def channel_history(self, channel_id: int) -> list[EmuMessage]:
        """Every message ever created in the channel, oldest first, deleted included."""
        return list(self._by_channel.get(channel_id, []))

    def dm_channel_for(self, user: EmuUser) -> EmuChannel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = EmuChannel(self.new_id(), user.name, type=1, recipients=[user])
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # -- the 3-second acknowledgement ---------------------------------------

    def watch_acknowledgement(self, rec: InteractionRecord) -> None:
        """Fail ``rec`` for the user unless the bot answers it within ``ack_deadline``."""
        loop = asyncio.get_running_loop()
        timer = loop.call_later(self.ack_deadline, self._check_acknowledged, rec)
        self._ack_timers[rec.id] = timer

    def acknowledged_in_time(self, rec: InteractionRecord) -> None:
        timer = self._ack_timers.pop(rec.id, None)
        if timer is not None:
            timer.cancel()

    def _check_acknowledged(self, rec: InteractionRecord) -> None:
        self._ack_timers.pop(rec.id, None)
        if not rec.acknowledged:
            self.fail_interaction(rec, f"not acknowledged within {self.ack_deadline:g} s")

    def late(self, rec: InteractionRecord, at: float) -> bool:
        """Whether a first response arriving ``at`` (perf_counter) misses the deadline."""
        dispatched = rec.dispatched_at if rec.dispatched_at is not None else at
        return at - dispatched > self.ack_deadline

    def fail_interaction(self, rec: InteractionRecord, reason: str) -> None:
        if rec.failed is None:
            rec.failed = reason
            self.interaction_failures.append(InteractionFailure(rec, reason))
            self.log.wake()

    # -- gateway payloads ----------------------------------------------------

    def ready_payload(self, session_id: str) -> dict[str, Any]:
        return {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.guilds],
            "session_id": session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "private_channels": [],
            "relationships": [],
            "application": {"id": str(self.application_id), "flags": 0},
            "_trace": ["discord-emulator"],
        }

    def guild_payloads(self) -> list[dict[str, Any]]:
        last = self.last_message_ids()
        return [guild.payload(last) for guild in self.guilds.values()]

    def application_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "rpc_origins": [],
            "redirect_uris": [],
            "tags": [],
            "interactions_endpoint_url": None,
            "bot": self.bot_user.payload(),
        }

    # -- message store -------------------------------------------------------

    def attachment_factory(self, channel_id: int) -> AttachmentFactory:
        def make(file: UploadedFile, description: str | None) -> EmuAttachment:
            ident = self.new_id()
            content_type = file.content_type
            if not content_type or content_type == "application/octet-stream":
                content_type = mimetypes.guess_type(file.filename)[0] or content_type
            url = f"{self.base_url}/attachments/{channel_id}/{ident}/{quote(file.filename)}"
            attachment = EmuAttachment(
                ident, file.filename, file.data, url, content_type, description
            )
            self.attachments[ident] = attachment
            return attachment

        return make

    async def _dispatch_message(self, event: str, msg: EmuMessage, data: Any = None) -> None:
        if msg.ephemeral:
            return  # ephemeral messages never reach the gateway
        intent = GUILD_MESSAGES_INTENT if msg.guild_id else DIRECT_MESSAGES_INTENT
        await self.gateway.dispatch(event, data if data is not None else msg.payload(), intent)

    async def create_message(
        self,
        channel: EmuChannel,
        author: EmuUser,
        body: dict[str, Any],
        files: list[UploadedFile] | tuple[()] = (),
        *,
        interaction: InteractionRecord | None = None,
        ephemeral: bool = False,
        loading: bool = False,
        msg_type: int = 0,
    ) -> EmuMessage:
        msg = EmuMessage(
            id=self.new_id(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            type=msg_type,
            tts=bool(body.get("tts")),
            interaction=interaction,
        )
        if interaction is not None:
            msg.webhook_id = msg.application_id = self.application_id
        ref = body.get("message_reference")
        if ref:
            msg.message_reference = {"type": 0, "channel_id": str(channel.id), **ref}
            if channel.guild_id:
                msg.message_reference.setdefault("guild_id", str(channel.guild_id))
        apply_body(msg, body, list(files), self.attachment_factory(channel.id))
        if ephemeral and interaction is not None:
            msg.flags |= EPHEMERAL
            msg.visible_to = interaction.user.id
        if loading:
            msg.flags |= LOADING
        elif not ephemeral:
            msg.pinged = pings(msg.content, body.get("allowed_mentions"))
        self.message_index[msg.id] = msg
        self._by_channel[channel.id].append(msg)
        self.log.append(StoreEvent("create", msg, interaction))
        await self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    async def edit_message(
        self, msg: EmuMessage, body: dict[str, Any], files: list[UploadedFile] | tuple[()] = ()
    ) -> EmuMessage:
        if msg.deleted:
            raise EmulatorError(f"{msg!r} was deleted")
        msg.history.append(msg.snapshot())
        apply_body(msg, body, list(files), self.attachment_factory(msg.channel_id))
        # The first edit of a deferred ("thinking") message replaces the placeholder: it
        # is when the message appears, so its mentions notify then; later edits never do.
        if msg.flags & LOADING and not msg.ephemeral:
            msg.pinged = pings(msg.content, body.get("allowed_mentions"))
        msg.flags &= ~LOADING
        msg.edited_timestamp = iso_now()
        self.log.append(StoreEvent("edit", msg, msg.interaction))
        await self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg

    async def delete_message(self, msg: EmuMessage) -> None:
        msg.deleted = True
        self.log.append(StoreEvent("delete", msg, msg.interaction))
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id:
            data["guild_id"] = str(msg.guild_id)
        await self._dispatch_message("MESSAGE_DELETE", msg, data)

    def record_request(self, method: str, route: str, path: str, status: int) -> RequestRecord:
        record = RequestRecord(method, route, path, status, time.perf_counter())
        self.requests.append(record)
        return record
