"""The web tests' pieces: a store with games played by the computer move by move, the
web app on it behind aiohttp's test client, and what a page loads."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store
from bot.web.app import create_web_app

SEED = 918273645  # long enough that finding it in a page is no accident
GUILD = 1


class Clock:
    """The web app's clock (private links expire by it), moved by hand."""

    def __init__(self, now: float = 2_000_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def client(store: Store, *, clock: Clock | None = None, poll_s: float = 0.02,
                 secret: str | None = None) -> AsyncIterator[TestClient]:
    app = create_web_app(store, base_url="https://games.example.org", clock=clock or Clock(),
                         poll_s=poll_s, secret=secret)
    async with TestClient(TestServer(app)) as c:
        yield c


def image_urls(text: str) -> list[str]:
    """Every image a page's HTML or JSON names."""
    found = re.findall(r'src="([^"]+)"', text) + re.findall(r'"image":\s*"([^"]+)"', text)
    return [u.replace("&amp;", "&") for u in found if not u.endswith(".js")]


async def first_event(c: TestClient, token: str) -> dict[str, Any]:
    """The first event of a game's event stream."""
    async with c.get(f"/g/{token}/events") as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "text/event-stream"
        return await next_event(response)


async def next_event(response: Any) -> dict[str, Any]:
    while True:
        line = (await response.content.readline()).decode()
        if line.startswith("data: "):
            return json.loads(line[len("data: "):])


class Statements:
    """Every SQL statement the store's SQLite connection runs, counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, _sql: str) -> None:
        self.count += 1


async def counted(store: Store) -> Statements:
    """From now on, the statements `store` runs (an SQLite store) are counted."""
    statements = Statements()
    await store._db.conn.set_trace_callback(statements)  # type: ignore[attr-defined]
    return statements
