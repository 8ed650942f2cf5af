"""A step whose deadlines could not be set is not left without them: setting a step's
deadlines and reminders is the after-commit handler `deadlines` (bot/store/after_commit.py),
owed while the version the game's deadlines are in step with trails the game's, and the
table clock's next tick brings them in step. Without it, a refused write right after the
step's commit left the decisions it awaits with no deadline: a table stalled until the
bot restarted."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.store.backends.sql import IntegrityViolation
from bot.tables.kits import get_kit
from bot.tables.service import TableService
from tests.tables.test_clock import (
    START,
    FakeTime,
    ballot,
    close_stores,  # noqa: F401  (fixture)
    make_table,
)


@contextmanager
def deadlines_refused(path: Path) -> Iterator[None]:
    """The database refuses to bring any game's deadlines in step (a write refused for a
    moment) until the block ends."""
    with sqlite3.connect(path) as conn:
        for when in ("INSERT", "UPDATE"):
            conn.execute(f"CREATE TRIGGER refuse_{when.lower()} BEFORE {when} ON "
                         "deadlines_in_step BEGIN "
                         "SELECT RAISE(ABORT, 'attempt to write a readonly database'); END")
    try:
        yield
    finally:
        with sqlite3.connect(path) as conn:
            conn.execute("DROP TRIGGER refuse_insert")
            conn.execute("DROP TRIGGER refuse_update")


async def awaited_without_deadline(service: TableService, game_id: int) -> list[int]:
    """The awaited seats whose current decision has no deadline row."""
    game = await service.load(game_id)
    kit = get_kit(game.row.game)
    kinds = {(d.seat, d.kind) for d in await service.store.deadlines.get_deadlines(game_id)}
    return [s.seat for s in service.awaited_seats(game)
            if (s.seat, f"due:{kit.decision_key(game.state, s.seat)}") not in kinds]


async def test_a_step_whose_deadlines_were_refused_gets_them_at_the_clocks_next_tick(
        tmp_path: Path) -> None:
    time = FakeTime(START)
    path = tmp_path / "g.db"
    service, _rec, gid = await make_table(path, time)
    await ballot(service, gid, 101, "castello")
    await ballot(service, gid, 102, "castello")
    before = (await service.load(gid)).version
    with deadlines_refused(path), pytest.raises(IntegrityViolation, match="readonly"):
        await ballot(service, gid, 103, "castello")  # committed; its deadlines refused
    game = await service.load(gid)
    assert game.version > before  # the step stands
    assert await service.store.deadlines.games_behind() == [gid]
    assert await awaited_without_deadline(service, gid)  # the table would stall

    await service.clock.tick()
    assert await awaited_without_deadline(service, gid) == []
    assert await service.store.deadlines.games_behind() == []
    assert await service.store.deadlines.in_step_version(gid) == game.version
    rows = await service.store.deadlines.get_deadlines(gid)
    await service.clock.tick()  # in step: nothing changes again
    assert await service.store.deadlines.get_deadlines(gid) == rows


async def test_a_game_no_table_brought_in_step_is_owed_nothing(tmp_path: Path) -> None:
    """A game a tool started, never set by a table, keeps the deadlines it has."""
    time = FakeTime(START)
    service, _rec, gid = await make_table(tmp_path / "g.db", time)
    store = service.store
    loaded = await store.actions.load(gid)
    other = await store.games.create_game(
        "doge", guild_id=1, channel_id=501, players=list(loaded.row.players),
        user_ids=[201, 202, 203], settings=dict(loaded.row.settings), seed=5)
    await store.actions.submit(other.row.id, {"seat": 0, "type": "ballot", "area": "castello",
                                              "markers": [1]}, expected_version=None)
    assert await store.deadlines.games_behind() == []
    await service.clock.tick()
    assert await store.deadlines.get_deadlines(other.row.id) == []
