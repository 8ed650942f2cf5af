"""Fixtures: a real SQLite file per test, the test game next to the real engines."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.base import PlayerSpec
from bot.store import Store
from tests.store.tiny_game import engines


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(db_path, engines=engines, snapshot_every=5)
    try:
        yield s
    finally:
        await s.close()


def players(n: int = 3) -> list[PlayerSpec]:
    return [PlayerSpec(name=f"P{i}") for i in range(n)]


def db_contents(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, read through a separate connection, to prove that a
    refused operation changed nothing at all."""
    with sqlite3.connect(path) as conn:
        names = [
            r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {n: sorted(conn.execute(f"SELECT * FROM {n}").fetchall(), key=repr) for n in names}
