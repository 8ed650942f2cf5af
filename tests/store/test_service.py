"""Guild settings, deadlines and reminders, message ids and the audit log."""

from __future__ import annotations

import pytest

from bot.store import DeadlineSlot, LoadedGame, Store, StoreError, UnknownGame
from tests.store.conftest import players


async def a_game(store: Store, channel: int = 10) -> LoadedGame:
    return await store.games.create_game(
        "counting", guild_id=1, channel_id=channel, players=players(3), seed=1
    )


async def test_guild_settings(store: Store) -> None:
    blank = await store.tables.get_guild_settings(1)
    assert (blank.moderator_role_id, blank.default_timing, blank.extra) == (None, {}, {})
    await store.tables.set_guild_settings(1, moderator_role_id=77, default_timing={"turn": 3600})
    await store.tables.set_guild_settings(1, extra={"lang": "it"})
    got = await store.tables.get_guild_settings(1)
    assert (got.moderator_role_id, got.default_timing, got.extra) == (77, {"turn": 3600},
                                                                      {"lang": "it"})
    await store.tables.set_guild_settings(1, moderator_role_id=None)
    assert (await store.tables.get_guild_settings(1)).moderator_role_id is None
    assert (await store.tables.get_guild_settings(2)).moderator_role_id is None


async def test_deadline_upsert_and_due(store: Store) -> None:
    game = await a_game(store)
    table = await store.deadlines.set_deadline(game.id, "phase", 100.0)
    turn = await store.deadlines.set_deadline(game.id, "turn", 50.0, seat=1)
    moved = await store.deadlines.set_deadline(game.id, "turn", 60.0, seat=1)
    again = await store.deadlines.set_deadline(game.id, "phase", 90.0)  # seat NULL: still one slot
    assert (moved.id, again.id) == (turn.id, table.id)
    assert [(d.seat, d.kind, d.due_at) for d in await store.deadlines.get_deadlines(game.id)] == [
        (None, "phase", 90.0), (1, "turn", 60.0)
    ]
    assert [d.id for d in await store.deadlines.due_deadlines(59.0)] == []
    assert [d.id for d in await store.deadlines.due_deadlines(90.0)] == [turn.id, table.id]
    assert await store.deadlines.next_due_at() == 60.0
    with pytest.raises(UnknownGame):
        await store.deadlines.set_deadline(404, "turn", 1.0)


async def test_reminder_stages_are_marked_once(store: Store) -> None:
    game = await a_game(store)
    deadline = await store.deadlines.set_deadline(game.id, "turn", 50.0, seat=0)
    assert await store.deadlines.mark_reminder_sent(deadline.id, 0) is True
    assert await store.deadlines.mark_reminder_sent(deadline.id, 0) is False
    assert await store.deadlines.mark_reminder_sent(deadline.id, 2) is True
    (got,) = await store.deadlines.get_deadlines(game.id)
    assert got.stages_sent == frozenset({0, 2})
    # Moving the deadline starts its reminders afresh.
    moved = await store.deadlines.set_deadline(game.id, "turn", 80.0, seat=0)
    assert moved.stages_sent == frozenset()
    with pytest.raises(StoreError):
        await store.deadlines.mark_reminder_sent(deadline.id, 99)


async def test_pause_and_resume_keep_the_time_left(store: Store) -> None:
    game = await a_game(store)
    await store.deadlines.set_deadline(game.id, "turn", 130.0, seat=0)
    await store.deadlines.set_deadline(game.id, "late", 90.0, seat=1)
    assert await store.deadlines.pause_deadlines(game.id, now=100.0) == 2
    paused = await store.deadlines.get_deadlines(game.id)
    assert all(d.paused for d in paused)
    assert sorted(d.paused_remaining or 0.0 for d in paused) == [0.0, 30.0]
    assert await store.deadlines.due_deadlines(10_000.0) == []
    assert await store.deadlines.next_due_at() is None
    assert await store.deadlines.pause_deadlines(game.id, now=100.0) == 0
    assert await store.deadlines.resume_deadlines(game.id, now=500.0) == 2
    resumed = await store.deadlines.get_deadlines(game.id)
    assert sorted(d.due_at or 0.0 for d in resumed) == [500.0, 530.0]


async def test_deleting_deadlines(store: Store) -> None:
    game = await a_game(store)
    one = await store.deadlines.set_deadline(game.id, "turn", 1.0, seat=0)
    await store.deadlines.set_deadline(game.id, "turn", 1.0, seat=1)
    await store.deadlines.set_deadline(game.id, "phase", 1.0)
    assert await store.deadlines.delete_deadline(one.id) is True
    assert await store.deadlines.delete_deadline(one.id) is False
    assert await store.deadlines.clear_deadlines(game.id, seat=None) == 1
    assert await store.deadlines.clear_deadlines(game.id, kind="turn") == 1
    assert await store.deadlines.get_deadlines(game.id) == []


async def test_a_steps_deadline_changes_land_together(store: Store) -> None:
    game = await a_game(store)
    other = await a_game(store, channel=11)
    old = await store.deadlines.set_deadline(game.id, "due:a", 50.0, seat=0)
    kept = await store.deadlines.set_deadline(game.id, "due:b", 60.0, seat=1)
    theirs = await store.deadlines.set_deadline(other.id, "due:a", 70.0, seat=0)
    assert await store.deadlines.mark_reminder_sent(kept.id, 0) is True
    await store.deadlines.change_deadlines(
        game.id, drop=[old.id, theirs.id],  # another game's row is not this game's to drop
        add=[DeadlineSlot(0, "due:c", 80.0), DeadlineSlot(0, "remind0:c", 75.0),
             DeadlineSlot(1, "due:b", 90.0), DeadlineSlot(None, "phase", 85.0)])
    rows = {(d.seat, d.kind): d for d in await store.deadlines.get_deadlines(game.id)}
    assert {k: d.due_at for k, d in rows.items()} == {
        (0, "due:c"): 80.0, (0, "remind0:c"): 75.0, (1, "due:b"): 90.0, (None, "phase"): 85.0}
    assert rows[1, "due:b"].stages_sent == frozenset()  # moved: reminders start afresh
    assert [d.id for d in await store.deadlines.get_deadlines(other.id)] == [theirs.id]
    await store.deadlines.change_deadlines(game.id, add=[DeadlineSlot(1, "due:d", 200.0)],
                                           pause_at=100.0)
    paused = await store.deadlines.get_deadlines(game.id)
    assert all(d.paused for d in paused)
    assert (await store.deadlines.resume_deadlines(game.id, now=1000.0)) == 5
    deadlines = await store.deadlines.get_deadlines(game.id)
    assert {d.kind: d.due_at for d in deadlines}["due:d"] == 1100.0


async def test_deadline_changes_for_a_missing_game_change_nothing(store: Store) -> None:
    game = await a_game(store)
    row = await store.deadlines.set_deadline(game.id, "due:a", 50.0, seat=0)
    await store.deadlines.change_deadlines(game.id)  # nothing to change
    with pytest.raises(UnknownGame):
        await store.deadlines.change_deadlines(404, drop=[row.id],
                                               add=[DeadlineSlot(0, "due:x", 1.0)])
    await store.deadlines.change_deadlines(404, drop=[row.id])  # only game 404's own rows could go
    assert [d.id for d in await store.deadlines.get_deadlines(game.id)] == [row.id]


async def test_dropping_alone_is_one_statement(store: Store) -> None:
    game = await a_game(store)
    gone = await store.deadlines.set_deadline(game.id, "due:a", 50.0, seat=0)
    kept = await store.deadlines.set_deadline(game.id, "due:b", 60.0, seat=1)
    opened: list[str] = []
    plain = store._db.transaction

    def counted() -> object:
        opened.append("transaction")
        return plain()

    store._db.transaction = counted  # type: ignore[method-assign]
    await store.deadlines.change_deadlines(game.id, drop=[gone.id])
    assert opened == []
    assert [d.id for d in await store.deadlines.get_deadlines(game.id)] == [kept.id]


async def test_message_ids(store: Store) -> None:
    game = await a_game(store)
    other = await a_game(store, channel=11)
    await store.messages.set_message(game.id, "board", channel_id=10, message_id=1000)
    await store.messages.set_message(game.id, "board", channel_id=10, message_id=1001)
    await store.messages.set_message(game.id, "prompt:2", channel_id=10, message_id=1002)
    await store.messages.set_message(other.id, "board", channel_id=11, message_id=2000)
    board = await store.messages.get_message(game.id, "board")
    assert board is not None and board.message_id == 1001
    assert [m.kind for m in await store.messages.list_messages(game.id)] == ["board", "prompt:2"]
    found = await store.messages.find_message(1002)
    assert found is not None and (found.game_id, found.kind) == (game.id, "prompt:2")
    assert await store.messages.find_message(1000) is None
    assert await store.messages.delete_message(game.id, "board") is True
    assert await store.messages.get_message(game.id, "board") is None
    with pytest.raises(UnknownGame):
        await store.messages.set_message(404, "board", channel_id=1, message_id=1)


async def test_audit_log(store: Store) -> None:
    game = await a_game(store)
    await store.moderation.add_audit(guild_id=1, moderator_id=9, action="pause", game_id=game.id)
    await store.moderation.add_audit(guild_id=1, moderator_id=9, action="replace",
                                     detail={"seat": 1, "user": 5}, game_id=game.id)
    await store.moderation.add_audit(guild_id=2, moderator_id=8, action="settings")
    entries = await store.moderation.list_audit(guild_id=1)
    assert [e.action for e in entries] == ["replace", "pause"]
    assert entries[0].detail == {"seat": 1, "user": 5}
    newest = await store.moderation.list_audit(game_id=game.id, limit=1)
    assert [e.action for e in newest] == ["replace"]
    assert len(await store.moderation.list_audit()) == 3
    with pytest.raises(UnknownGame):
        await store.moderation.add_audit(guild_id=1, moderator_id=9, action="x", game_id=404)
