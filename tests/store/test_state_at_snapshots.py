"""The games row holds the state of the latest snapshot, not of every action (migration
0008): an ordinary action writes its log row and the new version only, and whoever loads
the game without the writer's cache replays the few actions since. Runs on both backends
(the `store` fixture snapshots every 5 actions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.store import StateMismatch, Store
from bot.store.backends import postgres_dialect as dialect
from bot.store.backends.sqlite import connect, migrate
from tests.store.backends import Backend
from tests.store.conftest import players
from tests.store.tiny_game import engines


async def _stored(backend: Backend, game_id: int) -> tuple[int, int, Any]:
    [(version, state_version, state)] = await backend.fetch(
        "SELECT version, state_version, state FROM games WHERE id = ?", game_id)
    return version, state_version, json.loads(state)


async def _snapshot(backend: Backend, game_id: int, version: int) -> Any:
    [(state,)] = await backend.fetch(
        "SELECT state FROM snapshots WHERE game_id = ? AND version = ?", game_id, version)
    return json.loads(state)


async def _play(store: Store, game_id: int, count: int) -> Any:
    loaded = await store.actions.load(game_id)
    state, version = loaded.state, loaded.version
    for _ in range(count):
        result = await store.actions.submit(
            game_id, {"seat": state["turn"], "type": "add", "n": 1}, expected_version=version)
        state, version = result.state, result.version
    return state


async def test_an_ordinary_action_leaves_the_row_at_the_last_snapshot(
    store: Store, backend: Backend
) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(2),
                                         settings={"target": 200}, seed=7)
    assert (await _stored(backend, game.id))[:2] == (0, 0)
    after_seven = await _play(store, game.id, 7)
    version, state_version, state = await _stored(backend, game.id)
    assert (version, state_version) == (7, 5)
    assert state == await _snapshot(backend, game.id, 5) and state["total"] == 5
    assert after_seven["total"] == 7
    await _play(store, game.id, 3)
    version, state_version, state = await _stored(backend, game.id)
    assert (version, state_version, state["total"]) == (10, 10, 10)


async def test_another_process_replays_the_actions_after_the_snapshot(
    store: Store, backend: Backend
) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(3),
                                         settings={"target": 200}, seed=7)
    written = await _play(store, game.id, 8)
    other = await Store.open(backend.target, engines=engines, snapshot_every=5)
    try:
        loaded = await other.actions.load(game.id)  # a cold cache: snapshot 5 + actions 6..8
        assert (loaded.version, loaded.state) == (8, written)
        # It moves the game on from there, and the first store follows it.
        moved = await other.actions.submit(
            game.id, {"seat": written["turn"], "type": "add", "n": 3}, expected_version=8)
        assert moved.state["total"] == 11
    finally:
        await other.close()
    result = await store.actions.submit(
        game.id, {"seat": moved.state["turn"], "type": "add", "n": 2}, expected_version=9)
    assert (result.version, result.state["total"]) == (10, 13)
    assert (await store.checks.verify_game(game.id, from_scratch=True))["total"] == 13


async def test_a_finished_game_keeps_its_final_state(store: Store, backend: Backend) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(2),
                                         settings={"target": 4}, seed=7)
    final = await _play(store, game.id, 4)
    version, state_version, state = await _stored(backend, game.id)
    assert (version, state_version) == (4, 4) and state == final and final["winner"] is not None


async def test_a_missing_action_after_the_snapshot_is_reported_not_guessed(
    store: Store, backend: Backend
) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(2),
                                         settings={"target": 200}, seed=7)
    await _play(store, game.id, 8)
    await backend.drop_trigger("actions_append_only_delete", "actions")
    await backend.execute("DELETE FROM actions WHERE game_id = ? AND seq = 7", game.id)
    cold = await Store.open(backend.target, engines=engines, snapshot_every=5)
    try:
        with pytest.raises(StateMismatch, match="after version 5 holds 2 actions"):
            await cold.actions.load(game.id)
    finally:
        await cold.close()


async def test_undo_writes_the_state_it_goes_back_to(store: Store, backend: Backend) -> None:
    game = await store.games.create_game("counting", guild_id=1, channel_id=1, players=players(2),
                                         settings={"target": 200}, seed=7)
    await _play(store, game.id, 8)
    await store.moderation.undo(game.id, to_version=6, expected_version=8, moderator_id=1,
                                guild_id=1)
    version, state_version, state = await _stored(backend, game.id)
    assert (version, state_version, state["total"]) == (6, 6, 6)
    await store.checks.verify_game(game.id)
    await store.checks.verify_game(game.id, from_scratch=True)


async def test_an_older_database_keeps_every_state_it_had(db_path: Path) -> None:
    """Version 7 wrote the state with every action: after the upgrade that state is the
    row's own (state_version = version) and loads without a replay."""
    conn = await connect(db_path)
    try:
        await migrate(conn, target=7)
        await conn.execute(
            "INSERT INTO games (id, game, guild_id, channel_id, status, seed, settings, "
            "players, version, state, created_at, updated_at) VALUES (1, 'counting', 7, 70, "
            "'active', 1, '{}', ?, 0, ?, 0, 0)",
            (json.dumps([{"name": "A"}, {"name": "B"}]),
             json.dumps({"players": 2, "turn": 0, "total": 0, "target": 30, "adds": [0, 0],
                         "winner": None})))
        await conn.commit()
    finally:
        await conn.close()
    store = await Store.open(db_path, engines=engines)
    try:
        loaded = await store.actions.load(1)
        assert loaded.state["total"] == 0
        result = await store.actions.submit(1, {"seat": 0, "type": "add", "n": 2},
                                            expected_version=0)
        assert result.state["total"] == 2
    finally:
        await store.close()
    upgraded = Backend("sqlite", str(db_path))
    assert (await upgraded.fetch("SELECT version, state_version FROM games")) == [(1, 0)]


def test_the_store_writes_an_action_by_calling_the_function_on_postgresql() -> None:
    sql = ("INSERT INTO action_writes (game_id, version, state) VALUES (?, ?, ?)")
    assert dialect.query(sql) == (
        "SELECT action_write(p_game_id => $1, p_version => $2, p_state => $3)")
    # Any other insert stays an insert.
    assert dialect.query("INSERT INTO actions (game_id, seq) VALUES (?, ?)") == (
        "INSERT INTO actions (game_id, seq) VALUES ($1, $2)")


def test_dropping_a_trigger_needs_its_postgresql_form() -> None:
    assert dialect.migration_statements("-- gone\nDROP TRIGGER action_writes_insert;") == [
        "DROP TRIGGER action_writes_insert ON action_writes",
        "DROP FUNCTION action_writes_insert()",
    ]
    with pytest.raises(Exception, match="dropping trigger nope has no PostgreSQL form"):
        dialect.migration_statements("DROP TRIGGER nope;")


async def test_a_cached_game_loads_with_one_statement_and_a_cold_one_from_the_row(
        store: Store, backend: Backend) -> None:
    """The writer's process reads the row and the seats together, outside a transaction,
    and takes the state from its cache; another process rebuilds it from the row's
    snapshot in one snapshot of the database. Both see the same game."""
    game = await store.games.create_game("counting", guild_id=1, channel_id=7,
                                         players=players(3), user_ids=[11, 12, 13], seed=1)
    await _play(store, game.id, 7)
    opened: list[str] = []

    def counted(name: str, plain: Any) -> Any:
        def open_unit() -> Any:
            opened.append(name)
            return plain()
        return open_unit

    for name in ("reading", "reading_each", "transaction"):
        setattr(store._db, name, counted(name, getattr(store._db, name)))
    warm = await store.actions.load(game.id)
    assert opened == ["reading_each"]
    other = await Store.open(backend.target, engines=engines, snapshot_every=5)
    try:
        cold = await other.actions.load(game.id)
    finally:
        await other.close()
    assert (cold.version, cold.state, cold.row) == (warm.version, warm.state, warm.row)
    assert [(s.seat, s.user_id, s.name) for s in cold.seats] == \
        [(s.seat, s.user_id, s.name) for s in warm.seats] == [(0, 11, "P0"), (1, 12, "P1"),
                                                              (2, 13, "P2")]
