"""What moderators read from the store, on both databases: one channel's audit entries,
picked by the query before its limit, and a server's open tables by their latest
activity."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from tests.store.backends import Backend
from tests.store.conftest import players
from tests.store.tiny_game import engines

GUILD = 1


class Ticking:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


@pytest.fixture
async def ticking(backend: Backend) -> AsyncIterator[Store]:
    s = await Store.open(backend.target, engines=engines, clock=Ticking())
    try:
        yield s
    finally:
        await s.close()


async def test_the_audit_of_one_channel(ticking: Store) -> None:
    store = ticking
    here = await store.games.create_game("counting", guild_id=GUILD, channel_id=10,
                                         players=players(2), seed=1)
    thread = await store.games.create_game("counting", guild_id=GUILD, channel_id=11,
                                           parent_channel_id=10, players=players(2), seed=1)
    elsewhere = await store.games.create_game("counting", guild_id=GUILD, channel_id=12,
                                              players=players(2), seed=1)
    other_server = await store.games.create_game("counting", guild_id=2, channel_id=13,
                                                 players=players(2), seed=1)
    for action, game in [("pause", here), ("kick", thread), ("resume", here)]:
        await store.moderation.add_audit(guild_id=GUILD, moderator_id=9, action=action,
                                         game_id=game.id)
    # Newer entries elsewhere: a filter applied after a fixed count would find nothing.
    for _ in range(5):
        await store.moderation.add_audit(guild_id=GUILD, moderator_id=9, action="skip",
                                         game_id=elsewhere.id)
    await store.moderation.add_audit(guild_id=GUILD, moderator_id=9, action="role")  # no game
    await store.moderation.add_audit(guild_id=2, moderator_id=8, action="end",
                                     game_id=other_server.id)

    def seen(entries: list) -> list[tuple[str, int | None]]:
        return [(e.action, e.game_id) for e in entries]

    assert seen(await store.moderation.list_audit(guild_id=GUILD, channel_id=10, limit=1)) == [
        ("resume", here.id)]
    # A channel's own games and those of its threads; a thread's, alone.
    assert seen(await store.moderation.list_audit(guild_id=GUILD, channel_id=10)) == [
        ("resume", here.id), ("kick", thread.id), ("pause", here.id)]
    in_channel = await store.moderation.list_audit(guild_id=GUILD, channel_id=11)
    assert seen(in_channel) == [("kick", thread.id)]
    assert len(await store.moderation.list_audit(guild_id=GUILD, channel_id=12)) == 5
    assert await store.moderation.list_audit(guild_id=GUILD, channel_id=99) == []
    # another server's
    assert await store.moderation.list_audit(guild_id=GUILD, channel_id=13) == []
    assert seen(await store.moderation.list_audit(channel_id=13)) == [("end", other_server.id)]
    assert len(await store.moderation.list_audit(guild_id=GUILD)) == 9  # no channel: everything


async def test_open_games_by_their_latest_activity(ticking: Store) -> None:
    store = ticking
    lobby = await store.lobbies.create("counting", guild_id=GUILD, channel_id=20)
    old = await store.games.create_game("counting", guild_id=GUILD, channel_id=21,
                                        players=players(2), seed=1)
    busy = await store.games.create_game("counting", guild_id=GUILD, channel_id=22,
                                         players=players(2), seed=1)
    over = await store.games.create_game("counting", guild_id=GUILD, channel_id=23,
                                         players=players(2), seed=1)
    await store.games.end_game(over.id)
    await store.games.create_game("counting", guild_id=2, channel_id=24, players=players(2), seed=1)
    await store.actions.submit(old.id, {"seat": old.state["turn"], "type": "add", "n": 1},
                               expected_version=0)  # the oldest game moved last
    rows, total = await store.games.open_games_by_activity(GUILD)
    assert [r.id for r in rows] == [old.id, busy.id, lobby.id] and total == 3
    rows, total = await store.games.open_games_by_activity(GUILD, limit=2)
    assert [r.id for r in rows] == [old.id, busy.id] and total == 3
    assert await store.games.open_games_by_activity(3) == ([], 0)
