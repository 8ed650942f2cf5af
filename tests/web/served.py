"""The web pages on a real port of 127.0.0.1 (a browser needs one), over games played
through the table service, as the bot's own process serves them."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp.test_utils import TestServer

from bot.discord_app import TableBot
from bot.i18n import speaking
from bot.store import ACTIVE, Store
from bot.tables.service import TableService
from bot.web.app import PAGES, create_web_app
from bot.web.game_pages import GamePages
from bot.web.games import WEB_GAMES
from tests.web.scrape import free_port

GUILD = 4242
BASE_URL = "https://games.example.org"


@dataclass
class Served:
    server: TestServer
    pages: GamePages

    def url(self, path: str) -> str:
        return str(self.server.make_url(path))


@asynccontextmanager
async def served(store: Store, service: TableService) -> AsyncIterator[Served]:
    """The bot's web app on `store`, with the table service that plays (its clock and
    cache), at the event stream's own pace."""
    app = create_web_app(store, base_url=BASE_URL, service=service)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield Served(server, app[PAGES])
    finally:
        await server.close()


async def open_table(service: TableService, game: str, channel_id: int, *,
                     names: tuple[str, ...] = ("anna", "bernd", "claudia"),
                     guild_id: int = GUILD) -> int:
    """A started game of people only (users 201, 202, ...); its id."""
    lobby = await service.open_lobby(game, guild_id=guild_id, channel_id=channel_id,
                                     user_id=201, user_name=names[0], seats=len(names),
                                     timing="live")
    for n, name in enumerate(names[1:], start=202):
        await service.join(lobby.id, n, name)
    await service.start(lobby.id, 201, seed=channel_id)
    return lobby.id


async def play_one(service: TableService, game_id: int, rng: random.Random) -> None:
    """One move of the first person the game awaits, as the computer player would."""
    game = await service.load(game_id)
    assert game.row.status == ACTIVE
    seat = service.awaited_seats(game)[0]
    action = service.kit(game).ai_action(game.state, seat.seat, rng)
    await service.act(game_id, seat.user_id, {k: v for k, v in action.items() if k != "seat"})


async def last_step(served: Served, service: TableService, game_id: int) -> int:
    return (await served.pages.history.steps(await service.load(game_id))).last


async def play_public_step(served: Served, service: TableService, game_id: int,
                           rng: random.Random) -> int:
    """Moves until the slider has one more step (a secret ballot is none); its number."""
    before = await last_step(served, service, game_id)
    for _ in range(20):
        await play_one(service, game_id, rng)
        if (now := await last_step(served, service, game_id)) > before:
            return now
    raise AssertionError("twenty moves and no public step")


async def board_of(served: Served, service: TableService, game_id: int, step: int) -> bytes:
    """The board of a step, drawn here as the channel draws it (the public view)."""
    game = await service.load(game_id)
    history = served.pages.history
    version = (await history.steps(game)).versions[step]
    with speaking("en"):
        at, caption = await history.step_state(game, version)
        return await WEB_GAMES[game.row.game].render(at, caption)


def web_bot(tmp_path: Path) -> tuple[TableBot, int]:
    """The bot on a database of `tmp_path`, serving the pages on a free port of its own."""
    port = free_port()
    return TableBot(database_path=str(tmp_path / "games.db"), web_port=port,
                    web_base_url=BASE_URL), port
