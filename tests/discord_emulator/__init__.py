"""A loopback Discord (REST + gateway on 127.0.0.1) for running the real discord.py.

The emulator is an aiohttp server. Entering it patches ``discord.http.Route.BASE``
(shared by the interaction webhooks) and ``DiscordWebSocket.DEFAULT_GATEWAY`` so a
real ``discord.Client``/``commands.Bot`` logs in, connects, syncs its command tree
and answers interactions against it. Nothing leaves 127.0.0.1.

Usage::

    async with DiscordEmulator() as emu:               # default guild + #general
        alice = emu.add_user("alice")                  # joins every guild
        running = await emu.start_client(MyBot())      # login, connect, on_ready
        handle = await emu.slash(alice, emu.channel, "doge ballot", {"seat": 2})
        reply = await handle.wait()                    # EmuMessage answering it
        assert reply.ephemeral and reply.visible_to == alice.id
        click = await emu.click(alice, emu.last_message(emu.channel), "vote:7")
        edited = await click.wait()                    # the updated message
        await running.close()                          # a restart: start another

World setup (synchronous; announced over the gateway if a client is connected):
``add_guild``, ``add_role``, ``add_text_channel``, ``add_thread``, ``add_user``,
``add_member``. ``emu.guild``/``emu.channel`` are the default guild and ``#general``.

Clients: ``start_client(client)`` -> ``RunningClient`` (``await .close()`` ends the
gateway session too, so a second client can take over: a bot restart), or
``async with emu.running(client)``. With ``fast_ready`` (default) discord.py's
``guild_ready_timeout`` idle and its 5 s pre-re-IDENTIFY sleep are skipped.

Simulated users (each returns an ``InteractionHandle`` unless noted):
``slash(user, channel, "group sub", options)`` builds options from the *synced*
definitions (so the bot must call ``tree.sync()``), ``click(user, msg, custom_id)``,
``select(user, msg, custom_id, values)``, ``submit_modal(user, modal_or_handle,
{custom_id: value})`` (action-row and Label modals), ``autocomplete(user, channel,
command, options, focused)`` -> list of choices, ``send_user_message`` -> message.

``InteractionHandle``: ``await callback()``, ``await wait()`` (the visible answer),
``await followup(i)``, ``await modal()``, ``await choices()``, ``latency``.
``emu.wait_for(predicate, timeout)`` waits for a matching new or edited message;
``emu.wait_until(condition)`` for any condition, such as the bot's caches.

Store: ``messages(channel, visible_to=user)``, ``last_message``, ``message_index``,
``interactions`` (``InteractionRecord``: callback type/data, original message,
followups, modal, choices, ``latency``), ``modals``, ``latencies``, ``requests``
(every REST call with status), ``unhandled`` (calls with no emulated route),
``internal_errors``, ``commands`` (synced definitions). ``EmuMessage`` keeps
content, embeds, raw components, attachments (bytes + filename), flags,
``visible_to`` for ephemerals, the answered ``interaction`` and edit ``history``.

Failures: ``deny_sends(channel)`` (403, code 50013), ``block_dms(user)``,
``fail_next(method, route, times=, status=)``, ``rate_limit_next(method, route,
retry_after=)`` (429 with X-RateLimit-* and Retry-After), and
``set_send_rate_limit(5, 5.0)`` per channel (``headers=False`` hides the
X-RateLimit-* of successes so the bot only learns from 429s); ``rate_limit_hits``
counts 429s served.
Discord's contract: every request body (multipart: its ``payload_json``) is checked
against Discord's published OpenAPI schema for its route (``spec/openapi.json``,
``contract.py``) and the limits the schemas do not express (``limits.py``: 2000
characters of content, 6000 across embeds, 5 action rows of 5 buttons or one select,
unique custom ids, 10 MiB of uploads). A refusal answers 400/50035 in Discord's error
shape and is kept in ``contract_violations`` (``take_violations()`` for tests that
provoke one); the pytest fixture fails a test that leaves any.
``DiscordEmulator(check_contract=False)`` skips the check where its CPU would count
as the bot's latency (the click benchmark).

Discord's rules: an interaction not answered within ``ack_deadline`` (Discord's 3 s;
10 s by default, real time, so that a loaded machine fails no test) fails for its user
and a late answer gets 404/10062 (``interaction_failures``, ``take_failures()``; the
fixture fails a test that leaves any). Interaction tokens
expire 15 minutes after the interaction by ``emu.clock`` (injectable): followups and
edits then get 401/50027. ``set_permissions(channel, role_or_user, allow=, deny=)``
adds overwrites (threads follow their parent): without View Channel the bot gets
403/50001, without Send Messages (in Threads), Attach Files or Embed Links 403/50013.
``archive_thread(thread, locked=)``: messages there get 400/50083 until the bot
PATCHes ``archived=false`` (a locked thread needs Manage Threads).

Routes use discord.py's templates, e.g. ``"/channels/{channel_id}/messages"``, a
concrete path or a glob. Gateway: ``request_reconnect`` (RESUME),
``invalidate_sessions`` (re-IDENTIFY), ``drop_connections``.

discord.py retries a 5xx after sleeping ``1 + 2 * attempt`` seconds: one injected
500 costs a test 1 s of real time, two in a row 4 s. Gateway frames are sent as
uncompressed TEXT whatever ``compress=`` the client asks for; discord.py only
decompresses BINARY frames.

Pytest: ``from tests.discord_emulator.fixtures import discord_emulator``.
"""

from .emulator import DiscordEmulator, RunningClient
from .events import EmulatorError, EmulatorTimeout, StoreEvent
from .interactions import EmuModal, InteractionHandle, InteractionRecord
from .messages import EmuAttachment, EmuMessage, MessageRevision
from .models import EmuChannel, EmuGuild, EmuMember, EmuRole, EmuUser
from .state import RequestRecord

__all__ = [
    "DiscordEmulator",
    "EmuAttachment",
    "EmuChannel",
    "EmuGuild",
    "EmuMember",
    "EmuMessage",
    "EmuModal",
    "EmuRole",
    "EmuUser",
    "EmulatorError",
    "EmulatorTimeout",
    "InteractionHandle",
    "InteractionRecord",
    "MessageRevision",
    "RequestRecord",
    "RunningClient",
    "StoreEvent",
]
