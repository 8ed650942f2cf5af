"""The Discord permissions the bot uses: one list for the invite step of the README, the
invite link the doctor prints and the doctor's check of every game's channel."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

import discord

SCOPES = ("bot", "applications.commands")


@dataclass(frozen=True)
class Permission:
    attribute: str  # discord.Permissions' name
    label: str  # as Discord's URL generator and channel settings name it
    why: str  # what the bot does with it
    posting: bool = True  # needed in a game's channel to show the game there


PERMISSIONS = (
    Permission("view_channel", "View Channels", "see a game's channel and its threads"),
    Permission("send_messages", "Send Messages", "post the lobby, rounds, results and pings"),
    Permission("send_messages_in_threads", "Send Messages in Threads",
               "the same in a game's thread, and reopen one Discord archived"),
    Permission("create_public_threads", "Create Public Threads",
               "open a table in a thread of its own (`new thread:true`)", posting=False),
    Permission("embed_links", "Embed Links", "links to a game's messages and records"),
    Permission("attach_files", "Attach Files", "board images, game records and recaps"),
    Permission("read_message_history", "Read Message History",
               "find the table's message again to edit it (after a restart too)"),
)
# Posting in a thread asks for its own permission instead of Send Messages.
IN_THREADS = {"send_messages": "send_messages_in_threads"}


def permissions_value() -> int:
    """The permissions integer of the invite link."""
    return discord.Permissions(**{p.attribute: True for p in PERMISSIONS}).value


def invite_url(application_id: int) -> str:
    query = urlencode({"client_id": application_id, "scope": " ".join(SCOPES),
                       "permissions": permissions_value()})
    return f"https://discord.com/oauth2/authorize?{query}"


def posting_needs(thread: bool) -> list[Permission]:
    """What showing a game in a channel (`thread`: a thread) needs, in the list's order."""
    by_attribute = {p.attribute: p for p in PERMISSIONS}
    needed = [p for p in PERMISSIONS if p.posting and p.attribute not in IN_THREADS.values()]
    if thread:
        needed = [by_attribute.get(IN_THREADS.get(p.attribute, ""), p) for p in needed]
    return needed
