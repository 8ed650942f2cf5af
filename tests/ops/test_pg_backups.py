"""Backups of a PostgreSQL database (DATABASE_URL): `python -m bot backup` through pg_dump
while games are played, `restore` into a fresh database where the games finish; refusals
in one line; the daily backups of the process holding shard 0."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.cli import main
from bot.discord_app import TableBot
from bot.ops.backups import daily_backups
from bot.ops.running import StartRefused
from bot.store import FINISHED, Store
from bot.store.backup import newest_schema
from bot.store.pg_backup import database_label, dump_schema_version, without_password
from bot.tables.service import TableService
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.ops.games import open_doge, play
from tests.ops.test_doctor import doctor
from tests.postgres import fresh_database, need_pg_programs

PASSWORD = "s3cret"  # the test server trusts its users: a password is accepted, unused


def with_password(url: str) -> str:
    return url.replace("postgresql://postgres@", f"postgresql://postgres:{PASSWORD}@", 1)


def label(url: str) -> str:
    return f"PostgreSQL 127.0.0.1:5432/{url.rpartition('/')[2]}"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory of its own; the programs must be there."""
    need_pg_programs()
    monkeypatch.chdir(tmp_path)
    for key in ("DATABASE_PATH", "BACKUP_DIR", "BACKUP_KEEP", "PG_BIN_DIR", "SHARD_COUNT",
                "SHARD_IDS"):
        monkeypatch.delenv(key, raising=False)
    return tmp_path


@asynccontextmanager
async def tables(url: str) -> AsyncIterator[TableService]:
    """The table service on the database at `url`, closed afterwards."""
    store = await Store.open(url)
    try:
        yield TableService(store)
    finally:
        await store.close()


async def command(*args: str) -> int:
    """`python -m bot ARGS` in this process (in a thread: restore runs an event loop)."""
    return await asyncio.to_thread(main, list(args))


async def test_a_backup_taken_mid_play_restores_into_a_fresh_database_and_the_games_finish(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async with fresh_database("backup_from") as source, \
            fresh_database("backup_into") as fresh:
        async with tables(source) as service:
            games = [await open_doge(service, channel_id=11, seed=1),
                     await open_doge(service, channel_id=12, seed=2)]
            before = [await play(service, game_id, steps=6) for game_id in games]
            await service.store.processes.answer_roll_call("elsewhere:1:aa", 1, [0], 0.0)
            monkeypatch.setenv("DATABASE_URL", with_password(source))
            # The moves go on in this thread while pg_dump reads in another.
            writer = asyncio.create_task(play(service, games[0], steps=30, seed=8))
            await asyncio.sleep(0)
            assert await command("backup", str(here)) == 0
            moved_on = await writer
        said = capsys.readouterr()
        [dump] = here.glob("*.dump")
        assert said.out == (f"backed up {label(source)} to {dump} "
                            f"(schema {newest_schema()})\n"), said
        assert dump.name.startswith(f"{source.rpartition('/')[2]}-")

        monkeypatch.setenv("DATABASE_URL", with_password(fresh))
        assert await command("restore", str(dump)) == 0
        said = capsys.readouterr()
        assert said.out.startswith(f"restored {dump} to {label(fresh)} "
                                   f"(schema {newest_schema()}). "), said
        assert PASSWORD not in said.out + said.err

        async with tables(fresh) as service:
            store = service.store
            assert await store.processes.bot_processes() == []  # the roll call is not backed up
            restored = [(await store.actions.load(game_id)).row.version for game_id in games]
            assert restored[1] == before[1] and before[0] <= restored[0] <= moved_on
            await service.clock.reschedule_all()  # as the bot does at start-up
            for n, game_id in enumerate(games):
                await store.checks.verify_game(game_id, from_scratch=True)
                await play(service, game_id, steps=2000, seed=9 + n)
                assert (await store.actions.load(game_id)).row.status == FINISHED
                await store.checks.verify_game(game_id, from_scratch=True)


async def test_restore_refuses_a_database_that_holds_tables_and_a_file_not_a_dump(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async with fresh_database("backup_busy") as url:
        async with tables(url) as service:
            game_id = await open_doge(service, channel_id=11)
            version = await play(service, game_id, steps=3)
        monkeypatch.setenv("DATABASE_URL", with_password(url))
        assert await command("backup", str(here / "copy.dump")) == 0
        assert await command("restore", str(here / "copy.dump")) == 1
        (here / "games.db").write_text("an SQLite file, or anything else")
        assert await command("restore", str(here / "games.db")) == 1
        refused = capsys.readouterr().err.splitlines()
        assert len(refused) == 2, refused
        assert refused[0] == (f"restore into {label(url)} refused: {label(url)} already "
                              "holds tables: restore into an empty database (createdb "
                              "NAME) and point DATABASE_URL at it")
        assert refused[1].startswith(f"restore into {label(url)} refused: "
                                     f"{here / 'games.db'} is not a PostgreSQL backup of the "
                                     "bot: pg_restore: error: "), refused
        async with tables(url) as service:
            assert (await service.load(game_id)).version == version  # nothing changed


@pytest.mark.parametrize("where", ["PG_BIN_DIR", "PATH"])
async def test_without_pg_dump_a_backup_is_refused_in_one_line(
        here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        where: str) -> None:
    async with fresh_database("backup_nothing") as url:
        monkeypatch.setenv("DATABASE_URL", url)
        (here / "empty").mkdir()
        monkeypatch.setenv(where, str(here / "empty"))
        assert await command("backup", str(here)) == 1
    why = f"not in PG_BIN_DIR ({here / 'empty'})" if where == "PG_BIN_DIR" else \
        "not installed: install PostgreSQL's client programs"
    assert capsys.readouterr().err.startswith(f"backup of {label(url)} failed: pg_dump is "
                                              f"{why}")
    assert not list(here.glob("*.dump"))


async def test_the_bot_takes_its_daily_backup_of_postgresql(
        discord_emulator: DiscordEmulator, here: Path) -> None:  # noqa: F811
    async with fresh_database("backup_daily") as url:
        bot = TableBot(database_path=str(here / "unused.db"), database_url=url,
                       backup_dir=here / "backups", backup_keep=3)
        async with discord_emulator.running(bot):
            assert bot.backups is not None
            await discord_emulator.wait_until(
                lambda: bool(daily_backups(here / "backups")), timeout=30)
        [(_, daily)] = daily_backups(here / "backups")
        assert daily.suffix == ".dump"
        assert dump_schema_version(daily, None) == newest_schema()
        assert not (here / "unused.db").exists()


def test_the_password_goes_to_the_programs_environment_not_their_command_line() -> None:
    url = "postgresql://bot:p%40ss@db.example:5433/games?sslmode=require"
    assert without_password(url) == ("postgresql://bot@db.example:5433/games?sslmode=require",
                                     {"PGPASSWORD": "p@ss"})
    assert without_password("postgresql://bot@db/games") == ("postgresql://bot@db/games", {})
    assert database_label(url) == "PostgreSQL db.example:5433/games"


async def test_a_pg_dump_older_than_the_server_keeps_the_bot_from_starting_as_the_doctor_says(
        here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = here / "old-client"
    old.mkdir()
    for name in ("pg_dump", "pg_restore"):
        (old / name).write_text(f"#!/bin/sh\necho '{name} (PostgreSQL) 9.6.24'\n")
        (old / name).chmod(0o755)
    async with fresh_database("backup_old") as url:
        conn = await asyncpg.connect(url)
        server = int(await conn.fetchval("SHOW server_version_num")) // 10000
        await conn.close()
        bot = TableBot(database_path=str(here / "unused.db"), database_url=url,
                       backup_dir=here / "backups", backup_keep=3, pg_bin_dir=old)
        with pytest.raises(StartRefused) as refused:
            await bot.open_store()
        await bot.close()
        assert bot.store is None  # opened, then closed again
        why = (f"pg_dump 9 cannot back up PostgreSQL {server}: install the client "
               f"programs of {server} or newer, or name their folder in PG_BIN_DIR")
        assert str(refused.value) == (f"daily backups of {label(url)} cannot be taken: "
                                      f"{why} (or set BACKUP_KEEP=0)")
        monkeypatch.setenv("DATABASE_URL", url)
        found = await doctor({"DATABASE_PATH": str(here / "unused.db"), "PG_BIN_DIR": str(old),
                              "BACKUP_DIR": str(here / "backups")})
    [said] = [f.line() for f in found if f.area == "backups"]
    assert said == f"problem  backups: {label(url)}: {why}"
