"""A start that fails is one line on standard error and exit code 2, never a traceback:
`python -m bot` as a real process with a database it cannot open, or without the
programs of its daily backups. The doctor refuses the same settings the bot refuses."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.running import EXIT_CONFIG
from tests.ops.test_process import BotProcess, closed_port
from tests.postgres import ADMIN_URL, need_postgres


def missing_database(_: Path) -> dict[str, str]:
    need_postgres()
    return {"DATABASE_URL": f"{ADMIN_URL.rpartition('/')[0]}/missing_{secrets.token_hex(4)}"}


def nobody_listening(_: Path) -> dict[str, str]:
    return {"DATABASE_URL": f"postgresql://bot:s3cret@127.0.0.1:{closed_port()}/games"}


def not_postgres(_: Path) -> dict[str, str]:
    return {"DATABASE_URL": "mysql://bot:s3cret@127.0.0.1/games"}


def not_a_database_file(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "games.db").write_text("these are not the games")
    return {"DATABASE_URL": ""}  # SQLite: DATABASE_PATH, which the process is given


def no_pg_dump(tmp_path: Path) -> dict[str, str]:
    """Refused before the database is opened: the daily backups could not be taken."""
    (tmp_path / "empty").mkdir()
    return {**nobody_listening(tmp_path), "PATH": str(tmp_path / "empty")}


@pytest.mark.parametrize(("settings", "said"), [
    (missing_database, "cannot open the database: "),
    (nobody_listening, "cannot open the database: "),
    (not_postgres, "bad setting: DATABASE_URL is not a postgresql:// URL"),
    (not_a_database_file, "cannot open the database: "),
    (no_pg_dump, "daily backups of PostgreSQL 127.0.0.1:"),
])
async def test_a_start_that_fails_is_one_line_and_exit_code_2(
        tmp_path: Path, settings: Callable[[Path], dict[str, str]], said: str) -> None:
    # Discord is never reached: the settings and the database come first.
    bot = await BotProcess.start(f"http://127.0.0.1:{closed_port()}", tmp_path,
                                 DISCORD_TOKEN="a.b.c", **settings(tmp_path))
    assert await bot.finish() == EXIT_CONFIG, bot.output()
    assert len(bot.lines) == 1 and bot.lines[0].startswith(said), bot.output()
    assert "Traceback" not in bot.output() and "s3cret" not in bot.output()


def test_the_doctor_refuses_a_database_url_the_bot_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "MTAw.GxYz12.abcdefghijklmnopqrstuvwxyz")
    monkeypatch.setenv("DATABASE_URL", not_postgres(tmp_path)["DATABASE_URL"])
    assert main(["doctor", "--offline"]) == 1
    out = capsys.readouterr().out
    assert "problem  settings: DATABASE_URL is not a postgresql:// URL" in out
    assert "all is well" not in out and "s3cret" not in out
