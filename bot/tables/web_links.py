"""Links to the web pages (bot/web/): a game's and a server's public page, and a seat's
private page, whose address carries the seat, its holder, an expiry and an HMAC over
them and the game, made with a key only the bot knows (`WEB_SECRET`, or one made once and
kept in the database). A private link works for its seat alone, while the same person
holds it, and for an hour at most; it is given only in a private answer."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import _, later
from bot.store import LoadedGame, Store
from bot.tables.moderation import Moderation, Moderator, ModResult
from bot.tables.steps import TableError

PRIVATE_LINK_S = 3600  # how long a private link works


@dataclass(frozen=True)
class PrivateSeat:
    seat: int
    user_id: int
    expires: int


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class WebLinks:
    """Makes and reads the pages' links. `base_url`: where the pages are served, e.g.
    "https://games.example.org" (None: no pages, no links)."""

    def __init__(self, store: Store, base_url: str | None, *, secret: str | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/") if base_url else None
        self._secret = secret.encode() if secret else None
        self.clock = clock

    async def key(self) -> bytes:
        if self._secret is None:
            self._secret = await self.store.web_pages.web_key()
        return self._secret

    async def game_url(self, game: LoadedGame | int, guild_id: int | None = None) -> str | None:
        """The game's page, or None when there are no pages (no base URL, a game outside
        a server, or the server turned its pages off)."""
        game_id = game if isinstance(game, int) else game.id
        guild = guild_id if isinstance(game, int) else game.row.guild_id
        if self.base_url is None or not await self.store.web_pages.pages_shown(guild):
            return None
        return f"{self.base_url}/g/{await self.store.web_pages.page_token('game', game_id)}"

    async def server_url(self, guild_id: int | None) -> str | None:
        if self.base_url is None or not await self.store.web_pages.pages_shown(guild_id):
            return None
        assert guild_id is not None
        return f"{self.base_url}/s/{await self.store.web_pages.page_token('server', guild_id)}"

    async def private_url(self, game: LoadedGame, seat: int) -> str | None:
        """The seat's private page, for its holder now, working for an hour."""
        page = await self.game_url(game)
        holder = game.seats[seat].user_id if 0 <= seat < len(game.seats) else None
        if page is None or holder is None:
            return None
        return f"{page}/me/{await self.sign(game.id, seat, holder)}"

    async def sign(self, game_id: int, seat: int, user_id: int) -> str:
        expires = int(self.clock()) + PRIVATE_LINK_S
        body = f"{seat}.{user_id}.{expires}"
        return f"{body}.{await self._mac(game_id, body)}"

    async def read(self, game_id: int, signed: str) -> PrivateSeat | None:
        """The seat a private link names, if its signature holds for this game and it
        has not expired; None otherwise."""
        parts = signed.split(".")
        if len(parts) != 4 or not all(p.isdigit() for p in parts[:3]):
            return None
        body = ".".join(parts[:3])
        if not hmac.compare_digest(parts[3], await self._mac(game_id, body)):
            return None
        seat, user_id, expires = (int(p) for p in parts[:3])
        if expires <= self.clock() or expires > self.clock() + PRIVATE_LINK_S:
            return None
        return PrivateSeat(seat, user_id, expires)

    async def _mac(self, game_id: int, body: str) -> str:
        digest = hmac.new(await self.key(), f"seat:{game_id}:{body}".encode(), hashlib.sha256)
        return _b64(digest.digest())


async def set_web_pages(mod_ops: Moderation, links: WebLinks, mod: Moderator,
                        shown: bool | None) -> ModResult:
    """`/table-admin web [on|off]`: with a value, turn the server's pages on or off
    (moderators of the whole server); without, say whether they are on, with the link."""
    if mod.guild_id is None:
        raise TableError(later("Web pages are kept per server: use this in a server."))
    if links.base_url is None:
        raise TableError(later("This bot serves no web pages (its host has not set "
                               "WEB_BASE_URL)."))
    if shown is None:
        url = await links.server_url(mod.guild_id)
        return ModResult(later("🌐 This server's web pages are on: {url}", url=url) if url
                         else later("🌐 This server's web pages are off."), private=True)
    await mod_ops.require_server_moderator(mod)  # every game of the server has a page
    await links.store.web_pages.show_pages(mod.guild_id, shown)
    await links.store.moderation.add_audit(guild_id=mod.guild_id, moderator_id=mod.user_id,
                                           action="web", detail={"shown": shown})
    if shown:
        return ModResult(_("🌐 {moderator} turned this server's web pages on: {url}",
                           moderator=mod.mention, url=await links.server_url(mod.guild_id)))
    return ModResult(_("🌐 {moderator} turned this server's web pages off: their links "
                       "answer \"not found\" until they are turned on again.",
                       moderator=mod.mention))
