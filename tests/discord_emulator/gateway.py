"""The gateway websocket: HELLO, IDENTIFY/RESUME, heartbeats and dispatches.

Frames always go out as uncompressed TEXT. discord.py asks for
``compress=zlib-stream`` (or zstd) in the URL query, but only runs its
decompressor on BINARY frames, so plain text is accepted as is.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .emulator import DiscordEmulator

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

# Close codes discord.py treats as "do not resume".
CLEAN_CLOSES = (1000, 1001)
HISTORY_LIMIT = 5000


class GatewaySession:
    """One IDENTIFY'd session; survives reconnects until closed cleanly."""

    def __init__(self, session_id: str, intents: int | None,
                 shard: tuple[int, int] | None = None) -> None:
        self.session_id = session_id
        self.intents = intents
        self.shard = shard  # (shard id, shard count) from IDENTIFY; None: unsharded
        self.seq = 0
        self.ws: web.WebSocketResponse | None = None
        self.closed = False
        self.history: deque[tuple[int, str]] = deque(maxlen=HISTORY_LIMIT)
        self._lock = asyncio.Lock()

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open" if self.is_open else "suspended"
        return f"<GatewaySession {self.session_id} {state} seq={self.seq}>"

    @property
    def is_open(self) -> bool:
        return self.ws is not None and not self.ws.closed

    def wants(self, intent: int | None) -> bool:
        return intent is None or self.intents is None or bool(self.intents & intent)

    def holds(self, guild_id: int | None) -> bool:
        """Whether Discord sends this guild's events here: to shard
        (guild_id >> 22) % count; DMs (no guild) to shard 0."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    async def dispatch(self, event: str, data: Any) -> None:
        self.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        # Kept so a RESUME can replay what a dropped connection missed.
        self.history.append((self.seq, frame))
        if self.ws is not None:
            await self.send(self.ws, frame)

    async def send(self, ws: web.WebSocketResponse, frame: str) -> None:
        async with self._lock:
            if not ws.closed:
                try:
                    await ws.send_str(frame)
                except (ConnectionResetError, RuntimeError):
                    pass  # the client went away; RESUME replays from history

    async def replay(self, ws: web.WebSocketResponse, after: int | None) -> None:
        for seq, frame in list(self.history):
            if after is None or seq > after:
                await self.send(ws, frame)


def _guild_of(event: str, data: Any) -> int | None:
    """The guild an event belongs to, for routing it to its shard."""
    if not isinstance(data, dict):
        return None
    found = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data \
        else data.get("guild_id")
    return int(found) if found else None


def _frame(op: int, data: Any) -> str:
    return json.dumps({"op": op, "d": data, "s": None, "t": None})


class Gateway:
    def __init__(self, emu: DiscordEmulator, heartbeat_interval_ms: int = 41250) -> None:
        self.emu = emu
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: list[GatewaySession] = []
        self.connections: set[web.WebSocketResponse] = set()
        # Sockets this side closed; their close code says nothing about the client.
        self._closed_by_server: set[web.WebSocketResponse] = set()
        self.identify_count = 0
        self.resume_count = 0
        self.heartbeats = 0
        self.presence_updates: list[dict[str, Any]] = []
        self.shard_count = 1  # what GET /gateway/bot recommends

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The newest live session whose shard holds the guild."""
        live = [s for s in self.live_sessions() if s.holds(guild_id)]
        return live[-1] if live else None

    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if not s.closed]

    def current_session(self) -> GatewaySession | None:
        """The newest session that has not been closed cleanly."""
        live = self.live_sessions()
        return live[-1] if live else None

    async def dispatch(self, event: str, data: Any, intent: int | None = None) -> int:
        """Send an event to every live session; returns how many got it."""
        guild_id = _guild_of(event, data)
        targets = [s for s in self.live_sessions() if s.wants(intent) and s.holds(guild_id)]
        for session in targets:
            await session.dispatch(event, data)
        return len(targets)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False, max_msg_size=0)
        await ws.prepare(request)
        self.connections.add(ws)
        session: GatewaySession | None = None
        await ws.send_str(_frame(HELLO, {"heartbeat_interval": self.heartbeat_interval_ms}))
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    self.heartbeats += 1
                    await ws.send_str(_frame(HEARTBEAT_ACK, None))
                elif op == IDENTIFY:
                    session = await self._identify(ws, data)
                elif op == RESUME:
                    session = await self._resume(ws, data)
                elif op == REQUEST_MEMBERS and session is not None:
                    await self._members_chunk(session, data)
                elif op == PRESENCE:
                    self.presence_updates.append(data)
                elif op != VOICE_STATE:
                    await ws.close(code=4001, message=b"Unknown opcode")
        finally:
            self.connections.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                if ws.close_code in CLEAN_CLOSES and ws not in self._closed_by_server:
                    session.closed = True
            self._closed_by_server.discard(ws)
            self.emu.log.wake()
        return ws

    async def _identify(
        self, ws: web.WebSocketResponse, data: dict[str, Any]
    ) -> GatewaySession | None:
        if data.get("token") != self.emu.token:
            await ws.close(code=4004, message=b"Authentication failed")
            return None
        self.identify_count += 1
        shard = data.get("shard")
        session = GatewaySession(secrets.token_hex(16), data.get("intents"),
                                 (int(shard[0]), int(shard[1])) if shard else None)
        session.ws = ws
        self.sessions.append(session)
        ready = self.emu.ready_payload(session.session_id)
        if shard:
            ready["shard"] = list(session.shard)  # type: ignore[arg-type]
            ready["guilds"] = [g for g in ready["guilds"] if session.holds(int(g["id"]))]
        await session.dispatch("READY", ready)
        for guild_payload in self.emu.guild_payloads():
            if session.holds(int(guild_payload["id"])):
                await session.dispatch("GUILD_CREATE", guild_payload)
        self.emu.log.wake()
        return session

    async def _resume(
        self, ws: web.WebSocketResponse, data: dict[str, Any]
    ) -> GatewaySession | None:
        if data.get("token") != self.emu.token:
            await ws.close(code=4004, message=b"Authentication failed")
            return None
        session = next(
            (s for s in self.live_sessions() if s.session_id == data.get("session_id")), None
        )
        if session is None:
            await ws.send_str(_frame(INVALID_SESSION, False))
            return None
        self.resume_count += 1
        old, session.ws = session.ws, ws
        if old is not None and old is not ws and not old.closed:
            self._closed_by_server.add(old)
            await old.close(code=4000)
        await session.replay(ws, data.get("seq"))
        await session.dispatch("RESUMED", {})
        self.emu.log.wake()
        return session

    async def _members_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.emu.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        elif data.get("query"):
            members = [m for m in members if m.user.name.lower().startswith(data["query"].lower())]
        if data.get("limit"):
            members = members[: data["limit"]]
        chunk = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def end_session(self, session_id: str) -> None:
        for session in self.sessions:
            if session.session_id == session_id:
                session.closed = True
        self.emu.log.wake()

    async def send_op(self, op: int, data: Any) -> None:
        for session in self.live_sessions():
            if session.ws is not None:
                await session.send(session.ws, _frame(op, data))

    async def drop_connections(self, code: int = 1011) -> None:
        """Close every socket uncleanly, as a network failure would."""
        for ws in list(self.connections):
            self._closed_by_server.add(ws)
            await ws.close(code=code)

    async def close(self) -> None:
        for session in self.sessions:
            session.closed = True
        await self.drop_connections(1001)
