"""A deadline that ends the game: the time-out is applied, the game finishes and the step
is published, even when it is the seat's second miss in a row (no autopilot to start)."""

from __future__ import annotations

from bot.tables.kits import get_kit
from tests.tables.test_clock import START, FakeTime, close_stores, make_table  # noqa: F401


async def test_a_second_missed_deadline_that_ends_the_game_is_published(tmp_path) -> None:
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, year_limit=1)
    store = service.store
    for _ in range(500):  # everyone takes the default until one step would end the game
        game = await service.load(gid)
        seat = game.engine.pending(game.state)[0]
        action = game.engine.default_action(game.state, seat)
        if game.engine.is_over(game.engine.apply(game.state, action).state):
            break
        await store.actions.submit(gid, action, expected_version=game.version)
    else:
        raise AssertionError("the year never ended")
    await store.seats.update_seat(gid, seat, misses=1)  # this seat missed the deadline before
    decision = get_kit("doge").decision_key(game.state, seat)
    rec.steps.clear()
    await service.time_out(gid, seat, decision=decision)
    game = await service.load(gid)
    assert game.row.status == "finished"
    assert len(rec.steps) == 1 and rec.steps[0].finished
    assert "ran out of time" in rec.steps[0].notes[0]
    assert not game.seats[seat].autopilot
