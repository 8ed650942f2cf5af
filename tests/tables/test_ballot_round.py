"""Placement at the table: a ballot goes to the round it was made for (D-3.3), one
checked in round r but committed after the round was revealed is refused, not cast in
round r + 1; a click reads the game once; a seat sat out at its deadline (D-3.7) is not
shown as having chosen."""

from __future__ import annotations

import pytest

from bot.games.doge.narrate import describe_event
from bot.store import Store
from bot.tables.kits import get_kit
from bot.tables.service import TableError
from cogs.doge.prompts import doge_prompt
from tests.tables.test_clock import START, FakeTime, close_stores, make_table  # noqa: F401

USERS = (101, 102, 103)


async def test_d_3_3_a_ballot_made_for_a_revealed_round_is_refused(tmp_path) -> None:
    service, _rec, gid = await make_table(tmp_path / "g.db", FakeTime(START))
    first = {"type": "ballot", "area": "castello", "markers": [1]}
    await service.act(gid, USERS[0], first)
    panel = await service.load(gid)  # A opens a panel to change the ballot
    version, decision = panel.version, service.decision_of(panel, USERS[0])
    for user in USERS[1:]:  # meanwhile the others choose: the round is revealed
        await service.act(gid, user, {"type": "ballot", "area": "san_marco", "markers": [1]})
    game = await service.load(gid)
    assert (game.state.year, game.state.round) == (1, 2)
    changed = {"type": "ballot", "area": "dorsoduro", "markers": [2]}
    with pytest.raises(TableError, match="earlier step"):
        await service.act(gid, USERS[0], changed, version=version, decision=decision)
    after = await service.load(gid)
    assert after.version == game.version and 0 not in after.state.ballots
    # Within its own round a change still counts, whatever others did meanwhile.
    await service.act(gid, USERS[1], {"type": "ballot", "area": "cannaregio", "markers": [1]})
    version, decision = after.version, service.decision_of(after, USERS[0])
    await service.act(gid, USERS[2], {"type": "ballot", "area": "cannaregio", "markers": [1]})
    await service.act(gid, USERS[0], changed, version=version, decision=decision)
    assert (await service.load(gid)).state.round == 3


async def test_a_click_reads_the_game_once_and_answers_with_what_was_stored(tmp_path) -> None:
    """The game after a click is built from the submit (the table's lock kept everyone
    else out), not read again; it is the game a fresh load gives."""
    service, _rec, gid = await make_table(tmp_path / "g.db", FakeTime(START))
    reads = 0
    load_game = service.store.actions.load

    async def counted(game_id: int, **kwargs):
        nonlocal reads
        reads += 1
        return await load_game(game_id, **kwargs)

    service.store.actions.load = counted  # type: ignore[method-assign]
    step = await service.act(gid, USERS[0], {"type": "ballot", "area": "castello",
                                             "markers": [1]})
    assert reads == 1
    other = await Store.open(tmp_path / "g.db")  # another process: reads the database
    try:
        fresh = await other.actions.load(gid)
    finally:
        await other.close()
    assert step.game.row == fresh.row and step.game.seats == fresh.seats
    assert step.game.engine.state_to_json(step.game.state) == \
        fresh.engine.state_to_json(fresh.state)


async def test_d_3_7_a_seat_sat_out_at_its_deadline_is_not_shown_as_having_chosen(
        tmp_path) -> None:
    service, _rec, gid = await make_table(tmp_path / "g.db", FakeTime(START))
    await service.act(gid, USERS[0], {"type": "ballot", "area": "castello", "markers": [1]})
    game = await service.load(gid)
    await service.time_out(gid, 1, decision=get_kit("doge").decision_key(game.state, 1))
    text, _view = await doge_prompt(service, await service.load(gid))
    lines = text.splitlines()
    assert any(line.endswith("A: ✅ has chosen") for line in lines)
    assert any(line.endswith("B: sits out this round (D-3.7)") for line in lines)
    nobody = {"type": "round_revealed", "round": 2, "placements": []}
    assert describe_event(nobody, ["A", "B", "C"]) == "Round 2 revealed: nobody placed markers."


async def test_standing_orders_in_the_lobby_say_the_game_has_not_started(tmp_path) -> None:
    service, _rec, _gid = await make_table(tmp_path / "g.db", FakeTime(START))
    lobby = await service.open_lobby("doge", guild_id=1, channel_id=501, user_id=101,
                                     user_name="A", seats=3, timing="async")
    with pytest.raises(TableError, match="The game has not started yet."):
        await service.set_orders(lobby.id, 101, {"advisor": "take"})
