"""Failures around a write: a database locked by someone else, a cancelled caller."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from bot.store import Store
from tests.store.conftest import db_contents, players
from tests.store.tiny_game import engines


async def test_a_locked_database_refuses_cleanly_and_recovers(db_path: Path) -> None:
    store = await Store.open(db_path, engines=engines, busy_timeout_ms=50)
    try:
        game = await store.games.create_game(
            "counting", guild_id=1, channel_id=1, players=players(2), seed=1
        )
        action = {"seat": game.state["turn"], "type": "add", "n": 1}
        blocker = sqlite3.connect(db_path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            before = db_contents(db_path)
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                await store.actions.submit(game.id, action, expected_version=0)
            assert db_contents(db_path) == before
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        result = await store.actions.submit(game.id, action, expected_version=0)
        assert result.version == 1
        await store.checks.verify_game(game.id)
    finally:
        await store.close()


async def test_cancelled_submissions_leave_a_consistent_store(store: Store) -> None:
    """Callers cancelled at random moments (a Discord interaction timing out, shutdown):
    each action is either wholly in or wholly out, and the store carries on."""
    game = await store.games.create_game(
        "counting", guild_id=1, channel_id=1, players=players(2), settings={"target": 10**6},
        seed=1,
    )
    rng = random.Random(5)
    for round_ in range(60):
        loaded = await store.actions.load(game.id)
        action = {"seat": loaded.state["turn"], "type": "add", "n": 1}
        task = asyncio.create_task(
            store.actions.submit(game.id, action, expected_version=loaded.version,
                                 idempotency_key=f"r{round_}")
        )
        for _ in range(rng.randrange(6)):
            await asyncio.sleep(0)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
    final = await store.actions.load(game.id, verify=True)
    assert final.version < 60  # some were cancelled before they reached the database
    log = await store.actions.log(game.id)
    assert [a.version for a in log] == list(range(1, final.version + 1))
    assert final.state["total"] == final.version
    follow = await store.actions.submit(
        game.id, {"seat": final.state["turn"], "type": "add", "n": 2},
        expected_version=final.version,
    )
    assert follow.version == final.version + 1
    await store.checks.verify_game(game.id, from_scratch=True)
