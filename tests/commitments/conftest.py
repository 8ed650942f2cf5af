"""The store on SQLite and on PostgreSQL, as in tests/store; the stores the table tests
open are closed after each test."""

from collections.abc import AsyncIterator

import pytest

from tests.commitments.play import OPENED
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
async def close_opened_stores() -> AsyncIterator[None]:
    """A store left open keeps its connection's thread, and with it the test run, alive."""
    yield
    while OPENED:
        await OPENED.pop().close()
