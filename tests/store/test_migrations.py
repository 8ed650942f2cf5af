"""Migrations bring a fresh file and every older schema up to date; connection settings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import SchemaTooNew, Store
from bot.store.backends.sqlite import Migration, connect, load_migrations, migrate, schema_version
from tests.store.conftest import V1_PLAYERS, check_upgraded_store, check_version_1_data
from tests.store.tiny_game import engines

NEWEST = len(load_migrations())


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        return {r[0] for r in rows}


def test_migrations_are_shipped_numbered_and_parse() -> None:
    migrations = load_migrations()
    assert [m.number for m in migrations] == list(range(1, len(migrations) + 1))
    assert len(migrations) >= 2
    for m in migrations:
        assert m.statements(), m.name


def test_statement_splitting_keeps_trigger_bodies_whole() -> None:
    sql = (
        "-- a comment; with a semicolon\n"
        "CREATE TABLE t (a TEXT DEFAULT ';');\n"
        "CREATE TRIGGER tr AFTER INSERT ON t\nBEGIN\n  SELECT 1;\n  SELECT 2;\nEND;\n"
    )
    statements = Migration(9, "0009_x.sql", sql).statements()
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")


async def test_fresh_file_comes_up_to_date(db_path: Path) -> None:
    store = await Store.open(db_path, engines=engines)
    try:
        assert await store.schema_version() == NEWEST
        assert await store.integrity_check() == []
    finally:
        await store.close()
    assert {
        "guild_settings", "games", "seats", "actions", "snapshots", "deadlines",
        "bot_messages", "audit_log", "action_writes",
    } <= tables(db_path)


async def test_connection_settings(db_path: Path) -> None:
    conn = await connect(db_path)
    try:
        async def pragma(name: str) -> object:
            return next(iter(await conn.execute_fetchall(f"PRAGMA {name}")))[0]

        assert await pragma("journal_mode") == "wal"
        assert await pragma("foreign_keys") == 1
        assert await pragma("busy_timeout") == 5000
        assert await pragma("synchronous") == 1  # NORMAL
    finally:
        await conn.close()


async def test_reopening_changes_nothing(db_path: Path) -> None:
    for _ in range(3):
        store = await Store.open(db_path, engines=engines)
        await store.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == NEWEST


async def _schema_at(path: Path, version: int) -> None:
    conn = await connect(path)
    try:
        assert await migrate(conn, target=version) == version
        assert await schema_version(conn) == version
    finally:
        await conn.close()


def _seed_v1_data(path: Path) -> None:
    """A running game with two logged actions, written with the version-1 schema."""
    with sqlite3.connect(path, isolation_level=None) as conn:
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(
            "INSERT INTO games (id, game, guild_id, channel_id, status, seed, settings, players, "
            "version, state, created_at, updated_at) VALUES (1, 'counting', 7, 70, 'active', 1, "
            "'{}', ?, 0, 'x', 0, 0)",
            (V1_PLAYERS,),
        )
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES "
            "(1, 0, 100, 'A', 0), (1, 1, 101, 'B', 0)"
        )
        conn.execute("INSERT INTO guild_settings (guild_id, moderator_role_id, updated_at) "
                     "VALUES (7, 555, 0)")


@pytest.mark.parametrize("start", range(0, NEWEST))
async def test_every_older_schema_comes_up_to_date(db_path: Path, start: int) -> None:
    await _schema_at(db_path, start)
    store = await Store.open(db_path, engines=engines)
    try:
        await check_upgraded_store(store, NEWEST)
    finally:
        await store.close()


async def test_version_1_data_survives_the_upgrade(db_path: Path) -> None:
    await _schema_at(db_path, 1)
    _seed_v1_data(db_path)
    store = await Store.open(db_path, engines=engines)
    try:
        await check_version_1_data(store)
    finally:
        await store.close()


async def test_a_newer_schema_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version={NEWEST + 1}")
    with pytest.raises(SchemaTooNew, match="upgrade the bot"):
        await Store.open(db_path, engines=engines)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == NEWEST + 1


async def test_a_failed_migration_leaves_the_old_version(db_path: Path) -> None:
    await _schema_at(db_path, 1)
    broken = [
        *load_migrations()[:1],
        Migration(2, "0002_broken.sql", "CREATE TABLE x (a);\nNOPE;\n"),
    ]
    conn = await connect(db_path)
    try:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(conn, migrations=broken)
        assert await schema_version(conn) == 1
    finally:
        await conn.close()
    assert "x" not in tables(db_path)
