"""The words of `/table-admin` answers: a seat as a moderator picks it, an audit entry's
detail, and the channel option that takes a channel or a thread as Discord sends it."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games.wording import user_text
from bot.i18n import _, _n, number
from bot.store import Seat


class PlaceOption(app_commands.Transformer):
    """A text channel or a thread, taken as Discord sends it: the bot need not see it
    (an archived thread), only its id is used."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news,
                discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread]

    async def transform(self, interaction: discord.Interaction, value: Any) -> Any:
        return value


Place = app_commands.Transform[
    app_commands.AppCommandChannel | app_commands.AppCommandThread | None, PlaceOption]



def seat_label(seat: Seat) -> str:
    """'2 · Bianca (computer)': a seat as a moderator picks it, counted from 1."""
    if seat.user_id is None:
        return _("{n} · {name} (computer)", n=seat.seat + 1, name=seat.name)
    if seat.autopilot:
        return _("{n} · {name} (autopilot)", n=seat.seat + 1, name=seat.name)
    return f"{seat.seat + 1} · {seat.name}"


def summary(detail: Any) -> str:
    """An audit entry's detail in words: members and roles as mentions, seats counted
    from 1 as the table shows them, an undo's moves counted."""
    if not isinstance(detail, dict) or not detail:
        return ""
    parts = [_detail_words(key, value) for key, value in detail.items()]
    return " — " + ", ".join(p for p in parts if p)


def _detail_words(key: str, value: Any) -> str:
    if key == "old" and isinstance(value, int):
        return _("from {member}", member=f"<@{value}>")
    if key == "old" and value is None:  # a computer's seat handed to a person
        return _("from the computer")
    if key == "new" and isinstance(value, int):
        return _("to {member}", member=f"<@{value}>")
    if key == "user" and isinstance(value, int):
        return f"<@{value}>"
    if key == "role_id":
        return f"<@&{value}>" if value else _("role cleared")
    if key == "seat" and isinstance(value, int):
        return _("seat {n}", n=value + 1)
    if key == "seats" and isinstance(value, list):
        return _("seats {list}", list=", ".join(str(n + 1) for n in value))
    if key == "hours":
        return _("{hours} h", hours=number(value))
    if key == "actions" and isinstance(value, list):
        return _n("{n} move taken back", "{n} moves taken back", len(value))
    if key == "partial":
        return _("public part only") if value else _("the whole record")
    if key in ("from_version", "to_version", "version"):
        return ""  # versions mean nothing to a moderator
    return f"{key} {user_text(str(value))}"
