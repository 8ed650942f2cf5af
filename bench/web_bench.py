"""What the web pages cost (bot/web/), served on 127.0.0.1 from a Doge game played to
mid-game through the table service:

- web_step_page_p95_ms: the 95th percentile of fetching a step's board that is cached
  (at the address the page gives), `clients` clients at once, each with its own
  connection, in a process of their own. Goal: <= 100 ms.
- web_uncached_step_ms: the median time of fetching a step's board nobody asked for yet
  (its state replayed from the log, its story told, the board drawn and sent);
  web_uncached_step_ratio: that against drawing the same boards alone, measured step by
  step in the same run with the same empty tile cache. Goal: <= 1.5.
- web_page_bytes: a game's page as a browser first loads it, without the board: its
  HTML, CSS and JavaScript. Goal: <= 60 KB.
- web_cached_step_cpu_ratio: the pages' CPU per request of that cached board (its
  address names the game's version: no database read) against a bare aiohttp handler
  returning the same bytes, under the same load, measured in the same run. Goal: <= 2.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.i18n import speaking
from bot.store import ACTIVE, Store
from bot.tables.service import TableService
from bot.web.app import PAGES, create_web_app
from bot.web.game_pages import GamePages
from bot.web.games import WEB_GAMES
from rendering.common.drawing import clear_tiles

MOVES = 60  # moves of the benchmark game: a few years of Doge
RATIO_TURNS = 5


async def played_game(service: TableService, moves: int, seed: int = 7) -> int:
    """A 4-seat Doge game of people, each move chosen as the computer player would."""
    lobby = await service.open_lobby("doge", guild_id=1, channel_id=2, user_id=100,
                                     user_name="Alice", seats=4, timing="live")
    for user, name in ((101, "Bruno"), (102, "Chiara"), (103, "Dmitri")):
        await service.join(lobby.id, user, name)
    await service.start(lobby.id, 100, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game = await service.load(lobby.id)
        if game.row.status != ACTIVE:
            break
        seat = service.awaited_seats(game)[0]
        action = service.kit(game).ai_action(game.state, seat.seat, rng)
        await service.act(lobby.id, seat.user_id,
                          {k: v for k, v in action.items() if k != "seat"})
    return lobby.id


async def board_alone(pages: GamePages, game_id: int, step: int) -> float:
    """Seconds to draw a step's board as the page does, given its state and caption."""
    game = await pages.service.load(game_id)
    version = (await pages.history.steps(game)).versions[step]
    with speaking("en"):
        at, caption = await pages.history.step_state(game, version)
        started = time.perf_counter()
        await WEB_GAMES["doge"].render(at, caption)
    return time.perf_counter() - started


async def fetch(session: aiohttp.ClientSession, url: str) -> tuple[float, bytes]:
    started = time.perf_counter()
    async with session.get(url) as response:
        body = await response.read()
        assert response.status == 200, (url, response.status)
    return time.perf_counter() - started, body


async def load(url: str, clients: int, rounds: int) -> list[float]:
    """`clients` clients fetching `url` `rounds` times each, all at once: the seconds of
    every request."""
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector) as session:
        async def client() -> list[float]:
            return [(await fetch(session, url))[0] for _ in range(rounds)]

        await fetch(session, url)  # one connection open before the clock starts
        done = await asyncio.gather(*(client() for _ in range(clients)))
    return [seconds for times in done for seconds in times]


async def fetch_body(url: str) -> bytes:
    async with aiohttp.ClientSession() as session:
        return (await fetch(session, url))[1]


async def loaded(url: str, clients: int, rounds: int) -> tuple[list[float], float]:
    """`url` fetched by `load` in a process of its own: every request's seconds, and
    the CPU seconds this process (the server) spent meanwhile."""
    cpu = time.process_time()
    out = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.web_bench", url, str(clients), str(rounds),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[1])
    printed, failed = await out.communicate()
    assert out.returncode == 0, failed.decode()[-2000:]
    return json.loads(printed), time.process_time() - cpu


async def bare_handler_cpu(body: bytes, clients: int, rounds: int) -> float:
    """The CPU seconds a bare aiohttp handler returning `body` spends under `load`."""
    async def board(_request: web.Request) -> web.Response:
        return web.Response(body=body, content_type="image/png")

    app = web.Application()
    app.router.add_get("/board.png", board)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        host, port = runner.addresses[0][:2]
        return (await loaded(f"http://{host}:{port}/board.png", clients, rounds))[1]
    finally:
        await runner.cleanup()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(tmpdir: str, clients: int, rounds: int, steps: int,
                  moves: int) -> dict[str, Any]:
    store = await Store.open(Path(tmpdir) / "web.db")
    service = TableService(store)
    runner: web.AppRunner | None = None
    try:
        game_id = await played_game(service, moves)
        app = create_web_app(store, base_url="https://games.example.org", service=service)
        pages = app[PAGES]
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        base = f"http://{host}:{port}"
        token = await store.web_pages.page_token("game", game_id)
        last = (await pages.history.steps(await service.load(game_id))).last
        async with aiohttp.ClientSession() as session:
            html = (await fetch(session, f"{base}/g/{token}"))[1]
            page_bytes = len(html)
            for name in ("page.css", "page.js"):
                page_bytes += len((await fetch(session, f"{base}/static/{name}"))[1])
            uncached: list[float] = []
            alone: list[float] = []
            for step in range(max(1, last - steps), last + 1):  # the latest steps
                clear_tiles()
                alone.append(await board_alone(pages, game_id, step))
                clear_tiles()
                info = json.loads((await fetch(session, f"{base}/g/{token}/step/{step}.json"))[1])
                uncached.append((await fetch(session, base + info["image"]))[0])
        # The latest board, cached, under load from a process of its own.
        board = base + info["image"]
        latencies, server_cpu = await loaded(board, clients, rounds)
        # The ratio, from turns of both loads one after the other, the least disturbed
        # of each: other work on the machine only ever adds CPU time.
        body, ours, bare = await fetch_body(board), [], []
        for _turn in range(RATIO_TURNS):
            ours.append((await loaded(board, clients, rounds))[1])
            bare.append(await bare_handler_cpu(body, clients, rounds))
        uncached_s, alone_s = statistics.median(uncached), statistics.median(alone)
        return {
            "web_step_page_p95_ms": round(percentile(latencies, 0.95) * 1000, 2),
            "web_step_page_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
            "web_step_page_requests": len(latencies),
            "web_step_page_server_cpu_ms": round(server_cpu * 1000 / len(latencies), 3),
            "web_uncached_step_ms": round(uncached_s * 1000, 2),
            "web_board_render_ms": round(alone_s * 1000, 2),
            "web_uncached_step_ratio": round(uncached_s / alone_s, 3),
            "web_page_bytes": page_bytes,
            "web_cached_step_cpu_ratio": round(min(ours) / min(bare), 3),
        }
    finally:
        if runner is not None:
            await runner.cleanup()
        await store.close()


def run(tmpdir: str, clients: int = 200, rounds: int = 5, steps: int = 8,
        moves: int = MOVES) -> dict[str, Any]:
    return asyncio.run(measure(tmpdir, clients, rounds, steps, moves))


if __name__ == "__main__":  # the load's clients: URL CLIENTS ROUNDS; prints the seconds
    url, clients, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    print(json.dumps(asyncio.run(load(url, clients, rounds))))
