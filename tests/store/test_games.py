"""Lobbies, starting, ending, one open game per channel, seats and listings."""

from __future__ import annotations

import pytest

from bot.store import (
    ACTIVE,
    ENDED,
    LOBBY,
    CannotStart,
    ChannelBusy,
    SeatError,
    Store,
    StoreError,
    UnknownGame,
    WrongStatus,
)
from tests.store.backends import Backend
from tests.store.conftest import players


async def test_lobby_to_running_game(store: Store) -> None:
    lobby = await store.lobbies.create(
        "counting", guild_id=1, channel_id=10, created_by=100, settings={"target": 12}
    )
    assert (lobby.status, lobby.seed, lobby.version) == (LOBBY, None, 0)
    await store.lobbies.join(lobby.id, user_id=100, name="Ann")
    await store.lobbies.join(lobby.id, user_id=101, name="Bob", colour="blue")
    await store.lobbies.add_ai_seat(lobby.id, name="Bot")
    with pytest.raises(SeatError, match="already has seat"):
        await store.lobbies.join(lobby.id, user_id=100, name="Ann again")
    await store.lobbies.set_settings(lobby.id, {"target": 15})

    game = await store.games.start_game(lobby.id, seed=42)
    assert game.row.status == ACTIVE and game.row.seed == 42 and game.version == 0
    assert [p.name for p in game.row.players] == ["Ann", "Bob", "Bot"]
    assert [p.is_bot for p in game.row.players] == [False, False, True]
    assert game.state["target"] == 15
    assert [s.user_id for s in game.seats] == [100, 101, None]
    assert await store.checks.verify_game(lobby.id, from_scratch=True) == game.state
    with pytest.raises(WrongStatus, match="is active, not lobby"):
        await store.lobbies.join(lobby.id, user_id=102, name="Late")
    with pytest.raises(WrongStatus):
        await store.games.start_game(lobby.id)


async def test_leaving_a_lobby_keeps_seats_contiguous(store: Store) -> None:
    lobby = await store.lobbies.create("counting", guild_id=1, channel_id=10)
    for uid in (1, 2, 3, 4):
        await store.lobbies.join(lobby.id, user_id=uid, name=f"U{uid}")
    assert await store.lobbies.leave(lobby.id, 2) is True
    assert await store.lobbies.leave(lobby.id, 2) is False
    seats = await store.games.get_seats(lobby.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 1), (1, 3), (2, 4)]
    await store.lobbies.remove_seat(lobby.id, 0)
    assert [(s.seat, s.user_id) for s in await store.games.get_seats(lobby.id)] == [(0, 3), (1, 4)]
    with pytest.raises(SeatError):
        await store.lobbies.remove_seat(lobby.id, 5)


async def test_engine_refusal_to_start_changes_nothing(store: Store) -> None:
    lobby = await store.lobbies.create("counting", guild_id=1, channel_id=10)
    with pytest.raises(CannotStart, match="nobody"):
        await store.games.start_game(lobby.id)
    await store.lobbies.join(lobby.id, user_id=1, name="Solo")
    with pytest.raises(CannotStart, match="2 to 4 players"):
        await store.games.start_game(lobby.id)
    row = await store.games.get_game(lobby.id)
    assert (row.status, row.seed) == (LOBBY, None)


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await store.lobbies.create("counting", guild_id=1, channel_id=10)
    with pytest.raises(ChannelBusy) as caught:
        await store.games.create_game("counting", guild_id=1, channel_id=10, players=players(2))
    assert caught.value.game_id == first.id
    assert "channel 10 already has a game open" in str(caught.value)
    # Another channel (or a thread of this one) is free.
    await store.games.create_game(
        "counting", guild_id=1, channel_id=11, parent_channel_id=10, players=players(2)
    )
    await store.games.end_game(first.id, result={"reason": "cancelled"})
    second = await store.lobbies.create("counting", guild_id=1, channel_id=10)
    assert (await store.games.open_game_in_channel(10)) == second
    history = await store.games.list_games(channel_id=10)
    assert [g.id for g in history] == [second.id, first.id]


async def test_the_schema_itself_enforces_one_open_game(store: Store, backend: Backend) -> None:
    await store.lobbies.create("counting", guild_id=1, channel_id=10)
    insert = (
        "INSERT INTO games (game, channel_id, status, created_at, updated_at) "
        "VALUES ('counting', 10, ?, 0, 0)"
    )
    with pytest.raises(backend.integrity_error, match="UNIQUE|duplicate key"):
        await backend.execute(insert, "lobby")
    await backend.execute(insert, "ended")  # closed games do not count


async def test_end_game_keeps_it_queryable(store: Store) -> None:
    game = await store.games.create_game(
        "counting", guild_id=1, channel_id=10, players=players(2), user_ids=[5, 6], seed=1
    )
    await store.deadlines.set_deadline(game.id, "turn", 100.0, seat=0)
    ended = await store.games.end_game(game.id, result={"reason": "moderator"})
    assert ended.status == ENDED and ended.finished_at is not None
    assert ended.result == {"reason": "moderator"}
    assert await store.deadlines.get_deadlines(game.id) == []
    assert (await store.actions.load(game.id)).state == game.state
    with pytest.raises(WrongStatus):
        await store.games.end_game(game.id)
    assert [g.id for g in await store.games.list_games(status=ENDED)] == [game.id]
    listed = await store.games.list_games(user_id=6, status=[ENDED, ACTIVE])
    assert [g.id for g in listed] == [game.id]


async def test_list_games_filters(store: Store) -> None:
    a = await store.games.create_game("counting", guild_id=1, channel_id=10, players=players(2))
    b = await store.lobbies.create("counting", guild_id=1, channel_id=11)
    c = await store.games.create_game("counting", guild_id=2, channel_id=20, players=players(3))
    assert [g.id for g in await store.games.list_games(guild_id=1)] == [b.id, a.id]
    assert [g.id for g in await store.games.list_games(status="active")] == [c.id, a.id]
    assert [g.id for g in await store.games.list_games(status=("lobby",), guild_id=1)] == [b.id]
    assert [g.id for g in await store.games.list_games(limit=1)] == [c.id]
    assert [g.id for g in await store.games.list_games(before_id=c.id)] == [b.id, a.id]
    assert await store.games.list_games(game="doge") == []
    with pytest.raises(ValueError):
        await store.games.list_games(status="running")


async def test_seat_changes(store: Store) -> None:
    game = await store.games.create_game(
        "counting", guild_id=1, channel_id=10, players=players(3), user_ids=[1, 2, 3]
    )
    seat = await store.seats.replace_seat_user(game.id, 1, user_id=20, name="Sub")
    assert (seat.user_id, seat.name, seat.replaced_from) == (20, "Sub", 2)
    seat = await store.seats.hand_seat_to_ai(game.id, 2)
    assert (seat.user_id, seat.is_bot, seat.replaced_from, seat.played_by_ai) == (
        None, True, 3, True
    )
    seat = await store.seats.set_autopilot(game.id, 0, True)
    assert seat.autopilot and seat.played_by_ai and seat.user_id == 1
    seat = await store.seats.set_notify(game.id, 0, "dm")
    assert seat.notify == "dm"
    # A human takes the AI seat back over.
    seat = await store.seats.replace_seat_user(game.id, 2, user_id=30)
    assert (seat.user_id, seat.is_bot, seat.replaced_from) == (30, False, None)
    assert [s.game_id for s in await store.seats.seats_of_user(20)] == [game.id]
    assert (await store.games.get_game(game.id)).version == 0  # seats never touch the state
    with pytest.raises(SeatError, match="no seat 7"):
        await store.seats.set_autopilot(game.id, 7, True)
    with pytest.raises(UnknownGame):
        await store.seats.set_autopilot(999, 0, True)


async def test_unknown_games(store: Store) -> None:
    for call in (
        store.games.get_game(404),
        store.games.get_seats(404),
        store.actions.load(404),
        store.games.start_game(404),
        store.games.end_game(404),
        store.lobbies.join(404, user_id=1, name="x"),
        store.actions.log(404),
        store.records.export_game(404),
    ):
        with pytest.raises(UnknownGame, match="there is no game 404"):
            await call


async def test_unknown_game_names(store: Store) -> None:
    for call in (
        store.lobbies.create("chess", guild_id=1, channel_id=10),
        store.games.create_game("chess", guild_id=1, channel_id=10, players=players(2)),
    ):
        with pytest.raises(StoreError, match="no game called 'chess'"):
            await call
    assert await store.games.list_games() == []
