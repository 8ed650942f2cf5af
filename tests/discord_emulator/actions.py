"""What simulated users do: slash commands, clicks, selects, modals, messages."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from .builders import Resolver, command_data, component_data, modal_submit_data
from .events import WAIT_S, EmulatorError
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    EmuModal,
    InteractionHandle,
    InteractionRecord,
)
from .messages import EmuAttachment, EmuMessage, UploadedFile
from .models import ADMINISTRATOR, EmuChannel, EmuUser, new_token
from .state import EmulatorState

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
MessageRef = EmuMessage | int


class InteractionActions(EmulatorState):
    """Builds real interaction payloads and sends them over the gateway."""

    async def flush(self) -> None:
        """Send gateway events queued by synchronous setup calls (new members, channels)."""
        while self._pending:
            event, data, intent = self._pending.pop(0)
            await self.gateway.dispatch(event, data, intent)

    def _resolver(self, channel: EmuChannel) -> Resolver:
        def make_attachment(filename: str, data: bytes) -> EmuAttachment:
            upload = UploadedFile(0, filename, data)
            return self.attachment_factory(channel.id)(upload, None)

        return Resolver(
            self.guild_of(channel),
            lambda target: self.permissions_in(target, self.bot_user.id),
            make_attachment,
        )

    def _message(self, message: MessageRef, user: EmuUser) -> EmuMessage:
        ident = message if isinstance(message, int) else message.id
        found = self.message_index.get(ident)
        if found is None:
            raise EmulatorError(f"unknown message {ident}")
        if not found.visible_for(user.id):
            raise EmulatorError(
                f"{user.name} cannot see {found!r} (deleted or someone's ephemeral)"
            )
        return found

    async def _dispatch_interaction(
        self,
        kind: int,
        user: EmuUser,
        channel: EmuChannel,
        data: dict[str, Any],
        *,
        source_message: EmuMessage | None = None,
        source_interaction: InteractionRecord | None = None,
    ) -> InteractionHandle:
        await self.flush()
        guild = self.guild_of(channel)
        if guild is not None and user.id not in guild.members:
            raise EmulatorError(f"{user.name} is not a member of {guild.name}")
        session = self.gateway.session_for(guild.id if guild is not None else None)
        if session is None:
            raise EmulatorError("no bot session holds this guild's shard; start a client first")
        rec = InteractionRecord(
            id=self.new_id(),
            token=new_token("emu-interaction"),
            type=kind,
            user=user,
            channel=channel,
            guild=guild,
            data=data,
            application_id=self.application_id,
            source_message=source_message,
            source_interaction=source_interaction,
        )
        channel_data = channel.payload(self.last_message_ids().get(channel.id))
        channel_data["permissions"] = str(self.permissions_in(channel, user.id))
        payload: dict[str, Any] = {
            "id": str(rec.id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": rec.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel_data,
            "app_permissions": str(self.permissions_in(channel, self.bot_user.id)),
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild is not None:
            member = guild.members[user.id].payload(self.permissions_in(channel, user.id))
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=member,
            )
        else:
            payload["user"] = user.payload()
        if source_message is not None:
            payload["message"] = source_message.payload()
        rec.payload = payload
        self.interactions.append(rec)
        self.interactions_by_token[rec.token] = rec
        rec.created_at = self.clock()
        rec.dispatched_at = time.perf_counter()
        self.watch_acknowledgement(rec)
        await session.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(rec, self.log)

    def _command(self, channel: EmuChannel, user: EmuUser, path: Sequence[str]) -> dict[str, Any]:
        command = self.commands.find(path[0], channel.guild_id)
        if command is None:
            raise EmulatorError(f"/{path[0]} is not synced; call tree.sync() in the bot first")
        required = command.get("default_member_permissions")
        if required is not None:
            perms = self.permissions_in(channel, user.id)
            if not perms & ADMINISTRATOR and perms & int(required) != int(required):
                raise EmulatorError(f"{user.name} lacks the permissions /{path[0]} requires")
        return command

    @staticmethod
    def _path(command: str | Sequence[str]) -> list[str]:
        path = command.split() if isinstance(command, str) else list(command)
        if not path:
            raise EmulatorError("empty command path")
        return path

    async def slash(
        self,
        user: EmuUser,
        channel: EmuChannel,
        command: str | Sequence[str],
        options: Mapping[str, Any] | None = None,
    ) -> InteractionHandle:
        """Invoke a synced slash command, e.g. ``"doge ballot"`` or ``["doge", "ballot"]``.

        Option values are converted by the synced option type; users, channels and
        roles may be given as emulator objects and ``(filename, bytes)`` uploads
        fill attachment options.
        """
        path = self._path(command)
        definition = self._command(channel, user, path)
        data = command_data(definition, path, options or {}, self._resolver(channel))
        return await self._dispatch_interaction(APPLICATION_COMMAND, user, channel, data)

    async def autocomplete(
        self,
        user: EmuUser,
        channel: EmuChannel,
        command: str | Sequence[str],
        options: Mapping[str, Any],
        focused: str,
        timeout: float = WAIT_S,
    ) -> list[dict[str, Any]]:
        """Ask for autocomplete choices while ``focused`` is being typed."""
        path = self._path(command)
        definition = self._command(channel, user, path)
        data = command_data(definition, path, options, self._resolver(channel), focused=focused)
        handle = await self._dispatch_interaction(AUTOCOMPLETE, user, channel, data)
        return await handle.choices(timeout)

    async def click(self, user: EmuUser, message: MessageRef, custom_id: str) -> InteractionHandle:
        """Press the button ``custom_id`` on ``message``."""
        msg = self._message(message, user)
        data = component_data(
            msg, custom_id, None, self._resolver(self.channel_by_id(msg.channel_id))
        )
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT, user, self.channel_by_id(msg.channel_id), data, source_message=msg
        )

    async def select(
        self, user: EmuUser, message: MessageRef, custom_id: str, values: Sequence[Any]
    ) -> InteractionHandle:
        """Choose ``values`` in the select menu ``custom_id`` on ``message``."""
        msg = self._message(message, user)
        channel = self.channel_by_id(msg.channel_id)
        data = component_data(msg, custom_id, list(values), self._resolver(channel))
        return await self._dispatch_interaction(
            MESSAGE_COMPONENT, user, channel, data, source_message=msg
        )

    async def submit_modal(
        self,
        user: EmuUser,
        modal: EmuModal | InteractionHandle,
        values: Mapping[str, Any] | None = None,
    ) -> InteractionHandle:
        """Submit a modal the bot opened; ``values`` maps input custom_id to value.

        Text inputs take strings, selects lists of values, checkboxes booleans.
        Works for action-row modals and Label-wrapped (type 18) components alike.
        """
        if isinstance(modal, InteractionHandle):
            modal = await modal.modal()
        opener = modal.interaction
        if opener.user.id != user.id:
            raise EmulatorError(f"the modal was shown to {opener.user.name}, not {user.name}")
        resolver = self._resolver(opener.channel)
        data = modal_submit_data(modal.custom_id, modal.components, values or {}, resolver)
        return await self._dispatch_interaction(
            MODAL_SUBMIT,
            user,
            opener.channel,
            data,
            source_message=opener.source_message,
            source_interaction=opener,
        )

    async def send_user_message(
        self, user: EmuUser, channel: EmuChannel, content: str
    ) -> EmuMessage:
        """Post a message as ``user``; the bot gets MESSAGE_CREATE."""
        await self.flush()
        return await self.create_message(channel, user, {"content": content})
