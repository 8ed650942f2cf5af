"""The web pages' bookkeeping (migration 0013): the token that names each game's and
each server's page, whether a server shows its pages, and the key that signs private
links. A token is made the first time it is asked for and never changes; it is random
(at least 128 bits), so a page cannot be found by counting games."""

from __future__ import annotations

import secrets

from bot.store.backends.sql import fetch_one
from bot.store.shared import StoreBase

TOKEN_BYTES = 24  # 192 bits, 32 characters
PAGES_KEY = "web_pages"  # in guild_settings.extra: False when a server's pages are off
_TABLES = {"game": ("game_pages", "game_id"), "server": ("server_pages", "guild_id")}


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class WebPagesMixin(StoreBase):
    async def page_token(self, kind: str, ref: int) -> str:
        """The token of a game's (`kind` "game", `ref` its id) or a server's ("server",
        its id) page, made on first use."""
        table, column = _TABLES[kind]
        async with self._db.transaction() as conn:
            await conn.execute(
                f"INSERT INTO {table} ({column}, token) VALUES (?, ?) "
                f"ON CONFLICT ({column}) DO NOTHING", (ref, new_token()))
            row = await fetch_one(conn, f"SELECT token FROM {table} WHERE {column} = ?",
                                  (ref,))
        assert row is not None
        return str(row["token"])

    async def page_of(self, kind: str, token: str) -> int | None:
        """The game or server a page's token names; None for an unknown token."""
        table, column = _TABLES[kind]
        async with self._db.reading() as conn:
            row = await fetch_one(conn, f"SELECT {column} AS ref FROM {table} WHERE token = ?",
                                  (token,))
        return None if row is None else int(row["ref"])

    async def pages_shown(self, guild_id: int | None) -> bool:
        """Whether the server's pages are on (the default); a game outside a server
        (direct messages) has no page."""
        if guild_id is None:
            return False
        settings = await self.get_guild_settings(guild_id)  # type: ignore[attr-defined]
        return settings.extra.get(PAGES_KEY, True) is not False

    async def show_pages(self, guild_id: int, shown: bool) -> None:
        settings = await self.get_guild_settings(guild_id)  # type: ignore[attr-defined]
        await self.set_guild_settings(  # type: ignore[attr-defined]
            guild_id, extra={**settings.extra, PAGES_KEY: shown})

    async def web_key(self, name: str = "links") -> bytes:
        """A secret key kept in the database, made once (the first process to ask makes
        it; every other reads the same)."""
        async with self._db.transaction() as conn:
            await conn.execute("INSERT INTO web_keys (name, secret) VALUES (?, ?) "
                               "ON CONFLICT (name) DO NOTHING", (name, secrets.token_hex(32)))
            row = await fetch_one(conn, "SELECT secret FROM web_keys WHERE name = ?", (name,))
        assert row is not None
        return bytes.fromhex(row["secret"])
