"""The web tests' store (a real SQLite file) and browser (tests/web/browser.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.web.browser import browser  # noqa: F401  (fixture)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "games.db")
    try:
        yield s
    finally:
        await s.close()
