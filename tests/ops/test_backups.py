"""Backups: consistent while the bot writes, restored and played on to the end; daily
backups kept to BACKUP_KEEP and scheduled from the files; a backup before migrations."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.backups import (
    BACKUP_INTERVAL,
    backup_before_migrations,
    daily_backups,
    next_due,
    prune,
    stamp,
    take_daily_backup,
)
from bot.ops.databases import SqliteFile
from bot.store import FINISHED, Store, StoreError
from bot.store.backends.sqlite import connect, migrate
from bot.store.backup import backup_database, file_schema_version, newest_schema, restore_database
from bot.tables.service import TableService
from tests.ops.games import open_doge, play

NOW = 1_800_000_000.0


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


async def test_a_backup_taken_mid_game_while_moves_go_on_restores_and_the_game_finishes(
        tmp_path: Path) -> None:
    db, copy = tmp_path / "games.db", tmp_path / "backups" / "mid-game.db"
    store = await Store.open(db)
    service = TableService(store)
    game_id = await open_doge(service, channel_id=11)
    await play(service, game_id, steps=6)
    before = (await store.actions.load(game_id)).row.version
    # The moves go on in this thread while the copy is taken in another: some before the
    # copy starts, as many as fit (up to five) while it runs, and some after it ended,
    # however busy the machine (each waits for the other's signal, not for time).
    started, copied = asyncio.Event(), asyncio.Event()

    async def moves_around_the_copy() -> int:
        for n in range(3):
            await play(service, game_id, steps=1, seed=100 + n)
        started.set()
        for n in range(5):
            if copied.is_set():
                break
            await play(service, game_id, steps=1, seed=110 + n)
        await copied.wait()
        for n in range(3):
            version = await play(service, game_id, steps=1, seed=120 + n)
        return version

    writer = asyncio.create_task(moves_around_the_copy())
    await started.wait()
    await asyncio.to_thread(backup_database, db, copy)
    after_backup = (await store.actions.load(game_id)).row.version
    copied.set()
    final_before_restore = await writer
    await store.close()

    replaced = restore_database(copy, db, tmp_path / "games.db.old")
    assert replaced is not None and replaced.exists()
    store = await Store.open(db)
    try:
        service = TableService(store)
        game = await store.actions.load(game_id)
        # On a busy machine the moves may all be done by the time the copy is: then the
        # copy holds them all.
        assert before <= game.row.version <= after_backup <= final_before_restore
        # The restored log rebuilds, from the seed on, to the state stored with it.
        await store.checks.verify_game(game_id, from_scratch=True)
        # As the bot does at start-up: the copy may hold a person's move without the
        # computer seat's answers that followed it, so that seat moves now.
        assert await service.clock.reschedule_all() == 1
        await play(service, game_id, steps=2000, seed=9)
        game = await store.actions.load(game_id)
        assert game.row.status == FINISHED
        await store.checks.verify_game(game_id, from_scratch=True)
        assert await store.integrity_check() == []
    finally:
        await store.close()


async def test_restore_refuses_while_the_database_is_open_and_changes_nothing(
        tmp_path: Path) -> None:
    db, copy = tmp_path / "games.db", tmp_path / "copy.db"
    store = await Store.open(db)
    try:
        game_id = await open_doge(TableService(store), channel_id=11)
        backup_database(db, copy)
        with pytest.raises(StoreError, match="stop the bot first"):
            restore_database(copy, db, tmp_path / "aside.db")
        assert not (tmp_path / "aside.db").exists()
        assert (await store.actions.load(game_id)).row.status == "active"
    finally:
        await store.close()


def test_restore_refuses_a_damaged_backup(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="cannot be read"):
        restore_database(bad, tmp_path / "games.db", tmp_path / "aside.db")
    assert not (tmp_path / "games.db").exists()


async def test_the_backup_command_copies_the_database_of_the_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "games.db"
    store = await Store.open(db)
    game_id = await open_doge(TableService(store), channel_id=11)
    await store.close()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(db))
    (tmp_path / "out").mkdir()
    assert main(["backup", str(tmp_path / "out")]) == 0
    [made] = list((tmp_path / "out").iterdir())
    assert str(made) in capsys.readouterr().out
    assert not Path(f"{made}-wal").exists()  # one self-contained file
    copy = await Store.open(made)
    try:
        assert (await copy.actions.load(game_id, verify=True)).row.status == "active"
    finally:
        await copy.close()
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "missing.db"))
    assert main(["backup", str(tmp_path / "x.db")]) == 1
    assert "there is no database" in capsys.readouterr().err


async def test_daily_backups_keep_the_newest_and_are_due_a_day_after_the_last(
        tmp_path: Path) -> None:
    db, folder = tmp_path / "games.db", tmp_path / "backups"
    await (await Store.open(db)).close()
    assert next_due(folder, NOW) == NOW  # none yet: at once
    (folder / "by-hand.db").parent.mkdir()
    (folder / "by-hand.db").write_bytes(b"kept")
    for day in range(4):
        take_daily_backup(SqliteFile(db), folder, keep=2, now=NOW + day * BACKUP_INTERVAL)
    kept = [path.name for _, path in daily_backups(folder)]
    assert kept == [f"daily-{stamp(NOW + d * BACKUP_INTERVAL)}.db" for d in (2, 3)]
    assert (folder / "by-hand.db").read_bytes() == b"kept"  # not ours: never pruned
    # A restarted bot reads the schedule from the names: the next one a day after the last.
    assert next_due(folder, NOW + 3 * BACKUP_INTERVAL + 60) == NOW + 4 * BACKUP_INTERVAL
    assert prune(folder, keep=1) == [folder / kept[0]]


async def test_an_older_schema_is_backed_up_before_the_store_migrates_it(
        tmp_path: Path) -> None:
    db, folder = tmp_path / "games.db", tmp_path / "backups"
    conn = await connect(db)
    await migrate(conn, target=2)
    await conn.close()
    made = backup_before_migrations(db, folder, NOW)
    assert made is not None and file_schema_version(made) == 2
    assert made.name == f"before-migration-0002-to-{newest_schema():04d}-{stamp(NOW)}.db"
    await (await Store.open(db)).close()
    assert user_version(db) == newest_schema() and user_version(made) == 2
    # Nothing to migrate, nothing copied: a current database, or no database at all.
    assert backup_before_migrations(db, folder, NOW + 1) is None
    assert backup_before_migrations(tmp_path / "new.db", folder, NOW + 2) is None
    assert len(list(folder.iterdir())) == 1
