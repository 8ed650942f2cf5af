"""Live updates cost the same however many pages are open: one watcher reads the
followed games' stamps in one statement per look (SQLite) or hears the store's notices
(PostgreSQL), and fans each change out to the open streams; a stream whose reader is
gone is dropped at its next write, and then costs nothing."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestClient

from bot.store import Store
from bot.store.after_commit import WEB_NOTICE
from bot.web import live
from bot.web.app import PAGES
from tests.community.helpers import play, start
from tests.postgres import fresh_database
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)
from tests.web.helpers import GUILD, SEED, Statements, client, counted, next_event
from tests.web.scrape import free_port

FEW, MANY = 2, 40
WINDOW_S = 1.0  # statements are counted over this long (a rate: never compared to time)


async def per_s(statements: Statements) -> float:
    """Statements a second, counted over `WINDOW_S`."""
    before, started = statements.count, asyncio.get_running_loop().time()
    await asyncio.sleep(WINDOW_S)
    return (statements.count - before) / (asyncio.get_running_loop().time() - started)


@asynccontextmanager
async def streams(c: TestClient, token: str, n: int) -> AsyncIterator[list[Any]]:
    """`n` open event streams of a game, each past its first event."""
    async with AsyncExitStack() as stack:
        opened = [await stack.enter_async_context(c.get(f"/g/{token}/events"))
                  for _ in range(n)]
        for stream in opened:
            await asyncio.wait_for(next_event(stream), 30)
        yield opened


async def clans_game(store: Store) -> tuple[int, str]:
    """A Clans game two moves in, and its page's token."""
    game_id = await start(store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
    await play(store, game_id, moves=2)
    return game_id, await store.web_pages.page_token("game", game_id)


async def test_many_open_pages_cost_no_more_sql_than_a_few(store: Store) -> None:
    _game_id, token = await clans_game(store)
    async with client(store, poll_s=0.02) as c:
        statements = await counted(store)
        async with streams(c, token, FEW):
            few = await per_s(statements)
        async with streams(c, token, MANY):
            many = await per_s(statements)
    assert few > 0  # the pages do look for changes
    assert many <= 1.5 * few, (few, many)  # each polling on its own: 20 times as many


async def test_streams_whose_readers_left_go_at_the_next_write(store: Store) -> None:
    game_id, token = await clans_game(store)
    async with client(store, poll_s=0.02) as c:
        statements = await counted(store)
        async with streams(c, token, MANY) as opened:
            for stream in opened:
                stream.close()  # the readers leave at once, before the next heartbeat
        await play(store, game_id, seed=2, moves=1)  # a step: written to every stream
        for _ in range(int(10 / WINDOW_S)):  # the streams' heartbeat is 15 s away
            if await per_s(statements) == 0:
                break
        else:
            raise AssertionError("pages whose readers left still read the database")
        assert c.app[PAGES].watcher.followers == 0


async def test_streams_opened_at_once_all_hear_the_next_step(store: Store) -> None:
    game_id, token = await clans_game(store)
    async with client(store, poll_s=0.02) as c, AsyncExitStack() as stack:
        opened = await asyncio.gather(*(stack.enter_async_context(c.get(f"/g/{token}/events"))
                                        for _ in range(FEW * 10)))
        for stream in opened:
            assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 2
        assert c.app[PAGES].watcher.followers == len(opened)  # each one, none lost
        await play(store, game_id, seed=2, moves=1)
        for stream in opened:
            assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 3


async def test_a_step_is_pushed_to_the_pages_of_another_process(backend) -> None:  # noqa: F811
    """On PostgreSQL the change reaches the watcher as a notice from the process that
    made it, not by a look of the watcher's own; on SQLite it is looked for."""
    async with await Store.open(backend.target) as bot_store, \
            await Store.open(backend.target) as web_store:
        game_id = await start(bot_store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
        await play(bot_store, game_id, moves=3)
        token = await bot_store.web_pages.page_token("game", game_id)
        async with client(web_store, poll_s=0.05) as c, streams(c, token, 3) as opened:
            watcher = c.app[PAGES].watcher
            await play(bot_store, game_id, moves=1)
            for stream in opened:
                assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 4
            assert watcher.pushed == (backend.name == "postgresql")
            if watcher.pushed:
                assert watcher.timed_looks == 0  # heard, not found by looking


async def test_a_step_whose_notice_never_went_reaches_the_pages_by_their_own_look(
        backend, monkeypatch) -> None:  # noqa: F811
    """The web notice is an after-commit handler of the told kind: the step's own row is
    its record. Its notice lost (the process died before sending it, or sending failed):
    the step is committed all the same, and the pages find it by their own look."""
    monkeypatch.setattr(live, "RECHECK_S", 0.1)

    def lost(game_id: int) -> None:
        raise ConnectionError("the notice did not go")

    async with await Store.open(backend.target) as bot_store, \
            await Store.open(backend.target) as web_store:
        bot_store.after_commit.register_told(WEB_NOTICE, lost)
        game_id = await start(bot_store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
        await play(bot_store, game_id, moves=3)
        token = await bot_store.web_pages.page_token("game", game_id)
        async with client(web_store, poll_s=0.05) as c, streams(c, token, 2) as opened:
            await play(bot_store, game_id, moves=1)
            assert (await bot_store.actions.load(game_id)).version == 4
            for stream in opened:
                assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 4
            assert c.app[PAGES].watcher.timed_looks > 0  # found by looking


async def test_python_m_bot_web_shows_a_step_the_bot_made_in_its_own_process(
        tmp_path: Path) -> None:
    """`python -m bot web` in a process of its own on PostgreSQL: a step this process
    (the bot) makes reaches an open page's stream there, pushed by the store's notice."""
    async with fresh_database("web") as url, await Store.open(url) as bot_store:
        game_id = await start(bot_store, "clans", [11, 12, 13], guild=GUILD, seed=SEED)
        await play(bot_store, game_id, moves=3)
        token = await bot_store.web_pages.page_token("game", game_id)
        port = free_port()
        env = {**os.environ, "DATABASE_URL": url, "WEB_PORT": str(port),
               "WEB_BASE_URL": "https://games.example.org"}
        web = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "web", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        base = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as http:
                for _ in range(300):  # until it listens (it may be slow to start)
                    with contextlib.suppress(aiohttp.ClientConnectionError):
                        async with http.get(f"{base}/healthz") as health:
                            if health.status == 200:
                                break
                    assert web.returncode is None, await web.stderr.read()  # type: ignore[union-attr]
                    await asyncio.sleep(0.1)
                async with http.get(f"{base}/g/{token}/events") as stream:
                    assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 3
                    await play(bot_store, game_id, moves=1)
                    assert (await asyncio.wait_for(next_event(stream), 30))["last"] == 4
        finally:
            web.terminate()
            await web.wait()
