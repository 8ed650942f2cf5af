"""The online part of `python -m bot doctor`: log in with the token and check that the
bot may do its work in every channel with an open game.

It connects a plain client to the gateway, so the permissions come from discord.py's own
calculation (server roles, channel overwrites, a thread's parent), exactly as the bot
sees them. A bot already running on the token is not disturbed.
"""

from __future__ import annotations

import asyncio
import contextlib

import discord

from bot.ops.findings import Finding, ok, problem
from bot.ops.logs import NETWORK_ERRORS, describe_error, without_voice
from bot.ops.permissions import invite_url, posting_needs
from bot.ops.running import BAD_TOKEN
from bot.store import GameRow

READY_TIMEOUT = 30.0


def missing_permissions(permissions: discord.Permissions, thread: bool) -> list[str]:
    """What posting a board and its prompt needs (README: "invite the bot") and the bot
    lacks, by the names Discord shows them."""
    return [p.label for p in posting_needs(thread) if not getattr(permissions, p.attribute)]


async def _channel(client: discord.Client, channel_id: int
                   ) -> discord.abc.GuildChannel | discord.Thread | str:
    """The channel, or a reason the bot cannot look at it."""
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)  # e.g. an archived thread
        except discord.NotFound:
            return "no longer exists"
        except discord.Forbidden:
            return "is hidden from the bot (View Channel missing, or the bot left the server)"
        except discord.HTTPException as exc:
            return f"cannot be looked up: {describe_error(exc)}"
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return "is not a server channel"
    return channel


async def check_channel(client: discord.Client, game: GameRow) -> Finding | None:
    """A problem naming what is missing where, or None when all is in place."""
    channel = await _channel(client, game.channel_id)
    label = f"game {game.id} ({game.game})"
    if isinstance(channel, str):
        return problem("discord", f"the channel {game.channel_id} of {label} {channel}")
    guild = channel.guild
    me = guild.me
    if me is None:
        assert client.user is not None
        me = await guild.fetch_member(client.user.id)
    missing = missing_permissions(channel.permissions_for(me),
                                  thread=isinstance(channel, discord.Thread))
    if not missing:
        return None
    return problem("discord", f"#{channel.name} in {guild.name} (channel {channel.id}, "
                              f"{label}): the bot lacks {', '.join(missing)}")


async def check_discord(token: str, games: list[GameRow], *,
                        ready_timeout: float = READY_TIMEOUT) -> list[Finding]:
    without_voice()
    client = discord.Client(intents=discord.Intents.default())
    gateway: asyncio.Task[None] | None = None
    try:
        try:
            await client.login(token)
        except discord.LoginFailure:
            return [problem("discord", BAD_TOKEN)]
        except NETWORK_ERRORS as exc:
            return [problem("discord", f"cannot reach Discord: {describe_error(exc)}")]
        gateway = asyncio.create_task(client.connect(reconnect=False))
        ready = asyncio.create_task(client.wait_until_ready())
        await asyncio.wait({gateway, ready}, timeout=ready_timeout,
                           return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            why = describe_error(gateway.exception() or RuntimeError()) if gateway.done() \
                else f"not ready after {ready_timeout:g} s"
            return [problem("discord", f"logged in, but the gateway connection failed: {why}")]
        found: list[Finding] = [ok("discord", f"logged in as {client.user}, in "
                                              f"{len(client.guilds)} servers")]
        if client.application_id is not None:  # to invite the bot to another server
            found.append(ok("discord", f"invite link: {invite_url(client.application_id)}"))
        problems = [f for f in [await check_channel(client, g) for g in games] if f]
        if len(games) > len(problems):
            found.append(ok("discord", f"{len(games) - len(problems)} channels with open games "
                                       "give the bot every permission it needs"))
        return found + problems
    finally:
        await client.close()
        if gateway is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(gateway, 5)
