"""One action = one transaction: versions, idempotency, refusals that change nothing,
snapshots, loading, rebuilding and mismatch detection (on the test game)."""

from __future__ import annotations

import asyncio
import json
import math
from typing import Any

import pytest

from bot.games.base import IllegalAction
from bot.store import (
    FINISHED,
    BadAction,
    KeyReused,
    LoadedGame,
    StaleVersion,
    StateMismatch,
    Store,
    UnknownGame,
    WrongStatus,
)
from tests.store.backends import Backend
from tests.store.conftest import players
from tests.store.tiny_game import engines


async def new_game(store: Store, target: int = 200, channel: int = 10) -> LoadedGame:
    return await store.games.create_game(
        "counting", guild_id=1, channel_id=channel, players=players(2),
        settings={"target": target}, seed=7,
    )


def move(state: dict[str, Any], n: int = 1) -> dict[str, Any]:
    return {"seat": state["turn"], "type": "add", "n": n}


async def test_actions_bump_the_version_and_are_logged(store: Store) -> None:
    game = await new_game(store)
    state, version = game.state, 0
    for i in range(12):
        result = await store.actions.submit(
            game.id, move(state, 1 + i % 3), expected_version=version, actor_id=100 + i
        )
        assert result.version == version + 1 and not result.duplicate
        assert result.events[0]["type"] == "added"
        state, version = result.state, result.version
    log = await store.actions.log(game.id)
    assert [a.seq for a in log] == list(range(1, 13)) == [a.version for a in log]
    assert [a.actor_id for a in log] == list(range(100, 112))
    assert [a.seq for a in await store.actions.log(game.id, after_version=10)] == [11, 12]
    assert len(await store.actions.log(game.id, limit=3)) == 3
    loaded = await store.actions.load(game.id, verify=True)
    assert loaded.version == 12 and loaded.state == state
    assert await store.checks.verify_game(game.id, from_scratch=True) == state


async def test_snapshots_every_n_actions(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    state, version = game.state, 0
    for _ in range(12):
        result = await store.actions.submit(game.id, move(state), expected_version=version)
        state, version = result.state, result.version
    versions = [r[0] for r in await backend.fetch("SELECT version FROM snapshots ORDER BY version")]
    assert versions == [0, 5, 10]  # the fixture's store snapshots every 5
    at_five = await store.actions.state_at(game.id, 5)
    assert await store.actions.state_at(game.id, 7) == at_five | {
        "total": 7, "adds": [4, 3] if game.state["turn"] == 0 else [3, 4],
        "turn": (game.state["turn"] + 7) % 2,
    }


async def test_stale_version_is_refused_and_changes_nothing(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    first = await store.actions.submit(game.id, move(game.state), expected_version=0)
    before = await backend.contents()
    with pytest.raises(StaleVersion) as caught:
        await store.actions.submit(game.id, move(first.state), expected_version=0)
    assert (caught.value.current, caught.value.given) == (1, 0)
    assert "is at version 1, but the action was made for version 0" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert await backend.contents() == before


async def test_duplicate_key_is_applied_once(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    action = move(game.state, 2)
    first = await store.actions.submit(game.id, action, expected_version=0, idempotency_key="k1")
    before = await backend.contents()
    again = await store.actions.submit(game.id, action, expected_version=0, idempotency_key="k1")
    assert again.duplicate and not first.duplicate
    assert (again.version, again.state, again.events) == (first.version, first.state, first.events)
    assert await backend.contents() == before
    # The same retry after the game moved on: still the first result, state as it was then.
    second = await store.actions.submit(game.id, move(first.state), expected_version=1)
    late = await store.actions.submit(game.id, action, expected_version=0, idempotency_key="k1")
    assert late.duplicate and late.version == 1 and late.state == first.state
    # A caller that refreshed its version before retrying gets the duplicate too.
    fresh = await store.actions.submit(
        game.id, action, expected_version=second.version, idempotency_key="k1"
    )
    assert fresh.duplicate and fresh.version == 1
    # Without a version check (the bot's own moves) the key still guards.
    unchecked = await store.actions.submit(
        game.id, action, expected_version=None, idempotency_key="k1"
    )
    assert unchecked.duplicate
    assert len(await store.actions.log(game.id)) == 2


async def test_reused_key_with_another_action_is_refused(store: Store) -> None:
    game = await new_game(store)
    await store.actions.submit(game.id, move(game.state, 1), expected_version=0,
                               idempotency_key="k")
    with pytest.raises(KeyReused, match="already used for another action"):
        await store.actions.submit(
            game.id, move(game.state, 3), expected_version=0, idempotency_key="k"
        )


async def test_double_click_race_applies_once(store: Store) -> None:
    game = await new_game(store)
    action = move(game.state)
    results = await asyncio.gather(*[
        store.actions.submit(game.id, action, expected_version=0, idempotency_key="click")
        for _ in range(10)
    ])
    assert sum(not r.duplicate for r in results) == 1
    assert {r.version for r in results} == {1}
    assert len(await store.actions.log(game.id)) == 1


@pytest.mark.parametrize(
    "action",
    [
        [1, 2],
        "add",
        None,
        {"type": "add", "n": 1},
        {"seat": "0", "type": "add", "n": 1},
        {"seat": True, "type": "add", "n": 1},
        {"seat": 0, "n": 1},
        {"seat": 0, "type": "", "n": 1},
        {"seat": 0, "type": "add", "n": {1, 2}},
        {"seat": 0, "type": "add", "n": math.nan},
        {"seat": 0, "type": "add", "n": object()},
        {"seat": 0, "type": "add"},  # the engine cannot read it: KeyError becomes BadAction
    ],
)
async def test_malformed_actions_are_refused_cleanly(
    store: Store, backend: Backend, action: Any
) -> None:
    game = await new_game(store)
    if isinstance(action, dict) and action.get("seat") == 0:
        action["seat"] = game.state["turn"]
    before = await backend.contents()
    with pytest.raises(BadAction) as caught:
        await store.actions.submit(game.id, action, expected_version=0)
    assert str(caught.value) and "\n" not in str(caught.value)
    assert await backend.contents() == before
    # The store is unharmed: the next good action goes through.
    assert (await store.actions.submit(game.id, move(game.state), expected_version=0)).version == 1


async def test_bad_keys_and_unknown_games(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    before = await backend.contents()
    with pytest.raises(UnknownGame, match="there is no game 999"):
        await store.actions.submit(999, move(game.state), expected_version=0)
    for key in ("", "x" * 201, 5):
        with pytest.raises(BadAction):
            await store.actions.submit(game.id, move(game.state), expected_version=0,
                                       idempotency_key=key)  # type: ignore[arg-type]
    assert await backend.contents() == before


async def test_illegal_action_propagates_and_changes_nothing(
    store: Store, backend: Backend
) -> None:
    game = await new_game(store)
    wrong_seat = {"seat": 1 - game.state["turn"], "type": "add", "n": 1}
    before = await backend.contents()
    with pytest.raises(IllegalAction, match=r"not your turn \(C-2\)"):
        await store.actions.submit(game.id, wrong_seat, expected_version=0, idempotency_key="k")
    with pytest.raises(IllegalAction, match="add 1, 2 or 3"):
        await store.actions.submit(game.id, move(game.state, 4), expected_version=0)
    assert await backend.contents() == before
    # The refused key was not burnt.
    ok = await store.actions.submit(game.id, move(game.state), expected_version=0,
                                    idempotency_key="k")
    assert not ok.duplicate


async def test_the_end_of_the_game_finishes_it(store: Store) -> None:
    game = await new_game(store, target=5)
    await store.deadlines.set_deadline(game.id, "turn", 50.0)
    state, version, result = game.state, 0, None
    while not store.engine("counting").is_over(state):
        result = await store.actions.submit(game.id, move(state, 3), expected_version=version)
        state, version = result.state, result.version
    assert result is not None and result.finished
    row = await store.games.get_game(game.id)
    assert row.status == FINISHED and row.finished_at is not None
    assert row.result == {"winners": [result.events[0]["seat"]]}
    assert await store.deadlines.get_deadlines(game.id) == []
    with pytest.raises(WrongStatus, match="finished, not active"):
        await store.actions.submit(game.id, move(state), expected_version=version)
    assert (await store.actions.load(game.id, verify=True)).state == state


async def test_actions_on_a_lobby_are_refused(store: Store) -> None:
    lobby = await store.lobbies.create("counting", guild_id=1, channel_id=10)
    with pytest.raises(WrongStatus, match="lobby, not active"):
        await store.actions.submit(lobby.id, {"seat": 0, "type": "add", "n": 1},
                                   expected_version=0)
    assert (await store.actions.load(lobby.id)).state is None


async def _play(store: Store, game: LoadedGame, count: int) -> None:
    state = game.state
    for version in range(count):
        state = (await store.actions.submit(game.id, move(state), expected_version=version)).state


async def test_tampered_state_column_is_reported(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    await _play(store, game, 8)
    stored = json.loads((await backend.fetch("SELECT state FROM games"))[0][0])
    stored["total"] += 1
    await backend.execute("UPDATE games SET state = ?", json.dumps(stored))
    with pytest.raises(StateMismatch, match=r"differs from the stored one at \$\.total"):
        await store.checks.verify_game(game.id)
    other = await new_game(store, channel=11)
    await _play(store, other, 3)
    problems = await store.checks.verify_games()
    assert [p.game_id for p in problems] == [game.id]


async def test_tampered_snapshot_and_log_gaps_are_reported(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    await _play(store, game, 7)
    await backend.execute(
        "UPDATE snapshots SET state = replace(state, '\"total\":5', '\"total\":4')")
    with pytest.raises(StateMismatch, match="game 1 at version 7 does not rebuild"):
        await store.checks.verify_game(game.id)
    with pytest.raises(StateMismatch, match=r"differs from snapshot 5 at \$\.total$"):
        await store.checks.verify_game(game.id, from_scratch=True)
    await backend.execute(
        "UPDATE snapshots SET state = replace(state, '\"total\":4', '\"total\":5')")
    await store.checks.verify_game(game.id, from_scratch=True)
    await backend.drop_trigger("actions_append_only_delete", "actions")
    await backend.execute("DELETE FROM actions WHERE seq = 2")
    with pytest.raises(StateMismatch, match="seqs"):
        await store.checks.verify_game(game.id, from_scratch=True)


async def test_an_action_refused_on_replay_is_reported_by_its_rule_only(
        store: Store, backend: Backend) -> None:
    """The report names the rule broken, not the refusal's words: in a real game they may
    quote a seat's secret marker values (D-10.2), and reports reach moderators."""
    game = await new_game(store)
    await _play(store, game, 3)
    await backend.drop_trigger("actions_append_only_update", "actions")
    await backend.execute(
        """UPDATE actions SET action = replace(action, '"n":1', '"n":9') WHERE seq = 2""")
    with pytest.raises(StateMismatch, match=r"action 2 is refused on replay \(C-2\)$") as err:
        await store.checks.verify_game(game.id, from_scratch=True)
    assert "add 1, 2 or 3" not in str(err.value)


async def test_the_log_is_append_only(store: Store, backend: Backend) -> None:
    game = await new_game(store)
    await _play(store, game, 2)
    for sql in ("UPDATE actions SET actor_id = 1", "DELETE FROM actions"):
        with pytest.raises(backend.integrity_error, match="append-only"):
            await backend.execute(sql)
    assert len(await store.actions.log(game.id)) == 2


async def test_a_write_from_another_process_is_noticed(backend: Backend) -> None:
    """Two stores on one database (as two processes would be): each sees the other's
    moves through the version check, and a stale cache never overwrites them."""
    a = await Store.open(backend.target, engines=engines)
    b = await Store.open(backend.target, engines=engines)
    try:
        game = await new_game(a)
        first = await a.actions.submit(game.id, move(game.state), expected_version=0)
        loaded_b = await b.actions.load(game.id)
        assert loaded_b.version == 1
        await b.actions.submit(game.id, move(loaded_b.state), expected_version=1)
        # a's cache says version 1; the file says 2.
        with pytest.raises(StaleVersion):
            await a.actions.submit(game.id, move(first.state), expected_version=1)
        third = await a.actions.submit(game.id, move((await a.actions.load(game.id)).state),
                                       expected_version=None)
        assert third.version == 3
        await b.checks.verify_game(game.id, from_scratch=True)
    finally:
        await a.close()
        await b.close()
