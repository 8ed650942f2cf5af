"""Export a stored game as a record and import it back (real Doge engine)."""

from __future__ import annotations

import copy
import random

import pytest

from bot.games.record import RECORD_FORMAT, RECORD_VERSION, replay
from bot.games.registry import get_engine
from bot.store import ACTIVE, FINISHED, BadRecord, ChannelBusy, LoadedGame, Store, WrongStatus
from tests.store.backends import Backend
from tests.store.doge_play import DOGE_PLAYERS, play

ENGINE = get_engine("doge")


async def played(store: Store, count: int, seed: int = 11, channel: int = 10) -> LoadedGame:
    game = await store.games.create_game(
        "doge", guild_id=1, channel_id=channel, players=DOGE_PLAYERS, user_ids=[1, 2, None],
        settings={"year_limit": 3}, seed=seed,
    )
    state = game.state
    for version, action in enumerate(play(ENGINE, state, random.Random(seed), count)):
        state = (await store.actions.submit(game.id, action, expected_version=version)).state
    return await store.actions.load(game.id)


def same_state(a: object, b: object) -> bool:
    return ENGINE.state_to_json(a) == ENGINE.state_to_json(b)


async def test_export_import_round_trip_mid_game(store: Store) -> None:
    game = await played(store, 60)
    record = await store.records.export_game(game.id)
    assert record["format"] == RECORD_FORMAT and record["version"] == RECORD_VERSION
    assert (record["game"], record["seed"], record["settings"]) == ("doge", 11, {"year_limit": 3})
    assert record["players"] == [p.to_json() for p in DOGE_PLAYERS]
    assert len(record["actions"]) == 60
    assert same_state(replay(record).state, game.state)  # the lead's reader agrees

    imported = await store.records.import_game(record, guild_id=2, channel_id=20,
                                               user_ids=[7, 8, None])
    assert imported.id != game.id and imported.row.status == ACTIVE
    assert imported.version == 60 and same_state(imported.state, game.state)
    assert [s.user_id for s in imported.seats] == [7, 8, None]
    assert same_state((await store.actions.load(imported.id, verify=True)).state, game.state)
    await store.checks.verify_game(imported.id, from_scratch=True)
    assert await store.records.export_game(imported.id) | {"meta": None} == record | {"meta": None}
    # The imported game plays on like any other.
    action = play(ENGINE, imported.state, random.Random(3), 1)[0]
    result = await store.actions.submit(imported.id, action, expected_version=60)
    assert result.version == 61


async def test_export_import_round_trip_finished_game(store: Store) -> None:
    game = await played(store, 5000)
    assert game.row.status == FINISHED and ENGINE.is_over(game.state)
    assert game.row.result and "ranking" in game.row.result
    record = await store.records.export_game(game.id)
    imported = await store.records.import_game(record, guild_id=1, channel_id=10)  # channel is free
    assert imported.row.status == FINISHED and imported.row.result == game.row.result
    assert same_state(imported.state, game.state)
    await store.checks.verify_game(imported.id, from_scratch=True)


async def test_an_illegal_record_is_refused_whole(store: Store, backend: Backend) -> None:
    game = await played(store, 30)
    record = await store.records.export_game(game.id)
    before = await backend.contents()
    cheat = copy.deepcopy(record)
    cheat["actions"][10] = dict(cheat["actions"][10], seat=(cheat["actions"][10]["seat"] + 1) % 3)
    with pytest.raises(BadRecord, match="action 10 is illegal"):
        await store.records.import_game(cheat, guild_id=1, channel_id=30)
    broken = copy.deepcopy(record)
    broken["actions"][3] = {"type": "ballot"}
    with pytest.raises(BadRecord, match="action 3 is malformed"):
        await store.records.import_game(broken, guild_id=1, channel_id=30)
    for bad in (
        [],
        {"format": "chess"},
        record | {"version": 99},
        record | {"seed": "x"},
        record | {"game": "go"},
        record | {"players": [{"colour": "red"}]},
        record | {"players": [DOGE_PLAYERS[0].to_json()]},  # Doge needs 3 or 4
    ):
        with pytest.raises(BadRecord):
            await store.records.import_game(bad, guild_id=1, channel_id=30)
    with pytest.raises(ChannelBusy):
        await store.records.import_game(record, guild_id=1, channel_id=10)  # the original is there
    assert await backend.contents() == before


async def test_a_lobby_has_no_record(store: Store) -> None:
    lobby = await store.lobbies.create("doge", guild_id=1, channel_id=10)
    with pytest.raises(WrongStatus):
        await store.records.export_game(lobby.id)


async def test_a_moderator_ends_a_doge_game_with_a_seatless_action(store: Store) -> None:
    game = await played(store, 12)
    result = await store.actions.submit(
        game.id, {"seat": None, "type": "end_game"}, expected_version=12, actor_id=99
    )
    assert result.finished
    row = await store.games.get_game(game.id)
    assert row.status == FINISHED and row.result["reason"] == "moderator"
    record = await store.records.export_game(game.id)
    assert record["actions"][-1] == {"seat": None, "type": "end_game"}
    assert same_state(replay(record).state, result.state)
