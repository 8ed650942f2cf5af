"""Moderator commands at the table layer: who may, the clocks, seats, ending a game."""

from __future__ import annotations

import json
from pathlib import Path

from bot.store import ENDED, FINISHED
from bot.tables.moderation import NOT_A_MODERATOR, Moderator
from bot.tables.timing import DAY, HOUR
from tests.admin.helpers import CHANNEL, GUILD, MOD, PLAYER, db_rows, make_table, refused


async def test_every_command_is_refused_for_a_non_moderator_and_nothing_changes(
        tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.ballot(101)
    m = table.mod
    record = json.dumps(await table.store.records.export_game(table.game_id)).encode()
    before = db_rows(table.path)
    calls = {
        "pause": m.pause(PLAYER, CHANNEL), "resume": m.resume(PLAYER, CHANNEL),
        "extend": m.extend(PLAYER, CHANNEL, 2), "skip": m.skip(PLAYER, CHANNEL),
        "replace": m.replace(PLAYER, CHANNEL, 102, 201), "kick": m.kick(PLAYER, CHANNEL, 102),
        "end": m.end(PLAYER, CHANNEL), "undo": m.undo(PLAYER, CHANNEL),
        "export": m.export(PLAYER, CHANNEL),
        "import": m.import_record(PLAYER, 600, GUILD, record),
        "audit": m.audit_entries(PLAYER),
    }
    for name, call in calls.items():
        assert await refused(call) == NOT_A_MODERATOR, name
    await refused(m.set_role(PLAYER, 77), contains="manage the server")
    assert db_rows(table.path) == before  # not even an audit entry
    await table.close()


async def test_the_configured_role_moderates_but_cannot_hand_itself_on(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    holder = Moderator(150, GUILD, role_ids=frozenset({77}))
    await refused(table.mod.pause(holder, CHANNEL), contains="Only moderators")
    # Managing this channel moderates its games, but the role reaches every channel.
    await refused(table.mod.set_role(MOD, 77), contains="manage the server")
    owner = Moderator(901, GUILD, manage_guild=True)
    await refused(table.mod.set_role(owner, GUILD), contains="@everyone cannot")
    await refused(table.mod.set_role(owner, 78, managed=True), contains="a bot or an integ")
    assert (await table.store.tables.get_guild_settings(GUILD)).moderator_role_id is None
    result = await table.mod.set_role(owner, 77)
    assert "<@&77>" in result.line
    assert (await table.store.tables.get_guild_settings(GUILD)).moderator_role_id == 77
    assert "paused" in (await table.mod.pause(holder, CHANNEL)).line
    await refused(table.mod.set_role(holder, None), contains="manage the server")
    await refused(table.mod.pause(Moderator(150, 2, role_ids=frozenset({77})), CHANNEL),
                  contains="Only moderators")  # the role of one server only
    await table.close()


async def test_pause_and_resume_keep_the_remaining_time(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.ballot(101)
    table.time.now += 5 * HOUR
    due = {d.seat: d.due_at for d in await table.store.deadlines.get_deadlines(table.game_id)
           if d.kind.startswith("due:")}
    assert set(due) == {1, 2}
    result = await table.mod.pause(MOD, CHANNEL)
    assert result.line.startswith("🛡️ <@900> paused")
    await refused(table.mod.pause(MOD, CHANNEL), contains="already paused")
    rows = await table.store.deadlines.get_deadlines(table.game_id)
    assert rows and all(d.paused for d in rows)
    assert {d.seat: d.paused_remaining for d in rows if d.kind.startswith("due:")} == \
        {1: DAY - 5 * HOUR, 2: DAY - 5 * HOUR}
    table.time.now += 10 * DAY  # long past every deadline: nothing fires while paused
    assert await table.service.clock.tick() == 0
    # Moves are still allowed; the new round's clocks start paused, with the full time.
    await table.ballot(102)
    await table.ballot(103)
    game = await table.game()
    assert game.state.round == 2
    rows = await table.store.deadlines.get_deadlines(table.game_id)
    assert all(d.paused for d in rows)
    assert {d.paused_remaining for d in rows if d.kind.startswith("due:")} == {DAY}
    await table.ballot(101)  # seat 0 answered: seats 1 and 2 still wait
    result = await table.mod.resume(MOD, CHANNEL)
    assert "time they had left" in result.line
    await refused(table.mod.resume(MOD, CHANNEL), contains="not paused")
    rows = {d.seat: d for d in await table.store.deadlines.get_deadlines(table.game_id)
            if d.kind.startswith("due:")}
    assert {s: d.due_at for s, d in rows.items()} == {1: table.time.now + DAY,
                                                     2: table.time.now + DAY}
    assert not (await table.game()).row.settings["paused"]
    actions = [e.action for e in await table.store.moderation.list_audit(game_id=table.game_id)]
    assert actions == ["resume", "pause"]
    await table.close()


async def test_extend_moves_the_running_deadlines(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    before = {d.id: d.due_at for d in await table.store.deadlines.get_deadlines(table.game_id)}
    await refused(table.mod.extend(MOD, CHANNEL, 0), contains="more than 0")
    result = await table.mod.extend(MOD, CHANNEL, 6)
    assert "6 more hours" in result.line
    after = {d.id: d.due_at for d in await table.store.deadlines.get_deadlines(table.game_id)}
    assert after == {i: t + 6 * HOUR for i, t in before.items()}
    await table.close()


async def test_skip_applies_the_default_for_everyone_awaited(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.ballot(101)
    result = await table.mod.skip(MOD, CHANNEL)
    assert (await table.game()).version == 1  # nothing skipped before the line is told
    assert result.line == "🛡️ <@900> skipped the awaited players."
    [step] = await result.then()
    game = await table.game()
    assert game.state.round == 2  # D-3.7: both sat out, the round was revealed
    assert len(game.state.players[1].markers) == 7 and len(game.state.players[2].markers) == 7
    assert [s.misses for s in game.seats] == [0, 0, 0]  # a moderator's skip is no miss
    assert [str(n) for n in step.notes] == [
        f"⏰ A moderator skipped {name}, so the table chose for them."
        for name in "BC"]
    types = [e["type"] for e in step.events]
    assert types.count("sat_out") == 2 and "round_revealed" in types
    assert len(step.lines) == len(step.events)
    # No deadline passed: the sit-out says nothing of one (its note says who skipped).
    told = await table.service.narration(game, step.events)
    assert sum("out of round 1" in line for line in told) == 2
    assert not any("deadline" in line for line in told)
    assert [e.action for e in await table.store.moderation.list_audit()] == ["skip"]
    # With a publisher the table showed the step itself: nothing is left to post.
    shown = []

    async def publish(step) -> None:
        shown.append(step)

    table.service.publisher = publish
    result = await table.mod.skip(MOD, CHANNEL)
    assert shown == []  # the line comes first
    assert await result.then() == [] and len(shown) == 3
    await table.close()


async def test_replace_hands_over_the_seat_and_its_secrets(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.ballot(101, "castello", [3, 2])
    await refused(table.mod.replace(MOD, CHANNEL, 101, 102), contains="already sits")
    await refused(table.mod.replace(MOD, CHANNEL, 555, 201), contains="does not play")
    result = await table.mod.replace(MOD, CHANNEL, 101, 201)
    assert "<@201>" in result.line and result.ping == [201] and not result.board
    game = await table.game()
    seat = game.seats[0]
    assert (seat.user_id, seat.replaced_from, seat.name) == (201, 101, "A")
    own = game.engine.public_view(game.state, seat.seat).own
    assert own.ballot == ("castello", (3, 2))  # the secret goes with the seat
    await refused(table.service.act(table.game_id, 101, {"type": "ballot", "area": "castello",
                                                         "markers": [1]}),
                  contains="not playing")
    await table.ballot(201, "dorsoduro", [1])  # the newcomer may change it (D-3.3)
    assert (await table.game()).state.ballots[0].area == "dorsoduro"
    [entry] = await table.store.moderation.list_audit()
    assert (entry.action, entry.detail) == ("replace", {"seat": 0, "old": 101, "new": 201})
    await table.close()


async def test_kick_gives_the_seat_to_the_computer_at_once(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.ballot(101)
    result = await table.mod.kick(MOD, CHANNEL, 103)
    [step] = await result.then()  # once the line is told, the computer answers for it
    assert step.notes == []  # a computer seat's move, told as any: no skip, no deadline
    game = await table.game()
    seat = game.seats[2]
    assert (seat.user_id, seat.is_bot, seat.replaced_from) == (None, True, 103)
    assert 2 in game.state.ballots  # it was awaited, so the computer chose at once
    assert "computer plays C's seat" in result.line
    assert not any(d.seat == 2 for d in await table.store.deadlines.get_deadlines(table.game_id))
    await refused(table.mod.kick(MOD, CHANNEL, 103), contains="does not play")
    # The removed player's seat can later go to someone else.
    await table.mod.replace(MOD, CHANNEL, 103, 203)
    assert (await table.game()).seats[2].user_id == 203
    await table.close()


async def test_end_ranks_everyone_and_marks_the_moderator(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.ballot(101)
    result = await table.mod.end(MOD, CHANNEL)
    game = await table.game()
    assert game.row.status == FINISHED and game.row.result["reason"] == "moderator"
    assert len(game.row.result["ranking"]) == 3  # D-9.3: everyone ranked
    assert [e["type"] for e in result.steps[0].events] == ["game_over"]
    assert "ended by a moderator" in result.steps[0].lines[-1]
    assert await table.store.deadlines.get_deadlines(table.game_id) == []
    await refused(table.mod.end(MOD, CHANNEL), contains="no game in this channel")
    await table.store.checks.verify_game(table.game_id, from_scratch=True)
    # A lobby is simply closed.
    lobby = await table.service.open_lobby("doge", guild_id=GUILD, channel_id=CHANNEL,
                                           user_id=101, user_name="A", seats=3, timing="live")
    result = await table.mod.end(MOD, CHANNEL)
    assert (await table.service.load(lobby.id)).row.status == ENDED
    assert [e.action for e in await table.store.moderation.list_audit()] == ["end", "end"]
    await table.close()
