"""A ballot goes to the round it was made for (D-3.3): one checked in round r but
committed after the round was revealed is refused, not cast in round r + 1."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.tables.service import TableError
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
    load_game = service.store.load_game

    async def counted(game_id: int, **kwargs):
        nonlocal reads
        reads += 1
        return await load_game(game_id, **kwargs)

    service.store.load_game = counted  # type: ignore[method-assign]
    step = await service.act(gid, USERS[0], {"type": "ballot", "area": "castello",
                                             "markers": [1]})
    assert reads == 1
    other = await Store.open(tmp_path / "g.db")  # another process: reads the database
    try:
        fresh = await other.load_game(gid)
    finally:
        await other.close()
    assert step.game.row == fresh.row and step.game.seats == fresh.seats
    assert step.game.engine.state_to_json(step.game.state) == \
        fresh.engine.state_to_json(fresh.state)
