"""Running a moderator's request: who asks, doing it as them with a private refusal, and
telling the channel what was done (cogs/common/admin.py holds the commands)."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import _, cmd, speaking
from bot.tables.moderation import Moderation, Moderator, ModResult
from bot.tables.service import TableError
from cogs.common.poster import PostingError
from cogs.common.table_components import redraw_lobby, tables
from cogs.common.ui import channel_language, refuse, tell

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
Operation = Callable[[Moderation, Moderator], Awaitable[ModResult]]
Renamed = tuple[str, str]  # a group's old name and its new one


def moderator(interaction: discord.Interaction) -> Moderator:
    """The member as Discord resolved them in this channel (overwrites included), and
    what their roles let them do in the whole server (no channel's overwrites)."""
    perms = interaction.permissions
    member = interaction.user
    roles = frozenset(r.id for r in getattr(member, "roles", ()))
    server = member.guild_permissions if isinstance(member, discord.Member) \
        else discord.Permissions.none()
    return Moderator(
        user_id=member.id, guild_id=interaction.guild_id,
        manage_channels=perms.manage_channels or perms.administrator,
        manage_guild=server.manage_guild or server.manage_channels or server.administrator,
        role_ids=roles)


async def run(interaction: discord.Interaction, op: Operation,
              renamed: Renamed | None = None, *, moderators_only: bool = True) -> None:
    """Do `op` as the caller; refusals are private and change nothing. What the channel
    is told speaks the server's language, made while the operation runs; someone who may
    not moderate is refused in their own language first (`moderators_only`)."""
    if not interaction.response.is_done():  # a confirmation click has answered already
        await interaction.response.defer(ephemeral=True, thinking=True)
    mod_ops, who = Moderation(tables(interaction)), moderator(interaction)
    try:
        if moderators_only:
            await mod_ops.require_moderator(who)
        with speaking(await channel_language(interaction)):
            result = await op(mod_ops, who)
    except TableError as exc:
        return await refuse(interaction, str(exc))
    if result.private:
        return await tell(interaction, str(result.line), allowed_mentions=NO_PINGS)
    kwargs: dict[str, Any] = {}
    if result.file is not None:
        name, data = result.file
        kwargs["file"] = discord.File(io.BytesIO(data), filename=name)
    await tell(interaction, _("✅ Done. {line}", line=result.line), allowed_mentions=NO_PINGS,
               **kwargs)
    await announce(interaction, result)
    if renamed is not None:
        await tell(interaction, renamed_note(*renamed))


async def show_steps(interaction: discord.Interaction, result: ModResult,
                     steps: list) -> None:
    for step in steps:
        poster = interaction.client.posters.get(step.game.row.game)  # type: ignore[attr-defined]
        if poster is not None:
            await poster.publish(interaction.channel, step,  # type: ignore[arg-type]
                                 force_board=result.board,
                                 here=frozenset(result.ping))  # the line pinged them


def renamed_note(old: str, new: str) -> str:
    return _("ℹ️ {old} is now {new}; the old name goes away in a later release.",
             old=cmd(old), new=cmd(new))


async def announce(interaction: discord.Interaction, result: ModResult) -> None:
    """The line for everyone, then any board the action changed."""
    channel = interaction.channel
    pings = discord.AllowedMentions(everyone=False, roles=False,
                                    users=[discord.Object(u) for u in result.ping])
    try:
        await channel.send(result.line, allowed_mentions=pings)  # type: ignore[union-attr]
        if result.lobby is not None:
            with speaking(await channel_language(interaction)):
                await redraw_lobby(channel, tables(interaction), result.lobby)  # type: ignore[arg-type]
        await show_steps(interaction, result, result.steps)
        if result.then is not None:  # what the action sets off, told after it
            await show_steps(interaction, result, await result.then())
    except (PostingError, TableError) as exc:
        await refuse(interaction, _("Done, but: {problem}", problem=str(exc)))
    except discord.HTTPException as exc:
        log.warning("announcing a moderator action failed: %s", exc)
        await refuse(interaction, _("Done, but I could not announce it in this channel: "
                                    "please check my permissions here."))
