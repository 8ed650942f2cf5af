"""DATABASE_CONNECTIONS: a process on PostgreSQL opens no more connections than its budget,
however many clicks, shows and deadlines it handles at once, and still gets through them."""

from __future__ import annotations

import asyncio
import random
import secrets
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.store.backends.postgres import DEFAULT_CONNECTIONS, FEWEST_CONNECTIONS, Connections
from bot.tables.service import TableService
from tests.postgres import ADMIN_URL, fresh_database

PLAYERS = [PlayerSpec(name, colour) for name, colour in
           (("Anna", "red"), ("Bernd", "blue"), ("Carla", "green"), ("Dario", "yellow"))]
GAMES = 12
CLICKS = 6  # per game


def _users(game: int) -> list[int]:
    return [1000 + 10 * game + seat for seat in range(len(PLAYERS))]


async def _most_connections(url: str, connections: Connections) -> tuple[int, int]:
    """The most connections the store held at once to its database while a table
    service clicked through GAMES games side by side, a show of each after every click;
    and how many clicks were made."""
    store = await Store.open(url, connections=connections)
    watcher = await asyncpg.connect(ADMIN_URL.rpartition("/")[0] + urlsplit(url).path)
    most, busy = 0, True

    async def watch() -> None:
        nonlocal most
        while busy:
            found = await watcher.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()")
            most = max(most, found)
            await asyncio.sleep(0.005)

    try:
        service = TableService(store)
        await store.deadlines.watch(lambda: None)  # the listener, as a running bot has
        ids = [(await store.games.create_game("doge", guild_id=1, channel_id=100 + n,
                                              players=PLAYERS, user_ids=_users(n), seed=n,
                                              settings={"timing": "async"})).id
               for n in range(GAMES)]

        async def play(game_id: int) -> int:
            rng = random.Random(game_id)
            made = 0
            for _ in range(CLICKS):
                game = await service.load(game_id)
                seat = rng.choice(game.engine.pending(game.state))
                action = dict(rng.choice(game.engine.legal_actions(game.state, seat)))
                del action["seat"]  # the table seats the clicker itself
                await service.act(game_id, game.seats[seat].user_id, action)
                async with store.show_lock(game_id):  # as the poster shows the step
                    await asyncio.sleep(0.002)
                made += 1
            return made

        watching = asyncio.create_task(watch())
        try:
            made = sum(await asyncio.wait_for(asyncio.gather(*(play(g) for g in ids)), 120))
        finally:
            busy = False
            await watching
    finally:
        await watcher.close()
        await store.close()
    return most, made


async def _as_limited_role(url: str, role: str, limit: int) -> str:
    """The database at `url` handed to a new role the server lets open `limit`
    connections at most (one more is refused: "too many connections for role"); the
    role's URL."""
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE ROLE "{role}" LOGIN CONNECTION LIMIT {limit}')
        await admin.execute(f'ALTER DATABASE "{urlsplit(url).path[1:]}" OWNER TO "{role}"')
    finally:
        await admin.close()
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname}:{parts.port}"))


async def _drop_role(url: str, role: str) -> None:
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'DROP ROLE IF EXISTS "{role}"')
    finally:
        await admin.close()


async def test_the_fewest_connections_are_never_exceeded_and_every_click_gets_through() -> None:
    """As a role the server refuses a tenth connection, so going over the budget even for
    a moment would fail a click."""
    fewest = Connections.at_most(FEWEST_CONNECTIONS)
    assert fewest.total == FEWEST_CONNECTIONS
    role = f"budget_{secrets.token_hex(4)}"
    try:
        async with fresh_database("budget") as url:
            limited = await _as_limited_role(url, role, FEWEST_CONNECTIONS)
            most, made = await _most_connections(limited, fewest)
            assert made == GAMES * CLICKS
            assert 0 < most <= FEWEST_CONNECTIONS
    finally:
        await _drop_role(ADMIN_URL, role)
    # The same load with the default budget opens more: the budget is what held it.
    async with fresh_database("budget") as url:
        most, made = await _most_connections(url, DEFAULT_CONNECTIONS)
        assert made == GAMES * CLICKS and most > FEWEST_CONNECTIONS


def test_a_budget_is_shared_out_evenly_and_a_too_small_one_refused() -> None:
    assert DEFAULT_CONNECTIONS.total == 33
    assert Connections.at_most(33) == DEFAULT_CONNECTIONS
    assert Connections.at_most(20).total <= 20 and Connections.at_most(20).locks == 4
    try:
        Connections.at_most(FEWEST_CONNECTIONS - 1)
    except ValueError as exc:
        assert f"at least {FEWEST_CONNECTIONS}" in str(exc)
    else:
        raise AssertionError("a budget below the fewest was taken")
