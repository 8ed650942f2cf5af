"""Commitment rows in the store, on SQLite and PostgreSQL: written with the action that
revealed the round, in its transaction, once per stack (D-3.3, D-10)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from bot.games.base import PlayerSpec
from bot.games.doge.sealing import digest, preimage
from bot.store import Store
from bot.store.backends.sql import IntegrityViolation
from bot.tables.commitments import seal
from tests.store.backends import Backend

PLAYERS = [PlayerSpec("Anna", "red"), PlayerSpec("Bernd", "blue"),
           PlayerSpec("Carla", "green")]
# Round 1 of a 3-player game (D-3.1, D-3.2): one ballot per seat.
BALLOTS = [
    {"seat": 0, "type": "ballot", "area": "castello", "markers": [2, 3]},
    {"seat": 1, "type": "ballot", "area": "castello", "markers": [0]},
    {"seat": 2, "type": "ballot", "area": "san_marco", "markers": [1, 1, 2]},
]


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[Store]:
    s = await Store.open(backend.target)
    s.actions.sealer = seal  # as the table service installs it
    try:
        yield s
    finally:
        await s.close()


async def new_game(store: Store) -> int:
    game = await store.games.create_game("doge", guild_id=1, channel_id=5, players=PLAYERS,
                                         user_ids=[1, 2, 3], seed=7)
    return game.id


async def test_the_revealing_ballot_writes_one_commitment_per_stack(store: Store) -> None:
    game_id = await new_game(store)
    for version, ballot in enumerate(BALLOTS[:2]):
        await store.actions.submit(game_id, ballot, expected_version=version)
    assert await store.actions.commitments(game_id) == []  # D-3.3: nothing revealed yet
    result = await store.actions.submit(game_id, BALLOTS[2], expected_version=2)
    assert any(e["type"] == "round_revealed" for e in result.events)
    rows = await store.actions.commitments(game_id)
    assert [(c.year, c.area, c.seat, c.markers, c.version) for c in rows] == [
        (1, "castello", 0, (3, 2), 3), (1, "castello", 1, (0,), 3),
        (1, "san_marco", 2, (2, 1, 1), 3)]
    for c in rows:
        assert len(c.salt) == 32 and int(c.salt, 16) >= 0
        assert c.sha256 == digest(game_id, c.year, c.area, c.seat, c.markers, c.salt)
    assert len({c.salt for c in rows}) == 3  # a fresh salt per stack
    assert preimage(game_id, 1, "castello", 0, [2, 3], "ab") == \
        f"doge-stack-v1|{game_id}|1|castello|0|3,2|ab".encode()
    # The engine's log is untouched: its events replay exactly (the store checks).
    await store.checks.verify_game(game_id, from_scratch=True)


async def test_the_action_and_its_commitments_commit_together(
        store: Store, backend: Backend) -> None:
    game_id = await new_game(store)
    for version, ballot in enumerate(BALLOTS[:2]):
        await store.actions.submit(game_id, ballot, expected_version=version)
    # A row already there for one of the stacks: the revealing write must fail whole.
    await backend.execute(
        "INSERT INTO commitments (game_id, year, area, seat, version, markers, salt, "
        "sha256, created_at) VALUES (?, 1, 'san_marco', 2, 1, '[1]', 'aa', 'bb', 0)",
        game_id)
    with pytest.raises(IntegrityViolation):
        await store.actions.submit(game_id, BALLOTS[2], expected_version=2)
    game = await store.actions.load(game_id)
    assert game.version == 2 and game.state.phase == "placement" and game.state.ballots
    assert len(await backend.fetch("SELECT seq FROM actions WHERE game_id = ?", game_id)) == 2
    assert [c.salt for c in await store.actions.commitments(game_id)] == ["aa"]


async def test_a_failing_sealer_leaves_the_round_unrevealed(store: Store) -> None:
    def broken(*_: object) -> list:
        raise RuntimeError("no randomness")

    game_id = await new_game(store)
    for version, ballot in enumerate(BALLOTS[:2]):
        await store.actions.submit(game_id, ballot, expected_version=version)
    store.actions.sealer = broken
    with pytest.raises(RuntimeError):
        await store.actions.submit(game_id, BALLOTS[2], expected_version=2)
    assert (await store.actions.load(game_id)).version == 2
    store.actions.sealer = seal
    await store.actions.submit(game_id, BALLOTS[2], expected_version=2)
    assert len(await store.actions.commitments(game_id)) == 3


async def test_a_retried_click_makes_no_second_salt(store: Store, backend: Backend) -> None:
    game_id = await new_game(store)
    for version, ballot in enumerate(BALLOTS[:2]):
        await store.actions.submit(game_id, ballot, expected_version=version)
    first = await store.actions.submit(game_id, BALLOTS[2], expected_version=2,
                                       idempotency_key="click-9")
    before = await store.actions.commitments(game_id)
    again = await store.actions.submit(game_id, BALLOTS[2], expected_version=2,
                                       idempotency_key="click-9")
    assert again.duplicate and again.version == first.version == 3
    assert await store.actions.commitments(game_id) == before
    rows = await backend.fetch("SELECT count(*) FROM commitments WHERE game_id = ?", game_id)
    assert rows == [(3,)]


async def test_undo_past_the_reveal_takes_its_commitments_along(store: Store) -> None:
    game_id = await new_game(store)
    for version, ballot in enumerate(BALLOTS):
        await store.actions.submit(game_id, ballot, expected_version=version)
    assert len(await store.actions.commitments(game_id)) == 3
    await store.moderation.undo(game_id, to_version=2, expected_version=3, moderator_id=9,
                                guild_id=1)
    assert await store.actions.commitments(game_id) == []


async def test_a_clans_game_gets_no_commitments(store: Store) -> None:
    players = [PlayerSpec("A"), PlayerSpec("B")]
    game = await store.games.create_game("clans", guild_id=1, channel_id=6, players=players,
                                         user_ids=[1, 2], seed=3)
    engine = game.engine
    action = engine.legal_actions(game.state, engine.pending(game.state)[0])[0]
    await store.actions.submit(game.id, action, expected_version=0)
    assert await store.actions.commitments(game.id) == []


async def test_the_export_carries_the_commitments(store: Store) -> None:
    game_id = await new_game(store)
    record = await store.records.export_game(game_id)
    assert "commitments" not in record  # none made yet
    for version, ballot in enumerate(BALLOTS):
        await store.actions.submit(game_id, ballot, expected_version=version)
    record = json.loads(json.dumps(await store.records.export_game(game_id)))
    block = record["commitments"]
    assert record["version"] == 2 and block["scheme"] == "doge-stack-v1"
    assert block["game_id"] == game_id
    assert [(s["area"], s["seat"], s["markers"]) for s in block["stacks"]] == [
        ("castello", 0, [3, 2]), ("castello", 1, [0]), ("san_marco", 2, [2, 1, 1])]
    assert all(len(s["sha256"]) == 64 for s in block["stacks"])
