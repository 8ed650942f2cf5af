"""Link buttons to the web pages (bot/web/): the game's public page on the table's first
message, its result and `/<game> board`'s answer, and a seat's private page on `/<game>
me`'s private answer. None of them when the bot gives no links (no `WEB_BASE_URL`) or the
server turned its pages off."""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.store import LoadedGame
from bot.tables.web_links import WebLinks


def links_of(client: discord.Client) -> WebLinks | None:
    return getattr(client, "web_links", None)


def with_link(view: discord.ui.View | None, url: str | None,
              label: str) -> discord.ui.View | None:
    """`view` with a link button added (a view of its own when there was none); `view`
    as it was when there is no link or no room for one."""
    if url is None:
        return view
    view = view or discord.ui.View(timeout=None)
    try:
        view.add_item(discord.ui.Button(label=label, url=url, emoji="🌐"))
    except ValueError:  # the prompt's buttons fill the message already
        pass
    return view


async def page_view(links: WebLinks | None, game: LoadedGame,
                    view: discord.ui.View | None = None) -> discord.ui.View | None:
    """`view` with a button to the game's web page (in the language of the moment)."""
    url = await links.game_url(game) if links is not None else None
    return with_link(view, url, _("Web page"))


async def private_kwargs(interaction: discord.Interaction, game: LoadedGame,
                         seat: int) -> dict:
    """For a private answer: a button to the seat's private page, if there are pages."""
    links = links_of(interaction.client)
    url = await links.private_url(game, seat) if links is not None else None
    view = with_link(None, url, _("Your private page (1 hour)"))
    return {"view": view} if view is not None else {}
