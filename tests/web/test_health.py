"""`/healthz` and `/metrics` on a real SQLite store, through aiohttp's test client."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timing import DAY
from bot.web.app import create_web_app
from bot.web.health import add_health_routes, no_gateway
from tests.ops.games import open_doge, play
from tests.web.scrape import parse, value

BASE_URL = "https://games.example.org"


class FakeTime:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


async def client_for(store: Store, gateway: Callable[[], str | None] = no_gateway
                     ) -> TestClient:
    app = web.Application()
    add_health_routes(app, store=store, gateway_problem=gateway)
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


async def get(client: TestClient, path: str) -> tuple[int, str]:
    response = await client.get(path)
    return response.status, await response.text()


async def test_healthz_is_ok_while_the_database_answers_and_discord_is_connected(
        store: Store) -> None:
    client = await client_for(store)
    try:
        assert await get(client, "/healthz") == (200, "ok\n")
    finally:
        await client.close()


async def test_healthz_is_503_with_the_reason_when_the_database_is_closed(
        store: Store) -> None:
    client = await client_for(store)
    try:
        await store.close()
        status, text = await get(client, "/healthz")
        assert status == 503
        assert text.startswith("database: ") and text.count("\n") == 1, text
    finally:
        await client.close()


async def test_healthz_is_503_with_the_reason_when_discord_is_not_connected(
        store: Store) -> None:
    problem: list[str | None] = ["disconnected, reconnecting"]
    client = await client_for(store, lambda: problem[0])
    try:
        assert await get(client, "/healthz") == (503, "discord: disconnected, reconnecting\n")
        problem[0] = None  # reconnected
        assert await get(client, "/healthz") == (200, "ok\n")
    finally:
        await client.close()


async def test_metrics_parse_and_count_the_steps_and_games_running(store: Store) -> None:
    client = await client_for(store)
    try:
        status, text = await get(client, "/metrics")
        assert status == 200
        before = parse(text)
        assert value(before, "dogeclans_games_running", game="doge") == 0
        assert value(before, "dogeclans_games_running", game="clans") == 0
        service = TableService(store)
        game_id = await open_doge(service, channel_id=5)
        version = await play(service, game_id, steps=4)
        response = await client.get("/metrics")
        assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        after = parse(await response.text())
        assert value(after, "dogeclans_games_running", game="doge") == 1
        steps = value(after, "dogeclans_steps_total", game="doge") - \
            value(before, "dogeclans_steps_total", game="doge")
        assert steps == version  # every action in the game's log, the computer's too
        assert value(after, "dogeclans_steps_total", game="clans") == \
            value(before, "dogeclans_steps_total", game="clans")
    finally:
        await client.close()


async def test_metrics_count_the_deadlines_the_clock_claims_and_their_lateness(
        tmp_path: Path) -> None:
    time = FakeTime(1_800_000_000.0)
    store = await Store.open(tmp_path / "clock.db", clock=time)
    client = await client_for(store)
    try:
        service = TableService(store, clock=time)
        await open_doge(service, channel_id=6)  # async: a day per ballot
        before = parse((await get(client, "/metrics"))[1])
        time.now += 3 * DAY
        assert await service.clock.tick() > 0
        after = parse((await get(client, "/metrics"))[1])
        claimed = value(after, "dogeclans_deadlines_claimed_total") - \
            value(before, "dogeclans_deadlines_claimed_total")
        late = value(after, "dogeclans_deadline_lateness_seconds_count") - \
            value(before, "dogeclans_deadline_lateness_seconds_count")
        assert claimed > 0 and late == claimed
        # Claimed days after falling due: none of them in the buckets up to an hour.
        in_time = value(after, "dogeclans_deadline_lateness_seconds_bucket", le="3600.0") - \
            value(before, "dogeclans_deadline_lateness_seconds_bucket", le="3600.0")
        assert in_time == 0
    finally:
        await client.close()
        await store.close()


async def test_metrics_leave_out_the_games_running_when_the_database_is_closed(
        store: Store) -> None:
    client = await client_for(store)
    try:
        await get(client, "/metrics")
        await store.close()
        status, text = await get(client, "/metrics")
        assert status == 200  # the counters are still worth scraping
        names = {name for name, _labels in parse(text)}
        assert "dogeclans_games_running" not in names
        assert "dogeclans_deadlines_claimed_total" in names
    finally:
        await client.close()


async def test_healthz_is_503_when_the_sqlite_file_is_overwritten_or_cut_short(
        tmp_path: Path) -> None:
    """Under a running `python -m bot web` (a store of its own on the bot's file), every
    page fails once the file is garbage or empty: so does the health check."""
    for damage in ("overwritten", "truncated"):
        path = tmp_path / f"{damage}.db"
        async with await Store.open(path) as bot_store:  # the bot, then gone
            game_id = await open_doge(TableService(bot_store), channel_id=7)
            token = await bot_store.web_pages.page_token("game", game_id)
        async with await Store.open(path) as store, \
                TestClient(TestServer(create_web_app(store, base_url=BASE_URL))) as client:
            assert (await client.get(f"/g/{token}")).status == 200
            assert await get(client, "/healthz") == (200, "ok\n")
            if damage == "overwritten":
                path.write_bytes(b"not a database " * 512)
            else:
                path.write_bytes(b"")
            assert (await client.get(f"/g/{token}")).status == 500, damage
            status, text = await get(client, "/healthz")
            assert status == 503, (damage, text)
            assert text.startswith("database: ") and text.count("\n") == 1, text
