"""``DiscordEmulator``: server lifecycle, discord.py patching, clients, faults, queries."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, Self

import discord
import discord.gateway
import discord.http
import discord.webhook.async_
import yarl
from aiohttp import web

from . import wire
from .callbacks import InteractionApi
from .contract import ContractViolation
from .events import WAIT_S, EmulatorError, EmulatorTimeout
from .gateway import Gateway
from .interactions import EmuModal, InteractionFailure, InteractionRecord
from .limits import request_problems
from .messages import EmuMessage
from .models import EmuChannel, EmuGuild, EmuUser
from .rest import RestApi
from .state import API_PREFIX
from .world import WorldSetup

_NO_AUTH_PREFIXES = ("/interactions/", "/webhooks/", "/gateway")


async def _no_identify_delay(shard_id: int | None, *, initial: bool) -> None:
    return None


def _make_fast(client: discord.Client) -> None:
    """Skip waits that only make sense against the real Discord.

    discord.py idles ``guild_ready_timeout`` after the last GUILD_CREATE before
    READY, and sleeps 5 s before every non-initial IDENTIFY (its default
    ``before_identify_hook``). Both live on the connection state, so they are
    adjusted there; a bot that overrides the hook keeps its own.
    """
    state = client._connection
    state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
    if type(client).before_identify_hook is discord.Client.before_identify_hook:
        state.hooks["before_identify"] = _no_identify_delay


@dataclass
class RunningClient:
    """A discord.py client connected to the emulator by ``start_client``."""

    client: discord.Client
    task: asyncio.Task[None]
    gateway: Gateway

    async def close(self, timeout: float = 5.0) -> None:
        """Close the client and end its gateway session, like a bot shutting down."""
        ws = self.client.ws
        if not self.client.is_closed():
            await self.client.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(self.task, timeout)
        # discord.py closes with 4000 (resumable) on shutdown; Discord would then time
        # the session out. End it now so nothing is queued for a client that is gone.
        if ws is not None and ws.session_id is not None:
            self.gateway.end_session(ws.session_id)


RequestHook = Callable[[str, str, bool], Awaitable[bool]]


class DiscordEmulator(WorldSetup):
    """A fake Discord on 127.0.0.1; see the package docstring for a tour."""

    def __init__(
        self,
        *,
        token: str = "emulator-token",
        bot_name: str = "EmuBot",
        bot_permissions: int | None = None,
        default_guild: bool = True,
        heartbeat_interval_ms: int = 41250,
        clock: Callable[[], float] = time.time,
        check_contract: bool = True,
    ) -> None:
        super().__init__(
            token=token, bot_name=bot_name, bot_permissions=bot_permissions, clock=clock
        )
        # Off only where the emulator's own CPU would colour a latency measurement.
        self.check_contract = check_contract
        self.gateway.heartbeat_interval_ms = heartbeat_interval_ms
        self._runner: web.AppRunner | None = None
        self._clients: list[RunningClient] = []
        self._patches: contextlib.ExitStack | None = None
        self.internal_errors: list[str] = []
        # Called with (method, path, applied) before and after each REST request is
        # handled; True before it drops the request unhandled (a crash test's kill).
        self.request_hook: RequestHook | None = None
        self.guild: EmuGuild | None = None
        self.channel: EmuChannel | None = None
        if default_guild:
            self.guild = self.add_guild("Emulator Guild")
            self.channel = self.add_text_channel(self.guild, "general")

    # -- lifecycle -----------------------------------------------------------

    async def start(self) -> Self:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_routes(RestApi(self).routes())
        app.router.add_routes(InteractionApi(self).routes())
        app.router.add_get("/gateway", self.gateway.handle)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=0.5
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        await web.SockSite(self._runner, sock).start()
        self.base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        return self

    async def stop(self) -> None:
        for running in reversed(self._clients):
            await running.close()
        self._clients.clear()
        for task in list(self._tasks):
            task.cancel()
        for timer in self._ack_timers.values():
            timer.cancel()
        self._ack_timers.clear()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        self._patches = contextlib.ExitStack()
        self._patches.enter_context(self.patch_discord())
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        try:
            await self.stop()
        finally:
            if self._patches is not None:
                self._patches.close()
                self._patches = None

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point discord.py's REST base and gateway URL at this emulator, then restore."""
        if self._runner is None:
            raise EmulatorError("start() the emulator before patching discord.py")
        saved = (
            discord.http.Route.BASE,
            discord.webhook.async_.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        )
        discord.http.Route.BASE = self.base_url + API_PREFIX
        discord.webhook.async_.Route.BASE = self.base_url + API_PREFIX
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            (
                discord.http.Route.BASE,
                discord.webhook.async_.Route.BASE,
                discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            ) = saved

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX + "/"):
            return await handler(request)
        wire.mark_arrival(request)
        path = request.path.removeprefix(API_PREFIX)
        resource = request.match_info.route.resource
        route = resource.canonical.removeprefix(API_PREFIX) if resource is not None else path
        response: web.StreamResponse
        try:
            auth = request.headers.get("Authorization")
            if not path.startswith(_NO_AUTH_PREFIXES) and auth != f"Bot {self.token}":
                response = wire.error(401, 0, "401: Unauthorized")
            elif self.request_hook is not None and await self.request_hook(
                    request.method, path, False):
                response = wire.error(503, 0, "dropped: the client is gone")
            else:
                response = (
                    self.faults.take(request.method, route, path)
                    or await self._contract_refusal(request, path)
                    or await handler(request)
                )
                if self.request_hook is not None:
                    await self.request_hook(request.method, path, True)
        except wire.ApiError as exc:
            response = exc.response
        except web.HTTPException as exc:
            if resource is not None or exc.status not in (404, 405):
                raise
            response = wire.error(exc.status, 0, f"emulator has no route {request.method} {path}")
            self.unhandled.append(self.record_request(request.method, route, path, exc.status))
            return response
        except Exception:
            # A 500 would make discord.py retry for ~25 s; fail fast and keep the trace.
            self.internal_errors.append(traceback.format_exc())
            response = wire.error(400, 0, "emulator internal error; see emu.internal_errors")
        self.record_request(request.method, route, path, response.status)
        return response

    async def _contract_refusal(self, request: web.Request, path: str) -> web.Response | None:
        """Discord's 400 (50035) for a body its contract refuses; recorded for the test."""
        if not self.check_contract or request.method not in ("POST", "PATCH", "PUT"):
            return None
        if not request.can_read_body:
            return None
        body, files = await wire.read_body(request)
        template, problems = request_problems(request.method, path, body, files)
        self.contract_checks += template is not None
        if not problems:
            return None
        violation = ContractViolation(request.method, path, template or path, tuple(problems), body)
        self.contract_violations.append(violation)
        return wire.invalid_form_body(problems)

    def take_violations(self) -> list[ContractViolation]:
        """The contract violations so far, forgotten (for tests that provoke them)."""
        taken, self.contract_violations[:] = list(self.contract_violations), []
        return taken

    def take_failures(self) -> list[InteractionFailure]:
        """The interactions that failed for their user so far, forgotten."""
        taken, self.interaction_failures[:] = list(self.interaction_failures), []
        return taken

    # -- clients -------------------------------------------------------------

    async def start_client(
        self, client: discord.Client, *, timeout: float = WAIT_S, fast_ready: bool = True
    ) -> RunningClient:
        """Log ``client`` in, connect it and wait for ``on_ready``.

        ``fast_ready`` removes discord.py's deliberate idling, see ``_make_fast``.
        """
        if self._runner is None:
            raise EmulatorError("start the emulator first")
        if discord.http.Route.BASE != self.base_url + API_PREFIX:
            raise EmulatorError(
                "discord.py is not patched; use `async with emu` or patch_discord()"
            )
        if fast_ready:
            _make_fast(client)
        try:
            await asyncio.wait_for(client.login(self.token), timeout)
        except BaseException:
            await client.close()
            raise
        task = asyncio.create_task(client.connect(reconnect=True), name="emulated-discord-client")
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait(
            {task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            await client.close()
            if task in done:
                task.result()
                raise EmulatorError("the client stopped before it became ready")
            task.cancel()
            raise EmulatorTimeout(f"client not ready after {timeout}s")
        running = RunningClient(client, task, self.gateway)
        self._clients.append(running)
        return running

    @contextlib.asynccontextmanager
    async def running(self, client: discord.Client, **kwargs: Any) -> AsyncIterator[discord.Client]:
        """``async with emu.running(bot):`` start a client and close it afterwards."""
        running = await self.start_client(client, **kwargs)
        try:
            yield client
        finally:
            await running.close()
            self._clients.remove(running)

    async def stop_client(self, client: discord.Client) -> None:
        for running in [r for r in self._clients if r.client is client]:
            await running.close()
            self._clients.remove(running)

    # -- gateway control -----------------------------------------------------

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py reconnects and RESUMEs."""
        await self.gateway.send_op(7, None)

    async def invalidate_sessions(self) -> None:
        """Send op 9 INVALID_SESSION (not resumable); discord.py re-IDENTIFYs."""
        await self.gateway.send_op(9, False)

    async def drop_connections(self) -> None:
        """Close gateway sockets abnormally, as a network blip would."""
        await self.gateway.drop_connections()

    # -- queries -------------------------------------------------------------

    def messages(
        self,
        channel: EmuChannel | None = None,
        *,
        visible_to: EmuUser | None = None,
        include_ephemeral: bool = True,
        include_deleted: bool = False,
    ) -> list[EmuMessage]:
        """Messages in creation order, in one channel or all.

        ``visible_to`` gives one user's view (public messages plus their ephemerals);
        ``include_ephemeral=False`` gives what everyone in the channel sees.
        """
        if channel is None:
            found = sorted(self.message_index.values(), key=lambda m: m.id)
        else:
            found = self.channel_history(channel.id)
        if visible_to is not None:
            found = [m for m in found if m.visible_to in (None, visible_to.id)]
        if not include_ephemeral:
            found = [m for m in found if not m.ephemeral]
        return [m for m in found if include_deleted or not m.deleted]

    def last_message(self, channel: EmuChannel | None = None, **filters: Any) -> EmuMessage:
        """The newest message; ``filters`` are those of ``messages``."""
        found = self.messages(channel, **filters)
        if not found:
            raise EmulatorError("no messages yet")
        return found[-1]

    @property
    def modals(self) -> list[EmuModal]:
        return [r.modal for r in self.interactions if r.modal is not None]

    @property
    def latencies(self) -> list[float]:
        """Dispatch-to-callback seconds for every answered interaction, in order."""
        return [r.latency for r in self.interactions if r.latency is not None]

    def interaction(self, ident: int) -> InteractionRecord:
        return next(r for r in self.interactions if r.id == ident)

    async def wait_until(self, condition: Callable[[], bool], timeout: float = WAIT_S) -> None:
        """Wait until ``condition()`` holds, e.g. on the bot's caches.

        Re-checked on every store or gateway change and every few milliseconds.
        """
        await self.log.wait(lambda: True if condition() else None, timeout, "the condition", 0.005)

    async def wait_for(
        self,
        predicate: Callable[[EmuMessage], bool] | None = None,
        timeout: float = WAIT_S,
        *,
        channel: EmuChannel | None = None,
        include_existing: bool = False,
    ) -> EmuMessage:
        """The first message created or edited from now on that matches ``predicate``."""
        start = 0 if include_existing else len(self.log.events)

        def check() -> EmuMessage | None:
            for event in self.log.events[start:]:
                msg = event.message
                if event.kind not in ("create", "edit") or msg is None or msg.deleted:
                    continue
                if channel is not None and msg.channel_id != channel.id:
                    continue
                if predicate is None or predicate(msg):
                    return msg
            return None

        return await self.log.wait(check, timeout, "a matching message")
