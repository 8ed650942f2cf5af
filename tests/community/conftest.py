"""The community tests' store: on each backend (a test module brings the `backend`
fixture from tests/store/conftest.py), with a clock the tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from tests.community.helpers import Clock


@pytest.fixture
async def store(backend) -> AsyncIterator[Store]:
    s = await Store.open(backend.target, clock=Clock())
    try:
        yield s
    finally:
        await s.close()
