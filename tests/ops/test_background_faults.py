"""The daily backups go on through a fault: a backup folder that cannot be read or a
failing copy is logged and tried again later; the task never ends on its own."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.ops import backups
from bot.ops.backups import DailyBackups
from tests.shards.players import poll

WAIT_S = 20.0


@pytest.mark.parametrize("fault", [PermissionError("the folder cannot be read"),
                                   RuntimeError("an unexpected failure")])
async def test_a_failed_daily_backup_is_logged_and_the_schedule_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
        fault: Exception) -> None:
    def failing(*_args: object) -> float:
        raise fault

    monkeypatch.setattr(backups, "next_due", failing)
    daily = DailyBackups(tmp_path / "games.db", tmp_path / "backups", keep=2,
                         clock=lambda: 1000.0)
    caplog.set_level(logging.ERROR, logger="bot.ops.backups")
    daily.start()
    task = daily._task
    try:
        async def logged() -> bool:
            return any("daily backup failed" in r.getMessage() for r in caplog.records)

        await poll(logged, WAIT_S, "the failure in the log")
        assert task is not None and not task.done()  # waiting for the next try
        assert daily.next_at == 1000.0 + backups.RETRY_AFTER_FAILURE
        failures = [r for r in caplog.records if "daily backup failed" in r.getMessage()]
        assert len(failures) == 1  # told once, then it waits: not tried again at once
    finally:
        await daily.stop()
    assert task.cancelled()
