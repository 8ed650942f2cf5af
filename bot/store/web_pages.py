"""The web pages' bookkeeping (migration 0013): the token that names each game's and
each server's page, whether a server shows its pages, and the key that signs private
links. A token is made the first time it is asked for and never changes; it is random
(at least 128 bits), so a page cannot be found by counting games."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Collection
from typing import NamedTuple

from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.shared import Core
from bot.store.tables import Tables

TOKEN_BYTES = 24  # 192 bits, 32 characters
PAGES_KEY = "web_pages"  # in guild_settings.extra: False when a server's pages are off
_TABLES = {"game": ("game_pages", "game_id"), "server": ("server_pages", "guild_id")}


_STAMPED = 500  # games asked for in one statement


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class PageStamp(NamedTuple):
    """What changes whenever a game's page may change: its version, status and last
    change, and whether its server shows pages."""

    version: int
    status: str
    updated_at: float
    shown: bool


def _shown(guild_id: int | None, extra: str | None) -> bool:
    if guild_id is None:
        return False
    return extra is None or json.loads(extra).get(PAGES_KEY, True) is not False


class WebPages:
    """The web pages' tokens, switch and keys (one store's part)."""

    def __init__(self, core: Core, tables: Tables) -> None:
        self._core = core
        self._db = core.db
        self._tables = tables  # a server's switch is one of its settings

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
        settings = await self._tables.get_guild_settings(guild_id)
        return settings.extra.get(PAGES_KEY, True) is not False

    async def page_stamps(self, game_ids: Collection[int]) -> dict[int, PageStamp]:
        """The stamps of these games, in one statement (per 500): what the pages' watcher
        reads to see which games changed; a game that does not exist is left out."""
        found: dict[int, PageStamp] = {}
        ids = sorted(game_ids)
        for start in range(0, len(ids), _STAMPED):
            part = ids[start:start + _STAMPED]
            async with self._db.reading_each() as conn:
                rows = await fetch_all(
                    conn, "SELECT g.id, g.version, g.status, g.updated_at, g.guild_id, "
                          "s.extra FROM games g LEFT JOIN guild_settings s "
                          "ON s.guild_id = g.guild_id "
                          f"WHERE g.id IN ({', '.join('?' * len(part))})", part)
            for row in rows:
                found[int(row["id"])] = PageStamp(
                    int(row["version"]), str(row["status"]), float(row["updated_at"]),
                    _shown(row["guild_id"], row["extra"]))
        return found

    async def watch_games(self, changed: Callable[[set[int] | None], None]) -> bool:
        """Call `changed(game_ids)` whenever games change in any process (a step, an
        undo, a start, an end), `changed(None)` when changes may have gone unheard;
        False where no process tells (SQLite: look with `page_stamps` instead)."""
        return await self._db.watch_games(changed)

    async def show_pages(self, guild_id: int, shown: bool) -> None:
        settings = await self._tables.get_guild_settings(guild_id)
        await self._tables.set_guild_settings(
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
