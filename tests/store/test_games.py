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
    lobby = await store.create_lobby(
        "counting", guild_id=1, channel_id=10, created_by=100, settings={"target": 12}
    )
    assert (lobby.status, lobby.seed, lobby.version) == (LOBBY, None, 0)
    await store.join_lobby(lobby.id, user_id=100, name="Ann")
    await store.join_lobby(lobby.id, user_id=101, name="Bob", colour="blue")
    await store.add_ai_seat(lobby.id, name="Bot")
    with pytest.raises(SeatError, match="already has seat"):
        await store.join_lobby(lobby.id, user_id=100, name="Ann again")
    await store.set_lobby_settings(lobby.id, {"target": 15})

    game = await store.start_game(lobby.id, seed=42)
    assert game.row.status == ACTIVE and game.row.seed == 42 and game.version == 0
    assert [p.name for p in game.row.players] == ["Ann", "Bob", "Bot"]
    assert [p.is_bot for p in game.row.players] == [False, False, True]
    assert game.state["target"] == 15
    assert [s.user_id for s in game.seats] == [100, 101, None]
    assert await store.verify_game(lobby.id, from_scratch=True) == game.state
    with pytest.raises(WrongStatus, match="is active, not lobby"):
        await store.join_lobby(lobby.id, user_id=102, name="Late")
    with pytest.raises(WrongStatus):
        await store.start_game(lobby.id)


async def test_leaving_a_lobby_keeps_seats_contiguous(store: Store) -> None:
    lobby = await store.create_lobby("counting", guild_id=1, channel_id=10)
    for uid in (1, 2, 3, 4):
        await store.join_lobby(lobby.id, user_id=uid, name=f"U{uid}")
    assert await store.leave_lobby(lobby.id, 2) is True
    assert await store.leave_lobby(lobby.id, 2) is False
    seats = await store.get_seats(lobby.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 1), (1, 3), (2, 4)]
    await store.remove_lobby_seat(lobby.id, 0)
    assert [(s.seat, s.user_id) for s in await store.get_seats(lobby.id)] == [(0, 3), (1, 4)]
    with pytest.raises(SeatError):
        await store.remove_lobby_seat(lobby.id, 5)


async def test_engine_refusal_to_start_changes_nothing(store: Store) -> None:
    lobby = await store.create_lobby("counting", guild_id=1, channel_id=10)
    with pytest.raises(CannotStart, match="nobody"):
        await store.start_game(lobby.id)
    await store.join_lobby(lobby.id, user_id=1, name="Solo")
    with pytest.raises(CannotStart, match="2 to 4 players"):
        await store.start_game(lobby.id)
    row = await store.get_game(lobby.id)
    assert (row.status, row.seed) == (LOBBY, None)


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await store.create_lobby("counting", guild_id=1, channel_id=10)
    with pytest.raises(ChannelBusy) as caught:
        await store.create_game("counting", guild_id=1, channel_id=10, players=players(2))
    assert caught.value.game_id == first.id
    assert "channel 10 already has a game open" in str(caught.value)
    # Another channel (or a thread of this one) is free.
    await store.create_game(
        "counting", guild_id=1, channel_id=11, parent_channel_id=10, players=players(2)
    )
    await store.end_game(first.id, result={"reason": "cancelled"})
    second = await store.create_lobby("counting", guild_id=1, channel_id=10)
    assert (await store.open_game_in_channel(10)) == second
    history = await store.list_games(channel_id=10)
    assert [g.id for g in history] == [second.id, first.id]


async def test_the_schema_itself_enforces_one_open_game(store: Store, backend: Backend) -> None:
    await store.create_lobby("counting", guild_id=1, channel_id=10)
    insert = (
        "INSERT INTO games (game, channel_id, status, created_at, updated_at) "
        "VALUES ('counting', 10, ?, 0, 0)"
    )
    with pytest.raises(backend.integrity_error, match="UNIQUE|duplicate key"):
        await backend.execute(insert, "lobby")
    await backend.execute(insert, "ended")  # closed games do not count


async def test_end_game_keeps_it_queryable(store: Store) -> None:
    game = await store.create_game(
        "counting", guild_id=1, channel_id=10, players=players(2), user_ids=[5, 6], seed=1
    )
    await store.set_deadline(game.id, "turn", 100.0, seat=0)
    ended = await store.end_game(game.id, result={"reason": "moderator"})
    assert ended.status == ENDED and ended.finished_at is not None
    assert ended.result == {"reason": "moderator"}
    assert await store.get_deadlines(game.id) == []
    assert (await store.load_game(game.id)).state == game.state
    with pytest.raises(WrongStatus):
        await store.end_game(game.id)
    assert [g.id for g in await store.list_games(status=ENDED)] == [game.id]
    assert [g.id for g in await store.list_games(user_id=6, status=[ENDED, ACTIVE])] == [game.id]


async def test_list_games_filters(store: Store) -> None:
    a = await store.create_game("counting", guild_id=1, channel_id=10, players=players(2))
    b = await store.create_lobby("counting", guild_id=1, channel_id=11)
    c = await store.create_game("counting", guild_id=2, channel_id=20, players=players(3))
    assert [g.id for g in await store.list_games(guild_id=1)] == [b.id, a.id]
    assert [g.id for g in await store.list_games(status="active")] == [c.id, a.id]
    assert [g.id for g in await store.list_games(status=("lobby",), guild_id=1)] == [b.id]
    assert [g.id for g in await store.list_games(limit=1)] == [c.id]
    assert [g.id for g in await store.list_games(before_id=c.id)] == [b.id, a.id]
    assert await store.list_games(game="doge") == []
    with pytest.raises(ValueError):
        await store.list_games(status="running")


async def test_seat_changes(store: Store) -> None:
    game = await store.create_game(
        "counting", guild_id=1, channel_id=10, players=players(3), user_ids=[1, 2, 3]
    )
    seat = await store.replace_seat_user(game.id, 1, user_id=20, name="Sub")
    assert (seat.user_id, seat.name, seat.replaced_from) == (20, "Sub", 2)
    seat = await store.hand_seat_to_ai(game.id, 2)
    assert (seat.user_id, seat.is_bot, seat.replaced_from, seat.played_by_ai) == (
        None, True, 3, True
    )
    seat = await store.set_autopilot(game.id, 0, True)
    assert seat.autopilot and seat.played_by_ai and seat.user_id == 1
    seat = await store.set_notify(game.id, 0, "dm")
    assert seat.notify == "dm"
    # A human takes the AI seat back over.
    seat = await store.replace_seat_user(game.id, 2, user_id=30)
    assert (seat.user_id, seat.is_bot, seat.replaced_from) == (30, False, None)
    assert [s.game_id for s in await store.seats_of_user(20)] == [game.id]
    assert (await store.get_game(game.id)).version == 0  # seats never touch the state
    with pytest.raises(SeatError, match="no seat 7"):
        await store.set_autopilot(game.id, 7, True)
    with pytest.raises(UnknownGame):
        await store.set_autopilot(999, 0, True)


async def test_unknown_games(store: Store) -> None:
    for call in (
        store.get_game(404),
        store.get_seats(404),
        store.load_game(404),
        store.start_game(404),
        store.end_game(404),
        store.join_lobby(404, user_id=1, name="x"),
        store.list_actions(404),
        store.export_game(404),
    ):
        with pytest.raises(UnknownGame, match="there is no game 404"):
            await call


async def test_unknown_game_names(store: Store) -> None:
    for call in (
        store.create_lobby("chess", guild_id=1, channel_id=10),
        store.create_game("chess", guild_id=1, channel_id=10, players=players(2)),
    ):
        with pytest.raises(StoreError, match="no game called 'chess'"):
            await call
    assert await store.list_games() == []
