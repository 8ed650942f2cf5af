"""The autopilot never plays a game out in one go: while nobody at the table plays their
own seat, it answers at each deadline. Acting yourself ends your autopilot; a standing
order is your own answer, not a missed deadline; `back` with nothing to come back from
is refused."""

from __future__ import annotations

import pytest

from bot.games.base import PlayerSpec
from bot.tables.absence import deadline_plan
from bot.tables.moderation import Moderation, Moderator
from bot.tables.service import TableError
from bot.tables.timing import moves_at_once
from cogs.clans.prompts import clans_prompt
from tests.tables.test_clock import (  # noqa: F401  (close_stores: autouse fixture)
    START,
    USERS,
    FakeTime,
    ballot,
    close_stores,
    make_table,
)

PLACEMENT_S = 5 * 60  # the live preset's placement round
CLANS_DECISION_S = 2 * 60  # the live preset's decision


async def everyone_misses_twice(tmp_path):
    time = FakeTime(START)
    service, rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    for _round in range(2):
        time.now += PLACEMENT_S + 1
        await service.clock.tick()
    return time, service, rec, gid


async def test_with_nobody_playing_the_autopilot_answers_at_each_deadline(tmp_path) -> None:
    time, service, rec, gid = await everyone_misses_twice(tmp_path)
    game = await service.load(gid)
    assert all(s.autopilot for s in game.seats) and game.row.status == "active"
    assert game.state.round == 3 and sorted(game.engine.pending(game.state)) == [0, 1, 2]
    assert not any(moves_at_once(game, s) for s in range(3))
    deadlines = await service.store.deadlines.get_deadlines(gid)
    due = {d.seat for d in deadlines if d.kind.startswith("due:")}
    assert due == {0, 1, 2}  # each waits for its deadline, as a person would
    version = game.version
    time.now += PLACEMENT_S + 1
    await service.clock.tick()
    game = await service.load(gid)
    assert game.row.status == "active" and game.state.round == 4  # one round, no more
    assert game.version == version + 3
    assert any("the autopilot played for them" in str(n) for s in rec.steps for n in s.notes)


async def test_acting_yourself_ends_your_autopilot_and_the_others_move_at_once(
        tmp_path) -> None:
    _time, service, _rec, gid = await everyone_misses_twice(tmp_path)
    game = await service.load(gid)
    area = next(a for a in ("castello", "dorsoduro", "san_marco", "santa_croce")
                if a not in game.state.players[0].cards_used)
    await ballot(service, gid, 101, area)
    step = (await service.load(gid), None)[0]
    assert not step.seats[0].autopilot and step.seats[0].misses == 0
    assert step.seats[1].autopilot and step.seats[2].autopilot
    # Someone plays again: the others' autopilot answers at once, the game waits for A.
    assert step.state.round == 4 and step.engine.pending(step.state) == [0]
    assert {d.seat for d in await service.store.deadlines.get_deadlines(gid)} == {0}


async def test_acting_yourself_is_announced(tmp_path) -> None:
    _time, service, _rec, gid = await everyone_misses_twice(tmp_path)
    game = await service.load(gid)
    area = next(a for a in ("castello", "dorsoduro", "san_marco", "santa_croce")
                if a not in game.state.players[1].cards_used)
    step = await service.act(gid, 102, {"type": "ballot", "area": area, "markers": [1]})
    assert [str(n) for n in step.notes] == ["👋 B plays their own seat again."]


async def test_a_standing_order_is_not_a_missed_deadline(tmp_path) -> None:
    time = FakeTime(START)
    service, _rec, gid = await make_table(tmp_path / "g.db", time, timing="live")
    await service.set_orders(gid, 103, {"place": "none", "advisor": "abstain",
                                        "build": "none"})
    answered_by_order = 0
    for _ in range(400):
        game = await service.load(gid)
        if game.row.status != "active" or answered_by_order >= 3:
            break
        pending = game.engine.pending(game.state)
        for seat in pending:
            if seat == 2:
                continue
            action = game.engine.legal_actions(game.state, seat)[0]
            await service.act(gid, 101 + seat, {k: v for k, v in action.items() if k != "seat"})
        game = await service.load(gid)
        if 2 in game.engine.pending(game.state):
            plan, before = deadline_plan(game, 2), game.seats[2].misses
            await service.time_out(gid, 2)
            seat = (await service.load(gid)).seats[2]
            if plan == "order":
                answered_by_order += 1
                assert seat.misses == before, "a standing order counted as a miss"
            elif seat.misses >= 2:  # placement rounds missed (D-3.7): these count
                await service.back(gid, 103)
    assert answered_by_order >= 2


async def test_back_with_nothing_to_come_back_from_is_refused(tmp_path) -> None:
    _time, service, _rec, gid = await everyone_misses_twice(tmp_path)
    assert "Welcome back" in await service.back(gid, 101)
    with pytest.raises(TableError, match="You are playing your own seat already"):
        await service.back(gid, 101)


async def test_the_placement_prompt_says_what_a_deadline_does(tmp_path) -> None:
    from cogs.doge.prompts import doge_prompt

    time = FakeTime(START)
    service, _rec, gid = await make_table(tmp_path / "g.db", time, timing="live",
                                          autopilot=True)
    text, _view = await doge_prompt(service, await service.load(gid))
    assert text.splitlines()[-1] == "-# At a deadline the autopilot chooses for whoever has not."


async def test_coming_back_wakes_the_autopilot_of_the_others(tmp_path) -> None:
    """With someone playing their own seat again, the others' autopilot answers at once
    again: nothing waits for a deadline that no longer exists."""
    _time, service, _rec, gid = await everyone_misses_twice(tmp_path)
    await service.back(gid, 102)
    game = await service.load(gid)
    assert game.engine.pending(game.state) == [1]  # A and C answered at once
    rows = await service.store.deadlines.get_deadlines(gid)
    assert {d.seat for d in rows} == {1}


async def test_an_autopilot_answering_at_its_deadline_is_not_reminded(tmp_path) -> None:
    _time, service, _rec, gid = await everyone_misses_twice(tmp_path)
    rows = await service.store.deadlines.get_deadlines(gid)
    assert {d.seat for d in rows} == {0, 1, 2}
    assert all(d.kind.startswith("due:") for d in rows)  # no reminder rows


async def test_a_moderators_replacement_wakes_the_autopilot_of_the_others(tmp_path) -> None:
    from bot.tables.moderation import Moderation, Moderator

    _time, service, _rec, gid = await everyone_misses_twice(tmp_path)
    mod = Moderator(900, 1, manage_channels=True)
    result = await Moderation(service).replace(mod, 500, 103, 104, "D")
    await result.then()
    game = await service.load(gid)
    assert game.engine.pending(game.state) == [2]  # A and B answered at once for D


async def clans_on_paced_autopilot(tmp_path):
    """Alone at the table, both Clans players missed two deadlines each: the autopilot
    answers for both, at each deadline."""
    time = FakeTime(START)
    service, _rec, _doge = await make_table(tmp_path / "g.db", time, timing="live")
    game = await service.store.games.create_game(
        "clans", guild_id=1, channel_id=501, players=[PlayerSpec("A"), PlayerSpec("B")],
        user_ids=USERS[:2], settings={"timing": "live"}, seed=4)
    await service.clock.sync(await service.load(game.id))
    for _deadline in range(4):  # turns alternate: two misses each
        time.now += CLANS_DECISION_S + 1
        await service.clock.tick()
    game = await service.load(game.id)
    assert all(s.autopilot for s in game.seats) and game.row.status == "active"
    return time, service, game


async def test_a_clans_seat_on_paced_autopilot_is_still_asked_and_may_answer(
        tmp_path) -> None:
    """The prompt still offers the mover the regions (named, not pinged), so coming back
    is one click, not only `back`."""
    _time, service, game = await clans_on_paced_autopilot(tmp_path)
    mover = service.awaited_seats(game)[0]
    assert not moves_at_once(game, mover.seat)
    text, view = await clans_prompt(service, game)
    assert f"{mover.name} (🤖 autopilot), your move" in text and "<@" not in text
    assert "the autopilot answers for you" in text
    regions = [b for b in view.children if str(b.custom_id).startswith("g:")
               and "clans.me" not in str(b.custom_id)]
    assert regions, "the mover gets the region buttons"
    move = game.engine.legal_actions(game.state, mover.seat)[0]
    step = await service.act(game.id, mover.user_id, {k: v for k, v in move.items()
                                                      if k != "seat"})
    assert not step.game.seats[mover.seat].autopilot


async def test_undo_takes_back_one_paced_autopilot_answer(tmp_path) -> None:
    """An autopilot's answer at its deadline is a move made for a person, like a
    deadline's default: undo takes back that one, not every move before it."""
    time, service, game = await clans_on_paced_autopilot(tmp_path)
    time.now += CLANS_DECISION_S + 1
    await service.clock.tick()
    before = await service.load(game.id)
    assert before.version == game.version + 1  # one answer, at its deadline
    await Moderation(service).undo(Moderator(900, 1, manage_channels=True), 501)
    after = await service.load(game.id)
    assert after.version == game.version and after.state == game.state


async def test_a_clans_seat_the_autopilot_plays_at_once_is_named_as_the_players(
        tmp_path) -> None:
    """While another person plays, the autopilot (a searching one thinks a while) moves
    for the seat at once: the prompt marks it as the player's, on autopilot, never as
    'a computer'."""
    time = FakeTime(START)
    service, _rec, _doge = await make_table(tmp_path / "g.db", time, timing="live")
    game = await service.store.games.create_game(
        "clans", guild_id=1, channel_id=501, players=[PlayerSpec("A"), PlayerSpec("B")],
        user_ids=USERS[:2], settings={"timing": "live"}, seed=4)
    mover = service.awaited_seats(await service.load(game.id))[0]
    await service.store.seats.set_autopilot(game.id, mover.seat, True)
    game = await service.load(game.id)
    assert moves_at_once(game, mover.seat)
    text, _view = await clans_prompt(service, game)
    assert text.endswith(f"⏳ {mover.name} (🤖 autopilot)") and "computer" not in text
