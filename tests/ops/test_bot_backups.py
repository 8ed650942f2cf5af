"""The running bot's own backups: one before it migrates an existing database, one at
start and then daily, not repeated by a restart."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.ops.backups import BACKUP_INTERVAL, daily_backups
from bot.store.backends.sqlite import connect, migrate
from bot.store.backup import newest_schema
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)


def user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA user_version").fetchone()[0]


async def test_the_bot_backs_up_before_migrating_and_a_restart_keeps_the_daily_schedule(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    db, folder = tmp_path / "games.db", tmp_path / "backups"
    conn = await connect(db)
    await migrate(conn, target=2)
    await conn.close()

    bot = TableBot(database_path=str(db), backup_dir=folder, backup_keep=3)
    async with emu.running(bot):
        assert bot.backups is not None
        await emu.wait_until(lambda: bool(daily_backups(folder)) and bot.backups.next_at
                             is not None and bot.backups.next_at > daily_backups(folder)[0][0])
    [before] = folder.glob("before-migration-*.db")
    assert user_version(before) == 2 and user_version(db) == newest_schema()
    [(taken, first)] = daily_backups(folder)
    assert user_version(first) == newest_schema()

    again = TableBot(database_path=str(db), backup_dir=folder, backup_keep=3)
    async with emu.running(again):
        assert again.backups is not None
        await emu.wait_until(lambda: again.backups.next_at is not None)
        assert again.backups.next_at == taken + BACKUP_INTERVAL
    assert daily_backups(folder) == [(taken, first)]
    assert list(folder.glob("before-migration-*.db")) == [before]  # nothing left to migrate


async def test_without_its_backup_the_bot_does_not_migrate(tmp_path: Path) -> None:
    db, not_a_folder = tmp_path / "games.db", tmp_path / "backups"
    conn = await connect(db)
    await migrate(conn, target=2)
    await conn.close()
    not_a_folder.write_text("a file where the backups should go")
    bot = TableBot(database_path=str(db), backup_dir=not_a_folder / "inner", backup_keep=3)
    with pytest.raises(OSError):
        await bot.open_store()
    assert bot.store is None and user_version(db) == 2
    await bot.close()
