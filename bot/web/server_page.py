"""A server's page: its tables, running and finished, each linking to its game's page,
and the leaderboards of both games with each player's history: the numbers of `/<game>
leaderboard`, `stats` and `history` (bot/store/standings.py, bot/community/stats.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import aiohttp_jinja2
from aiohttp import web

from bot.community.stats import change_text, history, player_stats
from bot.games.registry import GAMES
from bot.i18n import speaking
from bot.store import ACTIVE, ENDED, FINISHED, LOBBY, GameRow, Store
from bot.tables.kits import game_title, get_kit
from bot.tables.languages import ServerLanguages

LISTED = 50  # tables listed of each kind
BOARD = 25  # players on each leaderboard
HISTORY = 10  # games in each player's history


@dataclass(frozen=True)
class Table:
    row: GameRow
    title: str
    token: str


@dataclass(frozen=True)
class Board:
    title: str
    rows: list[Any]  # (Standing, PlayerStats, history lines: change, the game's token)
    total: int


class ServerPage:
    def __init__(self, store: Store, languages: ServerLanguages) -> None:
        self.store = store
        self.languages = languages

    async def page(self, request: web.Request) -> web.Response:
        guild_id = await self.store.web_pages.page_of("server", request.match_info["token"])
        if guild_id is None or not await self.store.web_pages.pages_shown(guild_id):
            raise web.HTTPNotFound(text="no such page")
        language = await self.languages.of(guild_id)
        with speaking(language):
            context = {
                "running": await self._tables(guild_id, (LOBBY, ACTIVE)),
                "finished": await self._tables(guild_id, (FINISHED, ENDED)),
                "boards": [await self._board(guild_id, game) for game in GAMES],
                "lang": language,
            }
            response = aiohttp_jinja2.render_template("server.html", request, context)
        response.headers["Cache-Control"] = "no-cache"
        return response

    async def _tables(self, guild_id: int, statuses: tuple[str, ...]) -> list[Table]:
        rows = await self.store.games.list_games(guild_id=guild_id, status=statuses, limit=LISTED)
        token = self.store.web_pages.page_token
        return [Table(row, game_title(row.game), await token("game", row.id)) for row in rows]

    async def _board(self, guild_id: int, game: str) -> Board:
        standings, total = await self.store.ratings.top(guild_id, game, limit=BOARD)
        rows = []
        for standing in standings:
            games = await self.store.ratings.played_games(guild_id, game, standing.user_id)
            token = self.store.web_pages.page_token
            lines = [(h, change_text(h), await token("game", h.game.game_id))
                     for h in history(games)[:HISTORY]]
            rows.append((standing, player_stats(standing, games), lines))
        return Board(get_kit(game).title, rows, total)
