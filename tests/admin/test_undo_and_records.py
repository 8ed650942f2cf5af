"""Undo (refused after a reveal; otherwise log, replay and export stay in step), export
without secrets for a running game, import into an empty channel, the audit log."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from bot.store import FINISHED, ActionEntry
from bot.store.records import PUBLIC_EXPORT_FORMAT
from bot.tables.service import TableError
from bot.tables.undo_rules import undo_refusal
from tests.admin.helpers import CHANNEL, GUILD, MOD, SERVER_MOD, db_rows, make_table, refused
from tests.doge.helpers import scrambled


async def test_undo_refuses_after_a_reveal_and_for_a_secret_ballot(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await refused(table.mod.undo(MOD, CHANNEL), contains="nothing has been played")
    await table.ballot(101)
    await refused(table.mod.undo(MOD, CHANNEL), contains="secret ballot")
    await table.ballot(102)
    await table.ballot(103)  # all chosen: the round is revealed (D-3.3)
    before = db_rows(table.path)
    why = await refused(table.mod.undo(MOD, CHANNEL), contains="revealed a placement round")
    assert why.startswith("Cannot undo the last step: it revealed")
    assert db_rows(table.path) == before  # nothing changed, not even the audit log
    await table.close()


async def test_undo_refuses_once_the_game_is_over(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.mod.end(MOD, CHANNEL)
    await refused(table.mod.undo(MOD, CHANNEL), contains="ended the game")
    await table.close()


async def until_undone(table, rng: random.Random, *, min_moves: int = 1,
                       tries: int = 300) -> tuple[int, dict, list]:
    """Play the one person's moves until an undo of at least `min_moves` actions is
    allowed; every refusal on the way must change nothing. Returns the version and
    state JSON before the step, and the audit entry's removed moves."""
    for _ in range(tries):
        game = await table.game()
        before_version = game.version
        before_state = game.engine.state_to_json(game.state)
        await table.play_person(101, rng)
        rows = db_rows(table.path)
        try:
            await table.mod.undo(MOD, CHANNEL)
        except TableError:
            assert db_rows(table.path) == rows
            continue
        [entry] = await table.store.moderation.list_audit(limit=1)
        removed = entry.detail["actions"]
        if len(removed) >= min_moves:
            return before_version, before_state, removed
        await table.play_person(101, rng)  # take the step again and look further
    raise AssertionError("no undoable step came up")


async def test_undo_takes_back_a_step_with_the_computers_replies(tmp_path: Path) -> None:
    """Two computer players answer at once; undo takes their replies back with the
    person's move, and the log, snapshots, replay and export still agree."""
    table = await make_table(tmp_path, bots=2, snapshot_every=3)
    version, state, removed = await until_undone(table, random.Random(1), min_moves=2)
    game = await table.game()
    assert game.version == version
    assert game.engine.state_to_json(game.state) == state
    assert removed[0]["actor_id"] == 101 and all(a["actor_id"] is None for a in removed[1:])
    assert removed[0]["action"]["seat"] == 0
    assert 0 in game.engine.pending(game.state)  # the person decides again
    # The log, every snapshot and the stored state agree; the cache was not fooled.
    await table.store.checks.verify_game(table.game_id, from_scratch=True)
    record = await table.store.records.export_game(table.game_id)
    assert len(record["actions"]) == version
    rebuilt = await table.store.actions.state_at(table.game_id, version)
    assert game.engine.state_to_json(rebuilt) == state
    with sqlite3.connect(table.path) as conn:
        snaps = [v for (v,) in conn.execute(
            "SELECT version FROM snapshots WHERE game_id = ?", (table.game_id,))]
        # The log is still append-only for everyone else.
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("DELETE FROM actions WHERE game_id = ?", (table.game_id,))
    assert max(snaps) <= version
    # Play goes on from there, over the versions that were taken back.
    await table.play_person(101, random.Random(2))
    assert (await table.game()).version > version
    await table.store.checks.verify_game(table.game_id, from_scratch=True)
    await table.close()


async def test_undo_in_a_game_of_people_restores_the_clock(tmp_path: Path) -> None:
    table = await make_table(tmp_path, seed=7)
    rng = random.Random(3)
    for _ in range(200):  # everyone plays until a person's move may be taken back
        game = await table.game()
        waiting = table.service.awaited_seats(game)
        await table.play_person(waiting[0].user_id, rng)
        try:
            result = await table.mod.undo(MOD, CHANNEL)
            break
        except TableError:
            continue
    else:
        raise AssertionError("no undoable step came up")
    assert result.line.startswith("🛡️ <@900> took back the last step: ")
    game = await table.game()
    due = {d.seat for d in await table.store.deadlines.get_deadlines(table.game_id)
           if d.kind.startswith("due:")}
    assert due == {s.seat for s in table.service.awaited_seats(game)}
    await table.store.checks.verify_game(table.game_id, from_scratch=True)
    await table.close()


async def test_export_of_a_running_game_holds_no_secret(tmp_path: Path) -> None:
    table = await make_table(tmp_path, bots=1, seed=11)
    rng = random.Random(5)
    for _ in range(100):  # into the elections, with face-down stacks on the board
        game = await table.game()
        view = game.engine.public_view(game.state, None)
        if any(st.values is None for stacks in view.stacks.values() for st in stacks):
            break
        waiting = [s for s in table.service.awaited_seats(game) if s.user_id]
        await table.play_person(waiting[0].user_id, rng)
    else:
        raise AssertionError("no face-down stack came up")
    result = await table.mod.export(MOD, CHANNEL)
    name, data = result.file
    assert name.endswith("-public.json") and "no secret" in result.line
    public = json.loads(data)
    assert public["format"] == PUBLIC_EXPORT_FORMAT and public["partial"] is True
    text = data.decode()
    assert "seed" not in text and str(game.row.seed) not in text
    assert "actions" not in public and "own" not in public["view"]
    assert "ballot" not in text.replace("ballot_", "")
    # D-10.2: the export is the same if every secret were different.
    twin = game.engine.public_view(scrambled(game.state), None).to_json()
    assert public["view"] == json.loads(json.dumps(twin))
    assert public["players"][2]["is_bot"] is True
    await table.mod.end(MOD, CHANNEL)
    result = await table.mod.export(MOD, CHANNEL)  # over: the whole record
    record = json.loads(result.file[1])
    assert record["format"] == "colovini-game-record" and record["seed"] == game.row.seed
    await table.close()


async def test_import_restores_a_record_into_an_empty_channel(tmp_path: Path) -> None:
    table = await make_table(tmp_path, bots=1)
    await table.ballot(101)
    await table.ballot(102)
    record = json.dumps(await table.store.records.export_game(table.game_id)).encode()
    m = table.mod
    await refused(m.import_record(MOD, CHANNEL, GUILD, record), contains="already has a game")
    await refused(m.import_record(MOD, 600, GUILD, b"\x89PNG"), contains="not JSON")
    await refused(m.import_record(MOD, 600, GUILD, b'{"format": "x"}'),
                  contains="not a game record")
    public = (await m.export(MOD, CHANNEL)).file[1]
    await refused(m.import_record(MOD, 600, GUILD, public), contains="no secrets")
    await refused(m.import_record(MOD, 600, GUILD, record, [301, 302, 303]),
                  contains="2 seats for people")
    result = await m.import_record(MOD, 600, GUILD, record, [301, 302])
    assert "restored a running game" in result.line and len(result.steps) == 1
    restored = await table.service.game_in_channel(600)
    original = await table.game()
    assert [s.user_id for s in restored.seats] == [301, 302, None]
    assert restored.version == original.version
    assert restored.engine.state_to_json(restored.state) == \
        original.engine.state_to_json(original.state)
    assert restored.engine.pending(restored.state) == [0, 1]  # play goes on there
    due = {d.seat for d in await table.store.deadlines.get_deadlines(restored.id)}
    assert due == {0, 1}  # with clocks for the people awaited
    # A finished game's record comes back finished.
    await m.end(MOD, CHANNEL)
    final = json.dumps((await m.export(MOD, CHANNEL)).file[1].decode()).encode()
    result = await m.import_record(MOD, 700, GUILD, json.loads(final).encode())
    assert "finished game" in result.line
    rows = await table.store.games.list_games(channel_id=700)
    assert rows[0].status == FINISHED
    await table.close()


async def test_the_audit_log_says_who_did_what_and_when(tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    await table.mod.pause(MOD, CHANNEL)
    table.time.now += 60
    await table.mod.extend(MOD, CHANNEL, 1.5)
    await table.mod.resume(MOD, CHANNEL)
    entries = await table.mod.audit_entries(SERVER_MOD, limit=2)
    assert [(e.action, e.moderator_id, e.game_id) for e in entries] == \
        [("resume", 900, table.game_id), ("extend", 900, table.game_id)]
    assert entries[1].detail == {"hours": 1.5} and entries[0].created_at > 0
    await table.close()


@pytest.mark.parametrize(("game", "action", "events", "why"), [
    ("doge", {"type": "take"}, [{"type": "advisor_taken"}], None),
    ("doge", {"type": "ballot"}, [{"type": "ballot_set"}], "secret ballot"),
    ("doge", {"type": "ballot"}, [{"type": "round_revealed"}], "revealed a placement round"),
    ("doge", {"type": "place"}, [{"type": "election"}], "election's markers (D-4.2)"),
    ("doge", {"type": "build"}, [{"type": "election_done"}], None),
    ("doge", {"type": "build"}, [{"type": "election_done", "next_year_card": "castello"}],
     "face-down voting card"),
    ("clans", {"type": "move"}, [{"type": "village"}], None),
    ("clans", {"type": "move"}, [{"type": "game_end"}], "ended the game"),
])
def test_what_a_step_may_not_have_done_to_be_undone(game, action, events, why) -> None:
    entry = ActionEntry(1, 5, None, 0.0, {"seat": 0, **action}, events, 5, None)
    found = undo_refusal(game, entry)
    assert found is None if why is None else why in found
