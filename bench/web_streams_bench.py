"""What open game pages cost while they wait for the next step (bot/web/live.py), served
on 127.0.0.1 from an SQLite store, the streams opened by a process of their own:

- web_sql_per_s_10_streams, web_sql_per_s_200_streams: the SQL statements the pages'
  process runs a second with 10 and with 200 event streams of one game open (the
  watcher's look every 0.1 s here, every second by default);
  web_sql_per_s_200_vs_10_streams: the second against the first. Goal: <= 1.2 (a
  stream of its own polling: 20).
- web_stream_rss_kb_each: the memory the pages' process grows by for each open stream.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bench.web_bench import played_game
from bot.store import Store
from bot.tables.service import TableService
from bot.web.app import create_web_app

LOOK_S = 0.1  # the watcher's look on SQLite (POLL_S is 1.0): more statements to count
WINDOW_S = 3.0
ROOT = Path(__file__).resolve().parents[1]


def rss_kb() -> int:
    """This process's resident memory (Linux's /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Counter:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self, _sql: str) -> None:
        self.count += 1


async def open_streams(url: str, n: int) -> asyncio.subprocess.Process:
    """A process holding `n` event streams of `url` open, each past its first event."""
    readers = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.web_streams_bench", url, str(n),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT)
    assert readers.stdout is not None
    assert (await readers.stdout.readline()).strip() == b"ready"
    return readers


async def close_streams(readers: asyncio.subprocess.Process) -> None:
    assert readers.stdin is not None
    readers.stdin.close()
    await readers.wait()


async def sql_per_s(counter: Counter) -> float:
    before = counter.count
    await asyncio.sleep(WINDOW_S)
    return (counter.count - before) / WINDOW_S


async def measure(tmpdir: str, few: int, many: int) -> dict[str, Any]:
    store = await Store.open(Path(tmpdir) / "streams.db")
    service = TableService(store)
    runner: web.AppRunner | None = None
    try:
        game_id = await played_game(service, moves=20)
        app = create_web_app(store, base_url="https://games.example.org", service=service,
                             poll_s=LOOK_S)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        host, port = runner.addresses[0][:2]
        url = f"http://{host}:{port}/g/{await store.web_pages.page_token('game', game_id)}/events"
        counter = Counter()
        await store._db.conn.set_trace_callback(counter)  # type: ignore[attr-defined]
        readers = await open_streams(url, few)
        few_rate = await sql_per_s(counter)
        await close_streams(readers)
        await asyncio.sleep(WINDOW_S)  # the closed streams are gone
        before = rss_kb()
        readers = await open_streams(url, many)
        many_rate = await sql_per_s(counter)
        grown = rss_kb() - before
        await close_streams(readers)
        return {
            f"web_sql_per_s_{few}_streams": round(few_rate, 2),
            f"web_sql_per_s_{many}_streams": round(many_rate, 2),
            f"web_sql_per_s_{many}_vs_{few}_streams": round(many_rate / few_rate, 3),
            "web_stream_rss_kb_each": round(grown / many, 1),
        }
    finally:
        if runner is not None:
            await runner.cleanup()
        await store.close()


def run(tmpdir: str, few: int = 10, many: int = 200) -> dict[str, Any]:
    return asyncio.run(measure(tmpdir, few, many))


async def hold(url: str, n: int) -> None:
    """The streams' process: `n` streams open until its standard input ends."""
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=None)) as session:
        streams = [await session.get(url) for _ in range(n)]
        for stream in streams:
            while not (await stream.content.readline()).startswith(b"data: "):
                pass
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
        for stream in streams:
            stream.close()


if __name__ == "__main__":  # the streams' process: URL COUNT
    asyncio.run(hold(sys.argv[1], int(sys.argv[2])))
