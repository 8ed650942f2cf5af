"""Fixtures: the store on each backend (a real SQLite file, a real PostgreSQL database
of its own), the test game next to the real engines."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.base import PlayerSpec
from bot.store import Store
from tests.postgres import fresh_database
from tests.store.backends import BACKENDS, Backend
from tests.store.tiny_game import engines


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Backend]:
    """Each test that asks for it runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        yield Backend("sqlite", str(db_path))
        return
    async with fresh_database("store") as url:
        yield Backend("postgresql", url)


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[Store]:
    s = await Store.open(backend.target, engines=engines, snapshot_every=5)
    try:
        yield s
    finally:
        await s.close()


def players(n: int = 3) -> list[PlayerSpec]:
    return [PlayerSpec(name=f"P{i}") for i in range(n)]


def db_contents(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of an SQLite file, read through a separate connection, to
    prove that a refused operation changed nothing at all."""
    with sqlite3.connect(path) as conn:
        names = [
            r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {n: sorted(conn.execute(f"SELECT * FROM {n}").fetchall(), key=repr) for n in names}


# Two players as a version-1 database held them (the `players` column of a game).
V1_PLAYERS = ('[{"name":"A","colour":null,"is_bot":false},'
              '{"name":"B","colour":null,"is_bot":false}]')


async def check_upgraded_store(store: Store, newest: int) -> None:
    """A store on a database just brought up to date: every kind of write works."""
    assert await store.schema_version() == newest
    game = await store.games.create_game(
        "counting", guild_id=1, channel_id=1, players=players(2), seed=3
    )
    result = await store.actions.submit(
        game.id, {"seat": game.state["turn"], "type": "add", "n": 2}, expected_version=0
    )
    assert result.version == 1
    await store.deadlines.set_deadline(game.id, "turn", 10.0, seat=0)
    await store.messages.set_message(game.id, "board", channel_id=1, message_id=2)
    await store.moderation.add_audit(guild_id=1, moderator_id=9, action="kick", game_id=game.id)
    await store.checks.verify_game(game.id)


async def check_version_1_data(store: Store) -> None:
    """What `V1_PLAYERS`' game, its seats and guild 7's settings read as once upgraded."""
    seats = await store.games.get_seats(1)
    assert [(s.user_id, s.notify, s.autopilot) for s in seats] == [
        (100, "mention", False), (101, "mention", False)
    ]
    assert (await store.tables.get_guild_settings(7)).moderator_role_id == 555
    assert (await store.seats.set_autopilot(1, 1, True)).autopilot
