"""REST endpoints the bot calls as itself (``Authorization: Bot <token>``)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import wire
from .access import Access, apply_update
from .messages import EmuMessage
from .models import PRIVATE_THREAD, PUBLIC_THREAD, EmuChannel, EmuGuild, iso_now
from .state import API_PREFIX, EmulatorState

UNKNOWN_CHANNEL, UNKNOWN_GUILD, UNKNOWN_MEMBER, UNKNOWN_MESSAGE = 10003, 10004, 10007, 10008
UNKNOWN_USER, UNKNOWN_COMMAND, CANNOT_SEND_EMPTY = 10013, 10063, 50006


NONCE_WINDOW_S = 120.0  # how long Discord holds a nonce: "a few minutes", taken short


def _id(request: web.Request, key: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError:
        raise wire.ApiError(wire.error(404, 0, f"404: bad {key}")) from None


class RestApi:
    def __init__(self, emu: EmulatorState) -> None:
        self.emu = emu

    def routes(self) -> list[web.RouteDef]:
        p = API_PREFIX
        apps = p + "/applications/{application_id}"
        guild_cmds = apps + "/guilds/{guild_id}/commands"
        chan = p + "/channels/{channel_id}"
        msg = chan + "/messages/{message_id}"
        return [
            web.get(p + "/gateway", self.get_gateway),
            web.get(p + "/gateway/bot", self.get_gateway_bot),
            web.get(p + "/users/@me", self.get_me),
            web.post(p + "/users/@me/channels", self.create_dm),
            web.get(p + "/users/{user_id}", self.get_user),
            web.get(p + "/oauth2/applications/@me", self.get_application),
            web.get(apps + "/commands", self.list_commands),
            web.put(apps + "/commands", self.overwrite_commands),
            web.post(apps + "/commands", self.upsert_command),
            web.get(apps + "/commands/{command_id}", self.get_command),
            web.delete(apps + "/commands/{command_id}", self.delete_command),
            web.get(guild_cmds, self.list_commands),
            web.put(guild_cmds, self.overwrite_commands),
            web.post(guild_cmds, self.upsert_command),
            web.get(guild_cmds + "/{command_id}", self.get_command),
            web.delete(guild_cmds + "/{command_id}", self.delete_command),
            web.get(chan, self.get_channel),
            web.patch(chan, self.update_channel),
            web.get(chan + "/messages", self.list_messages),
            web.post(chan + "/messages", self.send_message),
            web.get(msg, self.get_message),
            web.patch(msg, self.edit_message),
            web.delete(msg, self.delete_message),
            web.put(msg + "/reactions/{emoji}/@me", self.no_op),
            web.delete(msg + "/reactions/{emoji}/@me", self.no_op),
            web.post(chan + "/typing", self.no_op),
            web.post(chan + "/threads", self.create_thread),
            web.post(msg + "/threads", self.create_thread),
            web.get(p + "/guilds/{guild_id}", self.get_guild),
            web.get(p + "/guilds/{guild_id}/channels", self.get_guild_channels),
            web.get(p + "/guilds/{guild_id}/roles", self.get_roles),
            web.get(p + "/guilds/{guild_id}/members/{user_id}", self.get_member),
            web.get("/attachments/{channel_id}/{attachment_id}/{filename}", self.get_attachment),
        ]

    # -- session -------------------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return wire.json_response({"url": self.emu.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        body = {"url": self.emu.gateway_url, "shards": self.emu.gateway.shard_count,
                "session_start_limit": limit}
        return wire.json_response(body)

    async def get_me(self, request: web.Request) -> web.Response:
        return wire.json_response({**self.emu.bot_user.payload(), "verified": True})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.emu.users.get(_id(request, "user_id"))
        return wire.json_response(user.payload()) if user else wire.unknown("User", UNKNOWN_USER)

    async def get_application(self, request: web.Request) -> web.Response:
        return wire.json_response(self.emu.application_payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await wire.read_body(request)
        user = self.emu.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            return wire.unknown("User", UNKNOWN_USER)
        channel = self.emu.dm_channel_for(user)
        return wire.json_response(channel.payload(self.emu.last_message_ids().get(channel.id)))

    # -- application commands -----------------------------------------------

    def _guild_scope(self, request: web.Request) -> int | None:
        return _id(request, "guild_id") if "guild_id" in request.match_info else None

    async def list_commands(self, request: web.Request) -> web.Response:
        return wire.json_response(self.emu.commands.list(self._guild_scope(request)))

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        body = await request.json()
        return wire.json_response(self.emu.commands.overwrite(self._guild_scope(request), body))

    async def upsert_command(self, request: web.Request) -> web.Response:
        body = await request.json()
        return wire.json_response(self.emu.commands.upsert(self._guild_scope(request), body), 201)

    async def get_command(self, request: web.Request) -> web.Response:
        found = self.emu.commands.get(self._guild_scope(request), request.match_info["command_id"])
        return (
            wire.json_response(found)
            if found
            else wire.unknown("application command", UNKNOWN_COMMAND)
        )

    async def delete_command(self, request: web.Request) -> web.Response:
        if self.emu.commands.delete(self._guild_scope(request), request.match_info["command_id"]):
            return wire.no_content()
        return wire.unknown("application command", UNKNOWN_COMMAND)

    # -- channels and messages ----------------------------------------------

    def _channel(self, request: web.Request) -> EmuChannel:
        """The channel of the route; 50001 Missing Access if the bot cannot see it."""
        channel = self.emu.channels.get(_id(request, "channel_id"))
        if channel is None:
            raise wire.ApiError(wire.unknown("Channel", UNKNOWN_CHANNEL))
        refused = Access(self.emu, channel).view()
        if refused is not None:
            raise wire.ApiError(refused)
        return channel

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return wire.json_response(channel.payload(self.emu.last_message_ids().get(channel.id)))

    async def update_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await wire.read_body(request)
        refused = Access(self.emu, channel).update(body)
        if refused is not None:
            return refused
        apply_update(channel, body, iso_now())
        payload = channel.payload(self.emu.last_message_ids().get(channel.id))
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.emu.gateway.dispatch(event, payload)
        return wire.json_response(payload)

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        visible = [m for m in self.emu.channel_history(channel.id) if m.visible_for(None)]
        query = request.query
        limit = max(1, min(100, int(query.get("limit", 50))))
        if "before" in query:
            visible = [m for m in visible if m.id < int(query["before"])][-limit:]
        elif "after" in query:
            visible = [m for m in visible if m.id > int(query["after"])][:limit]
        elif "around" in query:
            pivot = int(query["around"])
            older = [m for m in visible if m.id <= pivot][-(limit // 2 + 1) :]
            newer = [m for m in visible if m.id > pivot][: limit - len(older)]
            visible = older + newer
        else:
            visible = visible[-limit:]
        # Discord lists newest first.
        return wire.json_response([m.payload() for m in reversed(visible)])

    async def send_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        dm_user = channel.recipients[0].id if channel.is_dm and channel.recipients else None
        refused = self.emu.faults.refuse_send(channel.id, dm_user)
        if refused is not None:
            return refused
        limited, headers = self.emu.faults.check_send(channel.id, f"POST {_template(request)}")
        if limited is not None:
            return limited
        body, files = await wire.read_body(request)
        refused = Access(self.emu, channel).send(body, files)
        if refused is not None:
            return refused
        if not (body.get("content") or body.get("embeds") or body.get("components") or files):
            if not body.get("sticker_ids") and not body.get("poll"):
                return wire.error(400, CANNOT_SEND_EMPTY, "Cannot send an empty message")
        nonce = body.get("nonce")
        key = (channel.id, self.emu.bot_user.id, str(nonce))
        if nonce is not None and body.get("enforce_nonce"):
            # Discord: a nonce sent again by the same author within a few minutes returns
            # the message it made the first time, and makes none.
            made = self.emu.nonces.get(key)
            if made is not None and self.emu.clock() - made[1] < NONCE_WINDOW_S:
                earlier = self.emu.message_index.get(made[0])
                if earlier is not None and not earlier.deleted:
                    return wire.json_response(earlier.payload(), headers=headers)
        msg = await self.emu.create_message(channel, self.emu.bot_user, body, files)
        if nonce is not None:
            self.emu.nonces[key] = (msg.id, self.emu.clock())
        return wire.json_response(msg.payload(), headers=headers)

    def _message(self, request: web.Request) -> EmuMessage:
        channel = self._channel(request)
        msg = self.emu.message_index.get(_id(request, "message_id"))
        if msg is None or msg.channel_id != channel.id or not msg.visible_for(None):
            raise wire.ApiError(wire.unknown("Message", UNKNOWN_MESSAGE))
        return msg

    async def get_message(self, request: web.Request) -> web.Response:
        return wire.json_response(self._message(request).payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        msg = self._message(request)
        body, files = await wire.read_body(request)
        # Only flags (suppress embeds) may be edited on someone else's message.
        if msg.author.id != self.emu.bot_user.id and (set(body) - {"flags"} or files):
            return wire.error(403, 50005, "Cannot edit a message authored by another user")
        refused = Access(self.emu, self.emu.channel_by_id(msg.channel_id)).edit(body, files)
        if refused is not None:
            return refused
        await self.emu.edit_message(msg, body, files)
        return wire.json_response(msg.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        msg = self._message(request)
        refused = Access(self.emu, self.emu.channel_by_id(msg.channel_id)).delete(msg.author.id)
        if refused is not None:
            return refused
        await self.emu.delete_message(msg)
        return wire.no_content()

    async def no_op(self, request: web.Request) -> web.Response:
        self._channel(request)
        return wire.no_content()

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent.is_dm or parent.is_thread:
            return wire.error(400, 50024, "Cannot execute action on this channel type")
        body, _ = await wire.read_body(request)
        from_message = "message_id" in request.match_info
        # A thread started from a message shares the message's id.
        ident = self._message(request).id if from_message else self.emu.new_id()
        kind = PUBLIC_THREAD if from_message else int(body.get("type", PRIVATE_THREAD))
        thread = EmuChannel(
            ident,
            str(body.get("name", "thread")),
            type=kind,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.emu.bot_user.id,
        )
        self.emu.channels[thread.id] = thread
        guild = self.emu.guild_of(parent)
        if guild is not None:
            guild.channels.append(thread)
        payload: dict[str, Any] = thread.payload()
        await self.emu.gateway.dispatch("THREAD_CREATE", {**payload, "newly_created": True})
        return wire.json_response(payload, 201)

    # -- guilds --------------------------------------------------------------

    def _guild(self, request: web.Request) -> EmuGuild:
        guild = self.emu.guilds.get(_id(request, "guild_id"))
        if guild is None:
            raise wire.ApiError(wire.unknown("Guild", UNKNOWN_GUILD))
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        data = guild.payload(self.emu.last_message_ids())
        for key in ("channels", "threads", "members", "presences", "voice_states"):
            data.pop(key)
        data["approximate_member_count"] = len(guild.members)
        data["approximate_presence_count"] = 0
        return wire.json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        last = self.emu.last_message_ids()
        guild = self._guild(request)
        return wire.json_response([c.payload(last.get(c.id)) for c in guild.text_channels])

    async def get_roles(self, request: web.Request) -> web.Response:
        return wire.json_response([r.payload() for r in self._guild(request).roles.values()])

    async def get_member(self, request: web.Request) -> web.Response:
        member = self._guild(request).members.get(_id(request, "user_id"))
        return (
            wire.json_response(member.payload())
            if member
            else wire.unknown("Member", UNKNOWN_MEMBER)
        )

    async def get_attachment(self, request: web.Request) -> web.Response:
        attachment = self.emu.attachments.get(_id(request, "attachment_id"))
        if attachment is None:
            return wire.unknown("Attachment", 0)
        content_type = attachment.content_type or "application/octet-stream"
        return web.Response(body=attachment.data, content_type=content_type)


def _template(request: web.Request) -> str:
    resource = request.match_info.route.resource
    canonical = resource.canonical if resource is not None else request.path
    return canonical.removeprefix(API_PREFIX)
