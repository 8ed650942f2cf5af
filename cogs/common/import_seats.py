"""Who takes the seats of a record a moderator imports (`/table-admin import players:`):
members of this server, named by mention or id. Not the bot itself, nor another bot (the
computer plays the seats nobody takes), nor a number that is nobody here: an imported
finished game counts for the ratings of the people seated in it."""

from __future__ import annotations

import re

import discord

from bot.games.registry import GAMES
from bot.i18n import later
from bot.tables.kits import get_kit
from bot.tables.service import TableError

MOST_PEOPLE = max(get_kit(game).max_players for game in GAMES)
_NAMED = re.compile(r"[0-9]{5,}")  # a mention <@123…> or an id; shorter numbers are words
_LONGEST_ID = 20  # digits of the largest Discord id (ids fit in 64 bits)


async def seated_members(interaction: discord.Interaction, text: str | None) -> list[int]:
    """The ids of the members `text` names, in order; TableError (one line) for anyone
    who may not take a seat."""
    named = _NAMED.findall(text or "")
    if len(named) > MOST_PEOPLE:
        raise TableError(later("At most {most} people can take the seats of a record.",
                               most=MOST_PEOPLE))
    guild = interaction.guild
    if named and guild is None:
        raise TableError(later("Members take a record's seats only in a server."))
    members = [await _member(interaction, guild, digits) for digits in named]  # type: ignore[arg-type]
    return [m.id for m in members]


async def _member(interaction: discord.Interaction, guild: discord.Guild,
                  digits: str) -> discord.Member:
    shown = digits if len(digits) <= _LONGEST_ID else digits[:_LONGEST_ID] + "…"
    if len(digits) > _LONGEST_ID or int(digits) >= 2**64:
        raise TableError(later("{who} is not a member of this server.", who=shown))
    user_id = int(digits)
    if interaction.client.user is not None and user_id == interaction.client.user.id:
        raise TableError(later("I do not take a seat myself: the computer plays the seats "
                               "nobody takes."))
    try:
        member = guild.get_member(user_id) or await guild.fetch_member(user_id)
    except discord.NotFound:
        raise TableError(later("{who} is not a member of this server.", who=shown)) from None
    except discord.HTTPException as exc:
        raise TableError(later("I could not look up {who}; try again.", who=shown)) from exc
    if member.bot:
        raise TableError(later("{who} is a bot: the computer plays the seats nobody takes.",
                               who=member.mention))
    return member
