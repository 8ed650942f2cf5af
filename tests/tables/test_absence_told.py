"""Absence made visible. A player whose missed deadlines put their seat on autopilot is
told, once, after the step is committed and shown (not if they want no reminders, not for
a computer seat, not once the game is over); and wherever the table lists whom it waits
for, a player away on vacation or on autopilot is marked so, by the table's own clock."""

from __future__ import annotations

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timing import DAY
from cogs.clans.prompts import clans_prompt
from cogs.doge.prompts import doge_prompt
from tests.tables.test_clock import (
    OPEN_STORES,
    START,
    USERS,
    FakeTime,
    Recorder,
    ballot,
    close_stores,  # noqa: F401  (autouse fixture)
    make_table,
)

PLACEMENT_S = 5 * 60  # the live preset's placement round


async def seat_misses_twice(service: TableService, gid: int, time: FakeTime) -> None:
    """Seats 0 and 1 choose each round; seat 2 lets two deadlines pass."""
    for areas in (("castello", "dorsoduro"), ("san_marco", "san_polo")):
        await ballot(service, gid, USERS[0], areas[0])
        await ballot(service, gid, USERS[1], areas[1])
        time.now += PLACEMENT_S + 1
        await service.clock.tick()


async def test_the_player_put_on_autopilot_is_told_once_after_the_step_is_shown(
        tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    told_when: list[bool] = []

    async def autopilot_on(game, seat, **how) -> None:  # what the notifier sees when told
        stored = (await service.load(game.id)).seats[seat.seat]
        told_when.append(stored.autopilot and seat.autopilot)
        rec.autopilot.append((game.id, seat.seat, len(rec.steps)))

    rec.autopilot_on = autopilot_on  # type: ignore[method-assign]
    await seat_misses_twice(service, gid, time)
    # Told after the two steps (one per missed deadline) were published, and committed.
    assert rec.autopilot == [(gid, 2, 2)] and told_when == [True]
    for user, area in ((USERS[0], "cannaregio"), (USERS[1], "santa_croce")):
        # The autopilot plays seat 2 at once, round after round.
        await service.act(gid, user, {"type": "ballot", "area": area, "markers": [2]})
    assert (await service.load(gid)).state.round == 4
    assert len(rec.autopilot) == 1  # once, not at every move it makes


async def test_no_notice_for_a_player_who_wants_no_reminders(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    await service.store.tables.set_user_prefs(USERS[2], notify="off")
    await seat_misses_twice(service, gid, time)
    assert (await service.load(gid)).seats[2].autopilot
    assert any("autopilot plays for them" in line for line in rec.steps[-1].notes)
    assert rec.autopilot == []


async def test_everyone_put_on_autopilot_is_told_each_but_those_who_opted_out(
        tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    await service.store.tables.set_user_prefs(USERS[0], notify="off")
    await service.store.tables.set_user_prefs(USERS[1], notify="dm")
    for _round in range(2):
        time.now += PLACEMENT_S + 1
        await service.clock.tick()
    assert all(s.autopilot for s in (await service.load(gid)).seats)
    assert sorted(seat for _g, seat, _n in rec.autopilot) == [1, 2]


async def test_no_notice_for_a_computer_seat_or_a_game_that_is_over(tmp_path) -> None:
    time = FakeTime(START)
    store = await Store.open(tmp_path / "g.db")
    OPEN_STORES.append(store)
    service = TableService(store, clock=time)
    rec = Recorder()
    service.clock.notifier = rec
    game = await store.games.create_game(
        "doge", guild_id=1, channel_id=500,
        players=[PlayerSpec("A"), PlayerSpec("B"), PlayerSpec("C", is_bot=True)],
        user_ids=[USERS[0], USERS[1], None], settings={"timing": "live"}, seed=4)
    for seat in (1, 2):
        await store.seats.set_autopilot(game.id, seat, True)
    await service.clock.tell_autopilot(await service.load(game.id), 2)  # a computer's
    assert rec.autopilot == []
    await service.clock.tell_autopilot(await service.load(game.id), 1)
    assert [seat for _g, seat, _n in rec.autopilot] == [1]
    await store.games.end_game(game.id)
    await service.clock.tell_autopilot(await service.load(game.id), 1)
    assert len(rec.autopilot) == 1


async def test_an_away_player_is_marked_where_the_table_lists_them(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    await service.away(gid, USERS[2], 2)
    until = f"<t:{int(START + 2 * DAY)}:f>"
    game = await service.load(gid)
    assert service.away_now(game.seats[2]) == START + 2 * DAY
    assert service.away_now(game.seats[0]) is None
    mark = f"(🏖️ away until {until})"
    assert service.waiting_line(game).endswith(f"<@{USERS[2]}> {mark}.")
    text, _view = await doge_prompt(service, game)
    [line] = [line for line in text.splitlines() if f"<@{USERS[2]}>" in line]
    assert f"<@{USERS[2]}>: ⏳ {mark} (deadline <t:" in line  # named once
    assert text.count("🏖️") == 1  # the others are not away
    time.now = START + 2 * DAY + 1  # the vacation is over, by the table's clock
    assert service.away_now(game.seats[2]) is None
    text, _view = await doge_prompt(service, game)
    assert "🏖️" not in text and "🏖️" not in service.waiting_line(game)


async def test_back_early_clears_the_mark(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time)
    await service.away(gid, USERS[2], 3)
    time.now += DAY
    await service.back(gid, USERS[2])
    text, _view = await doge_prompt(service, await service.load(gid))
    assert "🏖️" not in text


async def test_seats_the_autopilot_plays_are_marked_while_awaited(tmp_path) -> None:
    """Nobody plays their own seat: each autopilot seat waits for its deadline, listed
    as on autopilot, named but not pinged."""
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    for _round in range(2):
        time.now += PLACEMENT_S + 1
        await service.clock.tick()
    game = await service.load(gid)
    assert all(s.autopilot for s in game.seats) and len(service.awaited_seats(game)) == 3
    text, _view = await doge_prompt(service, game)
    marked = [line for line in text.splitlines() if "⏳ (🤖 autopilot) (deadline <t:" in line]
    assert len(marked) == 3 and "<@" not in text
    assert service.waiting_line(game).count("(🤖 autopilot)") == 3


async def test_clans_prompt_marks_an_away_player(tmp_path) -> None:
    time = FakeTime(START)
    store = await Store.open(tmp_path / "g.db")
    OPEN_STORES.append(store)
    service = TableService(store, clock=time)
    game = await store.games.create_game(
        "clans", guild_id=1, channel_id=500, players=[PlayerSpec("A"), PlayerSpec("B")],
        user_ids=USERS[:2], settings={"timing": "async"}, seed=4)
    await service.clock.sync(await service.load(game.id))
    mover = service.awaited_seats(await service.load(game.id))[0]
    await service.away(game.id, mover.user_id, 1)
    text, _view = await clans_prompt(service, await service.load(game.id))
    assert f"<@{mover.user_id}> (🏖️ away until <t:{int(START + DAY)}:f>), your move" in text
