"""`python -m bot migrate --to postgresql://...`: an SQLite database copied into PostgreSQL,
every game checked to reload to the same state, the copy playable on."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.games.base import PlayerSpec
from bot.store import ACTIVE, ENDED, FINISHED, LOBBY, Store, StoreError
from bot.store.transfer import TABLES, copy_database, migrate_file, tables_of
from tests.postgres import fresh_database
from tests.store.backends import Backend
from tests.store.doge_play import DOGE_PLAYERS, random_action

CLANS_PLAYERS = [PlayerSpec("A"), PlayerSpec("B", is_bot=True)]


@pytest.fixture
async def url() -> AsyncIterator[str]:
    async with fresh_database("transfer") as found:
        yield found


async def filled_sqlite(path: Path) -> dict[str, int]:
    """A database with something in every table: games in each status, a long log with
    snapshots, deadlines, messages, audit entries and preferences. Returns game ids."""
    store = await Store.open(path, snapshot_every=7)
    try:
        rng = random.Random(3)
        lobby = await store.lobbies.create("doge", guild_id=1, channel_id=10, created_by=5)
        await store.lobbies.join(lobby.id, user_id=5, name="Ann")
        running = await store.games.create_game("doge", guild_id=1, channel_id=11,
                                                players=DOGE_PLAYERS, user_ids=[5, 6, 7], seed=11)
        state, version = running.state, 0
        for _ in range(30):
            result = await store.actions.submit(
                running.id, random_action(running.engine, state, rng),
                expected_version=version, actor_id=5, idempotency_key=f"k{version}")
            state, version = result.state, result.version
        finished = await store.games.create_game("clans", guild_id=2, channel_id=20,
                                                 players=CLANS_PLAYERS, seed=4)
        state = finished.state
        while not finished.engine.is_over(state):
            state = (await store.actions.submit(
                finished.id, random_action(finished.engine, state, rng),
                expected_version=None)).state
        ended = await store.games.create_game("doge", guild_id=1, channel_id=12,
                                              players=DOGE_PLAYERS, seed=5)
        await store.games.end_game(ended.id, result={"reason": "moderator"})
        await store.deadlines.set_deadline(running.id, "due:x", 1e9, seat=1)
        await store.messages.set_message(running.id, "board", channel_id=11, message_id=99)
        await store.moderation.add_audit(guild_id=1, moderator_id=8, action="pause",
                                         game_id=running.id, detail={"why": "test"})
        await store.tables.set_guild_settings(1, moderator_role_id=44)
        await store.tables.set_user_prefs(5, notify="dm", tz="Europe/Rome")
        await store.processes.answer_roll_call("old-host:7", 1, [0], started_at=1.0)
        return {LOBBY: lobby.id, ACTIVE: running.id, FINISHED: finished.id, ENDED: ended.id}
    finally:
        await store.close()


async def test_every_game_is_copied_and_plays_on(tmp_path: Path, url: str) -> None:
    path = tmp_path / "games.db"
    ids = await filled_sqlite(path)
    report = await migrate_file(path, url)
    assert report.games_checked == 4
    assert report.rows["actions"] > 30 and report.rows["snapshots"] > 5
    assert all(report.rows[t] for t in TABLES)
    # Every table of the schema is copied, those of later migrations too.
    assert list(report.rows) == await tables_of(old := await Store.open(path))
    await old.close()
    old, new = await Store.open(path), await Store.open(url)
    try:
        for status, game_id in ids.items():
            copied = await new.actions.load(game_id)
            assert copied.row.status == status
            assert copied.row == (await old.actions.load(game_id)).row
            assert await new.actions.log(game_id) == await old.actions.log(game_id)
        assert await new.deadlines.get_deadlines(ids[ACTIVE]) \
            == await old.deadlines.get_deadlines(ids[ACTIVE])
        assert await new.moderation.list_audit() == await old.moderation.list_audit()
        assert (await new.tables.get_guild_settings(1)).moderator_role_id == 44
        assert (await new.tables.get_user_prefs(5)).tz == "Europe/Rome"
        # The processes that ran on the file are not those that run on the copy.
        assert await new.processes.bot_processes() == []
        assert len(await old.processes.bot_processes()) == 1
        # The copy plays on; new rows are numbered after the copied ones.
        game = await new.actions.load(ids[ACTIVE])
        seat = game.engine.pending(game.state)[0]
        action = game.engine.legal_actions(game.state, seat)[0]
        assert (await new.actions.submit(game.id, action,
                                         expected_version=game.version)).version == 31
        fresh = await new.lobbies.create("clans", guild_id=3, channel_id=30)
        assert fresh.id > max(ids.values())
        # A second copy into a database that holds games is refused.
        with pytest.raises(StoreError, match="already holds 5 games"):
            await copy_database(old, new)
    finally:
        await old.close()
        await new.close()


async def test_a_copy_that_does_not_rebuild_leaves_the_target_empty(
    tmp_path: Path, url: str
) -> None:
    path = tmp_path / "games.db"
    ids = await filled_sqlite(path)
    source = Backend("sqlite", str(path))
    await source.drop_trigger("actions_append_only_delete", "actions")
    await source.execute("DELETE FROM actions WHERE game_id = ? AND seq = 30", ids[ACTIVE])
    with pytest.raises(StoreError, match=f"game {ids[ACTIVE]} at version 30 does not rebuild"):
        await migrate_file(path, url)
    contents = await Backend("postgresql", url).contents()
    assert contents.pop("store_schema")  # the schema is in place, and nothing else
    assert not any(contents.values())


def test_the_command_line(tmp_path: Path, url: str, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.db"
    asyncio.run(filled_sqlite(path))
    monkeypatch.chdir(tmp_path)
    assert main(["migrate", "--from", str(path), "--to", "sqlite:///elsewhere"]) == 1
    assert capsys.readouterr().err.strip() == (
        "migrate refused: --to must be a postgresql:// URL")
    assert main(["migrate", "--from", str(path), "--to", url]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("copied 1 guild_settings, 4 games") and out.endswith(
        "all 4 games reload to the same state")
    assert main(["migrate", "--from", str(path), "--to", url]) == 1
    assert "already holds 4 games" in capsys.readouterr().err
