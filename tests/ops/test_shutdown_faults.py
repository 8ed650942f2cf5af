"""A stop runs to its end whatever fails on the way: each step that fails is logged and
the next runs, down to closing the database."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)


async def test_a_stop_whose_steps_fail_still_goes_offline_and_closes_the_database(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    caplog.set_level(logging.INFO)
    bot = TableBot(database_path=str(tmp_path / "games.db"), backup_dir=tmp_path / "backups",
                   backup_keep=2)
    stopped_ai: list[bool] = []
    async with discord_emulator.running(bot):
        assert bot.tables is not None and bot.roll_call is not None

        async def refused(*_args: object) -> None:
            raise sqlite3.OperationalError("attempt to write a readonly database")

        async def stop_ai() -> None:
            stopped_ai.append(True)

        # The roll call cannot be left and the clock's stop fails: the rest still runs.
        monkeypatch.setattr(bot.roll_call, "stop", refused)
        monkeypatch.setattr(bot.tables.clock, "stop", refused)
        monkeypatch.setattr(bot.tables, "stop_ai", stop_ai)
    assert bot.is_closed() and bot.store is None and stopped_ai == [True]
    failed = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert failed == ["stopping: leaving the roll call failed; going on with the rest",
                      "stopping: the table clock's stop failed; going on with the rest"]
    assert any(r.getMessage() == "database closed" for r in caplog.records)
    monkeypatch.undo()
    await bot.tables.clock.stop()  # the timer its failed stop left running
