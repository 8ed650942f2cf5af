"""Deadlines, reminders, vacation and autopilot with an injectable clock (no sleeping)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.store.backends.sqlite import BUSY_TIMEOUT_MS
from bot.tables.service import TableError, TableService
from bot.tables.timing import DAY, HOUR

USERS = [101, 102, 103]


class FakeTime:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


class Recorder:
    """Collects what the table would tell Discord."""

    def __init__(self) -> None:
        self.reminders: list[tuple[int, int, float]] = []
        self.digests: list[tuple[int, list[str]]] = []
        self.steps: list = []
        # (game, seat, steps published by then): each seat put on autopilot, told.
        self.autopilot: list[tuple[int, int, int]] = []

    async def remind(self, game, due: list) -> None:
        self.reminders += [(game.id, seat.seat, due_at) for seat, due_at, _dm in due]

    async def digest(self, user_id: int, lines: list[str]) -> None:
        self.digests.append((user_id, lines))

    async def autopilot_on(self, game, seat, *, by_dm: bool, silent: bool) -> None:
        self.autopilot.append((game.id, seat.seat, len(self.steps)))


START = datetime(2026, 11, 2, 12, 0, tzinfo=UTC).timestamp()
OPEN_STORES: list[Store] = []


@pytest.fixture(autouse=True)
async def close_stores():
    """An open store's worker thread would keep the test process alive at exit."""
    yield
    while OPEN_STORES:
        await OPEN_STORES.pop().close()


async def make_table(path: Path, time: FakeTime, timing: str = "async",
                     busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                     **settings) -> tuple[TableService, Recorder, int]:
    store = await Store.open(path, busy_timeout_ms=busy_timeout_ms)
    OPEN_STORES.append(store)
    service = TableService(store, clock=time)
    recorder = Recorder()
    service.clock.notifier = recorder

    async def publish(step) -> None:
        recorder.steps.append(step)

    service.publisher = publish
    game = await store.games.create_game(
        "doge", guild_id=1, channel_id=500, players=[PlayerSpec(n) for n in "ABC"],
        user_ids=USERS, settings={"timing": timing, **settings}, seed=4)
    await service.clock.sync(await service.load(game.id))
    return service, recorder, game.id


async def ballot(service: TableService, game_id: int, user: int, area: str) -> None:
    await service.act(game_id, user, {"type": "ballot", "area": area, "markers": [1]})


async def test_a_placement_deadline_fires_once_and_sits_the_player_out(tmp_path) -> None:
    """D-3.7 at the table's deadline; reminders once each, also across a restart."""
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    await ballot(service, gid, 101, "castello")
    await ballot(service, gid, 102, "castello")
    time.now += DAY / 2 + 1  # halfway: one reminder, for the one still awaited
    await service.clock.tick()
    await service.clock.tick()
    assert [(s, int(d - START)) for _, s, d in rec.reminders] == [(2, int(DAY))]
    # A restart: a new service on the same file sends no reminder twice.
    store = await Store.open(tmp_path / "g.db")
    OPEN_STORES.append(store)
    service = TableService(store, clock=time)
    rec2 = Recorder()
    service.clock.notifier = rec2
    service.publisher = rec2.digest  # unused here
    steps: list = []

    async def publish(step) -> None:
        steps.append(step)

    service.publisher = publish
    await service.clock.reschedule_all()
    time.now = START + DAY - HOUR + 1  # one hour before: the second stage
    await service.clock.tick()
    assert len(rec2.reminders) == 1
    time.now = START + DAY + 1
    assert await service.clock.tick() >= 1
    game = await service.load(gid)
    assert game.state.round == 2 and len(game.state.players[2].markers) == 7
    assert any("ran out of time" in line for line in steps[0].notes)
    assert game.seats[2].misses == 1
    await service.clock.tick()  # nothing fires twice
    assert len(steps) == 1


async def test_two_missed_deadlines_put_the_seat_on_autopilot_until_back(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    for _ in range(2):
        await ballot(service, gid, 101, [a for a in ("castello", "dorsoduro", "san_marco")
                                          if a not in (await service.load(gid)).state
                                          .players[0].cards_used][0])
        await ballot(service, gid, 102, [a for a in ("castello", "dorsoduro", "san_marco")
                                          if a not in (await service.load(gid)).state
                                          .players[1].cards_used][0])
        time.now += 10 * 60
        await service.clock.tick()
    game = await service.load(gid)
    assert game.seats[2].autopilot and game.seats[2].misses == 2
    assert any("autopilot" in line for line in rec.steps[-1].notes)
    assert "Welcome back" in await service.back(gid, 103)
    game = await service.load(gid)
    assert not game.seats[2].autopilot and game.seats[2].misses == 0


async def test_a_decision_deadline_applies_the_default_or_a_standing_order(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    await service.set_orders(gid, 101, {"place": "none", "advisor": "abstain"})
    with pytest.raises(TableError, match="Standing order build"):
        await service.set_orders(gid, 102, {"build": "sometimes"})
    for _ in range(20):  # play placement quickly: everyone one marker on a fresh area
        game = await service.load(gid)
        if game.state.phase != "placement":
            break
        for seat in game.engine.pending(game.state):
            player = game.state.players[seat]
            area = next(a for a in ("castello", "dorsoduro", "san_marco", "san_polo",
                                    "cannaregio", "santa_croce", "quarantia")
                        if a not in player.cards_used)
            await service.act(gid, USERS[seat], {"type": "ballot", "area": area,
                                                 "markers": [max(player.markers)]})
    for _ in range(50):
        game = await service.load(gid)
        if game.state.phase != "elections":
            break
        time.now += 3 * 60
        await service.clock.tick()
    applied = [line for step in rec.steps for line in step.notes if "ran out of time" in line]
    assert any("standing order was followed" in line for line in applied
               if line.startswith("⏰ A"))
    assert any("the table chose for them" in line for line in applied)


async def test_quiet_hours_delay_a_reminder(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    # Quiet from midnight to 06:00 in Amsterdam (23:00 to 05:00 UTC in November).
    await service.store.tables.set_user_prefs(103, tz="Europe/Amsterdam", quiet_start=0,
                                              quiet_end=6)
    time.now = START + DAY / 2 + 1  # 00:00 UTC = 01:00 in Amsterdam: quiet
    await service.clock.tick()
    assert sorted(s for _, s, _ in rec.reminders) == [0, 1]  # seat 2 waits
    time.now = START + DAY / 2 + 4 * HOUR  # 05:00 local: still quiet
    await service.clock.tick()
    assert sorted(s for _, s, _ in rec.reminders) == [0, 1]
    time.now = START + DAY / 2 + 5 * HOUR + 1  # 06:00 local: the delayed reminder
    await service.clock.tick()
    assert sorted(s for _, s, _ in rec.reminders) == [0, 1, 2]
    # Quiet hours running past the deadline drop the reminder instead of sending it late.
    await service.store.tables.set_user_prefs(103, quiet_start=12, quiet_end=20)
    time.now = START + DAY - HOUR + 1  # 12:00 local: quiet until after the deadline
    await service.clock.tick()
    assert [s for _, s, _ in rec.reminders].count(2) == 1


async def test_a_reminder_quiet_hours_push_next_to_the_next_stage_is_dropped(
        tmp_path) -> None:
    """Halfway falls at 01:00 in Amsterdam, quiet until 11:00 local (10:00 UTC); the next
    stage is at 11:00 UTC, an hour later: one reminder, not two in a row."""
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    await service.store.tables.set_user_prefs(103, tz="Europe/Amsterdam", quiet_start=1,
                                              quiet_end=11)
    for hours in (12, 15, 22, 23):  # halfway, quiet, quiet's end, one hour before
        time.now = START + hours * HOUR + 1
        await service.clock.tick()
    assert [due for _g, s, due in rec.reminders if s == 2] == [START + DAY]
    # Without quiet hours, both stages are sent.
    assert [s for _g, s, _d in rec.reminders].count(0) == 2


async def test_vacation_is_capped_at_seven_days_per_game(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    before = await service.clock.due_of(gid, 2)
    assert "5 days" in await service.away(gid, 103, 5)
    assert await service.clock.due_of(gid, 2) == before + 5 * DAY
    text = await service.away(gid, 103, 5)
    assert "2 days" in text and "capped" in text
    with pytest.raises(TableError, match="all 7 days"):
        await service.away(gid, 103, 1)
    assert await service.clock.due_of(gid, 2) == before + 7 * DAY


async def test_back_early_returns_the_unused_days_and_their_time(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    before = await service.clock.due_of(gid, 2)
    await service.away(gid, 103, 3)
    time.now += DAY  # one day away, then back
    await service.back(gid, 103)
    assert await service.clock.due_of(gid, 2) == before + DAY
    seat = (await service.load(gid)).seats[2]
    assert seat.away_until is None and seat.away_used == DAY
    assert "6 days" in await service.away(gid, 103, 6)  # the rest of the 7 is still there


async def test_pause_and_resume_keep_the_remaining_time(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    time.now += 3 * HOUR
    await service.store.deadlines.pause_deadlines(gid, now=time.now)
    time.now += 5 * DAY  # paused: nothing fires
    assert await service.clock.tick() == 0
    await service.store.deadlines.resume_deadlines(gid, now=time.now)
    assert await service.clock.due_of(gid, 0) == time.now + DAY - 3 * HOUR


async def test_the_scheduler_sleeps_until_the_next_row(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    assert await service.clock.next_wake() == START + 150  # halfway through 5 minutes
    await service.store.tables.set_user_prefs(101, digest=True, digest_next=START + 60)
    assert await service.clock.next_wake() == START + 60
    time.now = START + 61
    await service.clock.tick()
    assert rec.digests and rec.digests[0][0] == 101 and "<#500>" in rec.digests[0][1][0]
    assert (await service.store.tables.get_user_prefs(101)).digest_next == START + 60 + DAY


async def test_a_digest_falling_in_quiet_hours_waits_for_their_end(tmp_path) -> None:
    time = FakeTime(START)  # 12:00 UTC
    service, rec, _gid = await make_table(tmp_path / "g.db", time)
    await service.store.tables.set_user_prefs(101, tz="UTC", quiet_start=12, quiet_end=14,
                                              digest=True, digest_next=START + 60)
    time.now = START + 61
    await service.clock.tick()
    assert not rec.digests  # 12:01: quiet
    assert (await service.store.tables.get_user_prefs(101)).digest_next == START + 2 * HOUR
    time.now = START + 2 * HOUR + 1
    await service.clock.tick()
    assert [user for user, _lines in rec.digests] == [101]
    assert (await service.store.tables.get_user_prefs(101)).digest_next == START + 2 * HOUR + DAY


async def test_a_steps_deadlines_change_in_one_transaction(tmp_path) -> None:
    """A click's bookkeeping is one commit however many rows it moves: the answered
    seat's rows go, the next decision's rows for every seat arrive together, and the
    game's deadlines are marked in step with its version (the after-commit handler
    `deadlines`); when nothing changed, nothing is written."""
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    opened: list[str] = []
    database = service.store._db
    plain = database.transaction

    def counted():
        opened.append("transaction")
        return plain()

    database.transaction = counted  # type: ignore[method-assign]
    rows_before = len(await service.store.deadlines.get_deadlines(gid))
    await service.clock.sync(await service.load(gid))
    assert opened == []  # nothing changed, nothing written
    await ballot(service, gid, 101, "castello")
    assert opened == ["transaction"]
    assert {d.seat for d in await service.store.deadlines.get_deadlines(gid)} == {1, 2}
    await ballot(service, gid, 102, "castello")
    opened.clear()
    await ballot(service, gid, 103, "castello")  # the round is revealed: a new decision
    rows = await service.store.deadlines.get_deadlines(gid)
    assert len(opened) == 1 and len(rows) >= rows_before
    assert {d.seat for d in rows} == set((await service.load(gid)).engine.pending(
        (await service.load(gid)).state))
