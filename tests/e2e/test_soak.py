"""A month of slow games on a fake clock: 20 async tables in 20 channels over 30 days,
with bot restarts, gateway RESUMEs and new IDENTIFYs, and 429s (soak.py)."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.soak import Soak, SoakConfig


async def test_a_month_of_slow_games_loses_and_doubles_nothing(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    soak = Soak(discord_emulator, tmp_path / "games.db", SoakConfig(games=20, days=30))
    report = await soak.run()
    assert report.ok, "\n".join(report.problems)
    assert (report.games, report.restarts) == (20, 7)
    assert report.resumes >= 3 and report.identifies >= 10 and report.rate_limited >= 20
    # The month was lived: people acted, deadlines passed, reminders went out.
    assert report.person_actions >= 200 and report.timeouts >= 20 and report.reminders >= 20
    assert report.finished >= 1
