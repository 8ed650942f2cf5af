"""`python -m bot doctor` offline: settings, database, games, backups and fonts."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.doctor import run_doctor, without_values
from bot.ops.findings import NOTE, PROBLEM, Finding, exit_code
from bot.ops.settings import load_settings
from bot.store import Store
from bot.store.backends.sqlite import connect, migrate
from bot.store.backup import newest_schema
from bot.tables.service import TableService
from tests.ops.games import open_doge, play

TOKEN = "MTAw.GxYz12.abcdefghijklmnopqrstuvwxyz"  # shaped like a bot token


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A working directory of its own, with the database and backups inside it."""
    monkeypatch.chdir(tmp_path)
    values = {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(tmp_path / "games.db"),
              "BACKUP_DIR": str(tmp_path / "backups")}
    for key in ("DEV_GUILD_ID", "BACKUP_KEEP", "LOG_FILE", "LOG_LEVEL", "CONNECT_RETRIES"):
        monkeypatch.delenv(key, raising=False)
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    return values


async def doctor(env: dict[str, str]) -> list[Finding]:
    return await run_doctor(load_settings(env), Path(".env"), online=False)


def problems(findings: list[Finding]) -> list[str]:
    return [f.line() for f in findings if f.level == PROBLEM]


async def make_games(path: Path) -> tuple[int, int]:
    """A Doge game in play and a lobby; their ids."""
    store = await Store.open(path)
    try:
        service = TableService(store)
        playing = await open_doge(service, channel_id=11)
        await play(service, playing, steps=5)
        lobby = await service.open_lobby("clans", guild_id=1, channel_id=12, user_id=201,
                                         user_name="anna", seats=2, timing="live")
        return playing, lobby.id
    finally:
        await store.close()


async def test_a_good_database_passes_every_check(env, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    await make_games(Path(env["DATABASE_PATH"]))
    findings = await doctor(env)
    assert problems(findings) == []
    lines = [f.line() for f in findings]
    assert any("2 open games reload and rebuild" in line for line in lines), lines
    assert any("integrity check passed" in line for line in lines)
    assert any(line.startswith("ok") and "font faces" in line for line in lines)
    # The command prints one line per finding and a summary, and exits 0.
    assert await asyncio.to_thread(main, ["doctor", "--offline"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("summary: all is well")


async def test_a_file_that_is_not_a_database_is_a_problem(env) -> None:
    Path(env["DATABASE_PATH"]).write_bytes(b"\x00garbage" * 512)
    found = problems(await doctor(env))
    assert len(found) == 1 and "games.db cannot be read as a database" in found[0]
    assert exit_code(await doctor(env)) == 1


async def test_an_unmigrated_database_is_checked_on_a_migrated_copy_and_left_alone(
        env) -> None:
    path = Path(env["DATABASE_PATH"])
    conn = await connect(path)
    await migrate(conn, target=1)
    await conn.close()
    before = path.read_bytes()
    findings = await doctor(env)
    notes = [f.text for f in findings if f.level == NOTE and f.area == "database"]
    assert notes == [f"schema 1, this code has {newest_schema()}: the bot migrates at its "
                     "next start, after a backup (the checks below ran on a migrated copy)"]
    assert problems(findings) == []
    # The copy's empty roll call says nothing of the processes running on the file.
    assert not [f for f in findings if f.area == "processes"]
    assert path.read_bytes() == before  # the doctor changed nothing
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == 1


async def test_a_game_whose_stored_state_does_not_rebuild_is_named_without_its_values(
        env) -> None:
    path = Path(env["DATABASE_PATH"])
    playing, _ = await make_games(path)
    with sqlite3.connect(path) as conn:
        state = json.loads(conn.execute("SELECT state FROM games WHERE id = ?",
                                        (playing,)).fetchone()[0])
        state["year"] = 97  # as if a write had been lost or edited by hand
        conn.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), playing))
    found = problems(await doctor(env))
    assert len(found) == 1, found
    assert f"game {playing} (doge, active, channel 11) does not rebuild" in found[0]
    assert found[0].endswith("at $.year") and "97" not in found[0]


def test_mismatch_reports_lose_the_values_but_keep_the_place() -> None:
    detail = "rebuilt state differs from the stored one at $.players[0].markers ([3] vs [1])"
    assert without_values(detail) == ("rebuilt state differs from the stored one at "
                                      "$.players[0].markers")


async def test_a_missing_token_bad_values_and_unknown_keys_are_problems(
        env, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN")
    Path(".env").write_text("BACKUP_KEPP=3\nBACKUP_KEEP=many\n")
    env = {k: v for k, v in env.items() if k != "DISCORD_TOKEN"} | {"BACKUP_KEEP": "many"}
    found = problems(await doctor(env))
    assert any("DISCORD_TOKEN is not set" in line for line in found)
    assert any("sets BACKUP_KEPP, which the bot does not read" in line for line in found)
    assert any("BACKUP_KEEP='many' is not a whole number" in line for line in found)
    assert len(found) == 3


async def test_a_token_with_bot_in_front_is_a_problem(env) -> None:
    found = problems(await doctor({**env, "DISCORD_TOKEN": "Bot " + TOKEN}))
    assert len(found) == 1 and "does not look like a bot token" in found[0]


async def test_deadlines_long_overdue_are_a_problem(env) -> None:
    """The running bot's clock cannot handle deadlines (its database refuses writes),
    or no bot runs: the doctor says so."""
    path = Path(env["DATABASE_PATH"])
    playing, _ = await make_games(path)
    assert problems(await doctor(env)) == []
    with sqlite3.connect(path) as conn:  # due an hour ago, not handled
        conn.execute("UPDATE deadlines SET due_at = ? WHERE game_id = ?",
                     (time.time() - 3600, playing))
    found = problems(await doctor(env))
    assert len(found) == 1 and "a deadline is 60 minutes overdue" in found[0], found
