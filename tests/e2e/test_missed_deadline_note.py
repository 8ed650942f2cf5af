"""A missed deadline reads the same at a Doge and at a Clans table (issue 47): one shared
composer writes `⏰ <name> ran out of time, so the table chose for them.` for both games
(bot/tables/absence.py `timed_out`), the name escaped for Discord, whichever game's clock
met the deadline (D-3.7 for Doge's placement; a Clans move, C-3.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.common.names import plain
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot
from tests.e2e.test_doge_game import open_table

NAMES = ["*bold* @everyone", "bo", "cy", "di"]
DAYS = 30 * 86400.0  # past any table's first deadline


@pytest.mark.parametrize("game", ["doge", "clans"])
async def test_a_missed_deadline_is_told_by_one_shared_line(
        discord_emulator: DiscordEmulator, tmp_path: Path, game: str) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        if game == "doge":
            table = await open_table(emu, bot, NAMES, 4, seed=3)
            lobby = emu.last_message(emu.channel, include_ephemeral=False)
            await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
        else:
            table = ClansTable(emu, bot, emu.channel, [emu.add_user(n) for n in NAMES], seed=3)
            await table.start()
        awaited = [s.name for s in bot.tables.awaited_seats(await table.game())]
        assert awaited
        time.now += DAYS  # nobody answers
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=10)
        said = [line for m in emu.messages(emu.channel, include_ephemeral=False)
                for revision in m.revisions for line in revision.content.splitlines()]
        notes = {line for line in said if line.startswith("⏰ ")}
        expected = {f"⏰ {plain(name)} ran out of time, so the table chose for them."
                    for name in awaited}
        assert expected <= notes, (expected, notes)
        # The name is text: no bold, no ping (escaped as every text of the bot's).
        assert not [line for line in said if "*bold* @everyone" in line]
        assert not emu.internal_errors
