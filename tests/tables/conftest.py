"""Fixtures of the table tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.postgres import fresh_database


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """Where two stores meet, as two processes would: an SQLite file (the tests' stand-in
    for two processes) or a PostgreSQL database of the test's own."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.db")
        return
    async with fresh_database("tables") as url:
        yield url
