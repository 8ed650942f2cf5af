"""People's own text in the bot's Discord messages: a name, a reason, a value typed into
an option is shown as typed, never as markdown. Mentions in it are left to each message's
`allowed_mentions` (cogs/common/story.py), which lets nobody but the table's people be
pinged."""

from __future__ import annotations

import re

import discord

from bot.games.wording import write_user_text

# What discord.py's escaping puts a backslash before (outside links).
_ESCAPED = re.compile(r"\\([\\*_`~|>#\-\[])")


def plain(text: str) -> str:
    """A person's text in a Discord message, with discord.py's own escaping."""
    return discord.utils.escape_markdown(text)


def as_typed(text: str) -> str:
    """A text written for Discord (`plain` names in it) as drawn on an image or given as
    alt text, where nothing is markdown: each name back as typed. The bot's own words
    have no backslash, so only the escapes go."""
    return _ESCAPED.sub(r"\1", text)


def write_for_discord() -> None:
    """Every text written from here on (this task and those it starts) goes to Discord:
    people's text in it is escaped (`bot.games.wording.user_text`)."""
    write_user_text(plain)
