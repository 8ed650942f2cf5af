"""`python -m bot ratings --rebuild` on the bot's database: the same numbers, repaired
drift, one-line refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store
from tests.community.helpers import finished


async def _games(path: Path) -> None:
    async with await Store.open(path) as store:
        await finished(store, "clans", [101, 102, 103])
        await finished(store, "clans", [101, 102], channel=11, seed=2)


def test_the_rebuild_command_repairs_drift(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    path = tmp_path / "games.db"
    asyncio.run(_games(path))
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    with sqlite3.connect(path) as conn:
        good = conn.execute("SELECT * FROM ratings ORDER BY user_id").fetchall()
        conn.execute("UPDATE ratings SET mu = 0 WHERE user_id = 102")
    assert main(["ratings", "--rebuild"]) == 0
    out = capsys.readouterr().out
    assert "3 players from 2 rated games" in out and "1 differed" in out
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT * FROM ratings ORDER BY user_id").fetchall() == good
    assert main(["ratings", "--rebuild"]) == 0
    assert "all equal to the stored ones" in capsys.readouterr().out


def test_the_rebuild_command_refuses_in_one_line(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "none.db"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["ratings", "--rebuild"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ratings refused: there is no database") and err.count("\n") == 1
    assert main(["ratings"]) == 2
