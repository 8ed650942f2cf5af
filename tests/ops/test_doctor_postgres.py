"""The doctor on a shared PostgreSQL database (DATABASE_URL): the same database and game
checks, nothing migrated, pg_dump checked for the backups, and the URL never repeated."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bot.sharding import load_scaling
from bot.store import Store
from bot.store.backends.postgres import DEFAULT_CONNECTIONS, FEWEST_CONNECTIONS
from tests.ops.test_doctor import doctor, env, make_games, problems  # noqa: F401 (fixture)
from tests.postgres import fresh_database, need_pg_programs


def pg_dump_major() -> int:
    said = subprocess.run(["pg_dump", "--version"], capture_output=True, text=True).stdout
    return int(said.split(")")[1].split(".")[0])


async def test_postgres_games_are_checked(env, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    need_pg_programs()
    async with fresh_database("doctor") as url:
        await make_games(url)  # type: ignore[arg-type]  # Store.open takes a URL too
        monkeypatch.setenv("DATABASE_URL", url)
        findings = await doctor(env)
        lines = [f.line() for f in findings]
        assert problems(findings) == [], lines
        assert any("PostgreSQL (DATABASE_URL) opens" in line for line in lines), lines
        assert any("2 open games reload and rebuild" in line for line in lines), lines
        assert any("connections, enough for 1 bot process" in line for line in lines), lines
        label = f"PostgreSQL 127.0.0.1:5432/{url.rpartition('/')[2]}"
        assert f"ok       backups: pg_dump {pg_dump_major()} can back up {label}" in lines, lines
        assert any(line.startswith("note     backups: no daily backup in ") for line in lines)
        assert not Path(env["DATABASE_PATH"]).exists()  # the SQLite file is not touched


async def test_an_unreachable_server_is_one_problem_without_the_password(
    env, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:s3cret@127.0.0.1:1/games")
    findings = await doctor(env)
    found = problems(findings)
    assert len(found) == 1 and "cannot connect" in found[0], found
    assert "s3cret" not in " ".join(f.line() for f in findings)


async def test_an_older_schema_is_left_for_the_bot_to_migrate(
    env, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    async with fresh_database("doctor") as url:
        store = await Store.open(url)
        await store.close()
        import asyncpg

        conn = await asyncpg.connect(url)
        try:
            await conn.execute("UPDATE store_schema SET version = version - 1")
        finally:
            await conn.close()
        monkeypatch.setenv("DATABASE_URL", url)
        lines = [f.line() for f in await doctor(env)]
        assert any("the first process to start migrates it" in line for line in lines), lines


async def _allowed_connections(url: str) -> int:
    """What the server lets ordinary users open, read by the test itself."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval("SELECT current_setting('max_connections')::int - "
                                   "current_setting('superuser_reserved_connections')::int")
    finally:
        await conn.close()


async def test_a_server_allowing_too_few_connections_for_the_processes_is_a_problem(
    env, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """Connections open as the load asks: 40 processes of one shard each would be refused
    at the busiest hour by a server of the default size, so the doctor says it now."""
    async with fresh_database("doctor") as url:
        await (await Store.open(url)).close()
        allowed = await _allowed_connections(url)
        monkeypatch.setenv("DATABASE_URL", url)
        monkeypatch.setenv("SHARD_COUNT", "40")
        monkeypatch.setenv("SHARD_IDS", "7")
        found = problems(await doctor(env))
    each = DEFAULT_CONNECTIONS.total
    needed = 40 * each
    assert needed > allowed  # the server's own setting decides, not a number assumed here
    assert len(found) == 1 and (
        f"PostgreSQL allows {allowed} connections, but 40 bot processes (SHARD_COUNT "
        f"shards, SHARD_IDS in each) may open {needed} ({each} each): raise "
        "max_connections in the server's postgresql.conf, or lower DATABASE_CONNECTIONS "
        "in each process's .env") in found[0], found



async def test_fewer_connections_per_process_fit_more_processes(
    env, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """As many processes as the server allows on the fewest connections each: too many on
    the default, enough once DATABASE_CONNECTIONS is lowered."""
    async with fresh_database("doctor") as url:
        await (await Store.open(url)).close()
        allowed = await _allowed_connections(url)
        processes = allowed // FEWEST_CONNECTIONS
        assert processes * DEFAULT_CONNECTIONS.total > allowed
        monkeypatch.setenv("DATABASE_URL", url)
        monkeypatch.setenv("SHARD_COUNT", str(processes))
        monkeypatch.setenv("SHARD_IDS", "0")
        assert len(problems(await doctor(env))) == 1
        monkeypatch.setenv("DATABASE_CONNECTIONS", str(FEWEST_CONNECTIONS))
        findings = await doctor(env)
        lines = [f.line() for f in findings]
        assert problems(findings) == [], lines
        assert any(f"enough for {processes} bot processes" in line and
                   f"({FEWEST_CONNECTIONS} each at most)" in line for line in lines), lines

def test_the_processes_are_counted_from_the_shards_each_holds() -> None:
    assert load_scaling({}).processes == 1
    assert load_scaling({"SHARD_COUNT": "4"}).processes == 1  # all four here
    assert load_scaling({"SHARD_COUNT": "4", "SHARD_IDS": "0,1"}).processes == 2
    assert load_scaling({"SHARD_COUNT": "5", "SHARD_IDS": "4,3"}).processes == 3


@pytest.mark.parametrize(("keep", "level"), [("7", "problem"), ("0", "note")])
async def test_pg_dump_missing_is_a_problem_only_for_the_daily_backups(
    env, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, keep: str, level: str  # noqa: F811
) -> None:
    """The bot does not start without the programs of its daily backups: the doctor says
    so; with none to take, `python -m bot backup` alone would need them."""
    async with fresh_database("doctor") as url:
        await (await Store.open(url)).close()
        monkeypatch.setenv("DATABASE_URL", url)
        (tmp_path / "empty").mkdir()
        env.update(PG_BIN_DIR=str(tmp_path / "empty"), BACKUP_KEEP=keep)
        lines = [f.line() for f in await doctor(env) if f.area == "backups"]
    label = f"PostgreSQL 127.0.0.1:5432/{url.rpartition('/')[2]}"
    assert len(lines) == 1 and lines[0].startswith(f"{level:<8} backups: "), lines
    assert f"pg_dump is not in PG_BIN_DIR ({tmp_path / 'empty'})" in lines[0]
    assert label in lines[0]
