"""Interaction callbacks and the interaction webhook (followups, @original).

These routes carry no bot token: the interaction token in the URL is the
credential, as on Discord.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import wire
from .events import StoreEvent
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    TOKEN_LIFETIME_S,
    UPDATE_MESSAGE,
    EmuModal,
    InteractionRecord,
)
from .messages import EPHEMERAL, EmuMessage
from .state import API_PREFIX, EmulatorState

UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, ALREADY_ACKNOWLEDGED = 10015, 10062, 40060
INVALID_WEBHOOK_TOKEN = 50027
CHAT_INPUT_COMMAND_MESSAGE, REPLY_MESSAGE = 20, 19


class InteractionApi:
    def __init__(self, emu: EmulatorState) -> None:
        self.emu = emu

    def routes(self) -> list[web.RouteDef]:
        hook = API_PREFIX + "/webhooks/{webhook_id}/{webhook_token}"
        return [
            web.post(
                API_PREFIX + "/interactions/{webhook_id}/{webhook_token}/callback", self.callback
            ),
            web.post(hook, self.followup),
            web.get(hook + "/messages/{message_id}", self.get_message),
            web.patch(hook + "/messages/{message_id}", self.edit_message),
            web.delete(hook + "/messages/{message_id}", self.delete_message),
        ]

    def _record(self, request: web.Request, *, by_interaction: bool) -> InteractionRecord:
        record = self.emu.interactions_by_token.get(request.match_info["webhook_token"])
        ident = request.match_info["webhook_id"]
        expected = record.id if (record and by_interaction) else self.emu.application_id
        if record is None or ident != str(expected):
            if by_interaction:
                raise wire.ApiError(wire.unknown("interaction", UNKNOWN_INTERACTION))
            raise wire.ApiError(wire.unknown("Webhook", UNKNOWN_WEBHOOK))
        if not by_interaction and self.emu.clock() - record.created_at >= TOKEN_LIFETIME_S:
            # Followups and edits of the interaction's messages end with its token.
            raise wire.ApiError(wire.error(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token"))
        return record

    async def callback(self, request: web.Request) -> web.Response:
        rec = self._record(request, by_interaction=True)
        if rec.acknowledged:
            return wire.error(
                400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        # Timed at arrival so latency measures the bot, not the emulator's checks.
        callback_at = wire.arrival(request)
        if rec.failed is not None or self.emu.late(rec, callback_at):
            waited = callback_at - (rec.dispatched_at or callback_at)
            self.emu.fail_interaction(rec, f"first response after {waited:.2f} s")
            return wire.unknown("interaction", UNKNOWN_INTERACTION)
        body, files = await wire.read_body(request)
        kind = int(body.get("type", 0))
        data: dict[str, Any] = body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(rec.type, set()):
            return wire.error(400, 50035, f"Invalid Form Body: callback type {kind} for {rec.type}")
        if kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE) and rec.source_message is None:
            return wire.error(400, 50035, "Invalid Form Body: no message to update")

        self.emu.acknowledged_in_time(rec)
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        msg_type = CHAT_INPUT_COMMAND_MESSAGE if rec.type == APPLICATION_COMMAND else REPLY_MESSAGE
        message: EmuMessage | None = None
        if kind == CHANNEL_MESSAGE:
            message = await self.emu.create_message(
                rec.channel,
                self.emu.bot_user,
                data,
                files,
                interaction=rec,
                ephemeral=ephemeral,
                msg_type=msg_type,
            )
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            # The "is thinking..." placeholder a later edit or followup fills in.
            message = await self.emu.create_message(
                rec.channel,
                self.emu.bot_user,
                {},
                (),
                interaction=rec,
                ephemeral=ephemeral,
                loading=True,
                msg_type=msg_type,
            )
        elif kind == UPDATE_MESSAGE and rec.source_message is not None:
            message = await self.emu.edit_message(rec.source_message, data, files)
        elif kind == DEFERRED_UPDATE_MESSAGE:
            message = rec.source_message
        elif kind == AUTOCOMPLETE_RESULT:
            rec.choices = list(data.get("choices", []))
        elif kind == MODAL:
            rec.modal = EmuModal(data["custom_id"], data.get("title", ""), data["components"], rec)

        rec.original_message = message
        rec.callback_type, rec.callback_data, rec.callback_at = kind, data, callback_at
        self.emu.log.append(StoreEvent("callback", message, rec))
        return wire.json_response(self._callback_body(rec, kind, message))

    @staticmethod
    def _callback_body(
        rec: InteractionRecord, kind: int, message: EmuMessage | None
    ) -> dict[str, Any]:
        """An InteractionCallbackResponse, which discord.py parses for every type."""
        interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            interaction.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
                resource["message"] = message.payload()
        return {"interaction": interaction, "resource": resource}

    def _target(self, rec: InteractionRecord, message_id: str) -> EmuMessage:
        if message_id == "@original":
            found = rec.original_message
        else:
            found = next((m for m in rec.messages() if str(m.id) == message_id), None)
            if (
                found is None
                and rec.original_message
                and str(rec.original_message.id) == message_id
            ):
                found = rec.original_message
        if found is None or found.deleted:
            raise wire.ApiError(wire.unknown("Message", 10008))
        return found

    async def followup(self, request: web.Request) -> web.Response:
        rec = self._record(request, by_interaction=False)
        if not rec.acknowledged:
            # Discord only creates the webhook once the interaction is acknowledged.
            return wire.unknown("Webhook", UNKNOWN_WEBHOOK)
        body, files = await wire.read_body(request)
        original = rec.original_message
        if original is not None and original.loading:
            # The first followup after a defer replaces the "thinking" placeholder.
            message = await self.emu.edit_message(original, body, files)
        else:
            ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
            message = await self.emu.create_message(
                rec.channel, self.emu.bot_user, body, files, interaction=rec, ephemeral=ephemeral
            )
        rec.followups.append(message)
        self.emu.log.wake()
        if request.query.get("wait") in ("0", "false"):
            return wire.no_content()
        return wire.json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        rec = self._record(request, by_interaction=False)
        return wire.json_response(self._target(rec, request.match_info["message_id"]).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        rec = self._record(request, by_interaction=False)
        message = self._target(rec, request.match_info["message_id"])
        body, files = await wire.read_body(request)
        await self.emu.edit_message(message, body, files)
        return wire.json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        rec = self._record(request, by_interaction=False)
        await self.emu.delete_message(self._target(rec, request.match_info["message_id"]))
        return wire.no_content()
