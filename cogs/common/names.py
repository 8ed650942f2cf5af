"""People's own text in the bot's Discord messages: a name, a reason, a value typed into
an option is shown as typed, never as markdown. Mentions in it are left to each message's
`allowed_mentions` (cogs/common/story.py), which lets nobody but the table's people be
pinged."""

from __future__ import annotations

import re

import discord

from bot.games.wording import write_user_text

# What discord.py's escaping puts a backslash before (outside links), and the `<` of
# Discord's mentions and timestamps, which it leaves.
_ESCAPED = re.compile(r"\\([\\*_`~|>#\-\[<])")
_WRITERS: set[int] = set()  # the Discord clients of this process that are running


def plain(text: str) -> str:
    """A person's text in a Discord message, with discord.py's own escaping, and every
    `<` escaped: `</doge new:1>`, `<#1>`, `<@1>` and `<t:0:R>` stay text, not a command,
    a channel, a mention or a timestamp."""
    return discord.utils.escape_markdown(text).replace("<", "\\<")


def as_typed(text: str) -> str:
    """A text written for Discord (`plain` names in it) as drawn on an image or given as
    alt text, where nothing is markdown: each name back as typed. The bot's own words
    have no backslash, so only the escapes go."""
    return _ESCAPED.sub(r"\1", text)


def write_for_discord(client: object) -> None:
    """Every text this process composes from now on goes to Discord, whichever path
    composes it: people's text in it is escaped (`bot.games.wording.user_text`)."""
    _WRITERS.add(id(client))
    write_user_text(plain)


def done_writing_for_discord(client: object) -> None:
    """`client` has stopped; once no client runs, texts are written as typed again."""
    _WRITERS.discard(id(client))
    if not _WRITERS:
        write_user_text(str)
