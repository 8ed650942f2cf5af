"""Who is away shows where the table lists whom it waits for: the channel's prompt and
`status`, in both games, until the player is back (an injected clock)."""

from __future__ import annotations

from pathlib import Path

from bot.tables.timing import DAY
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.table_driver import TableDriver
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot


async def test_doge_prompt_and_status_show_a_player_away(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        anna, bernd, claudia = (emu.add_user(n) for n in ("anna", "bernd", "claudia"))
        table = TableDriver(emu, bot, "doge", [anna, bernd, claudia])
        await table.open(3, timing="live")
        await table.start(seed=1)
        await table.type(claudia, "away", {"days": 2.0})
        mark = f"<@{claudia.id}>: ⏳ (🏖️ away until <t:{int(time.now + 2 * DAY)}:f>) " \
               "(deadline <t:"  # named once
        assert mark in table.prompt().content  # redrawn where it is
        assert table.prompt().content.count("🏖️") == 1
        status = await table.type(anna, "status")
        assert status.ephemeral and mark in status.content
        await table.type(claudia, "back")
        assert "🏖️" not in table.prompt().content
        status = await table.type(anna, "status")
        assert "🏖️" not in status.content and not emu.internal_errors


async def test_clans_prompt_and_status_show_the_mover_away(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        table = TableDriver(emu, bot, "clans", [ada, bo])
        await table.open(2)
        await table.start(seed=1)
        [seat] = bot.tables.awaited_seats(await table.game())
        mover = table.user_of(seat)
        await table.type(mover, "away", {"days": 1.0})
        away = f"<@{mover.id}> (🏖️ away until <t:{int(time.now + DAY)}:f>)"
        assert f"{away}, your move" in table.prompt().content
        other = bo if mover is ada else ada  # told whom the game waits for, not "your move"
        status = await table.type(other, "status")
        assert f"⏳ Waiting for {away} (deadline " in status.content
        assert "your move" not in status.content and not emu.internal_errors
