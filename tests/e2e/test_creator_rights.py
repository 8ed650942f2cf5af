"""The table's creator sets its clocks and autopilot while they play at it; once replaced
or kicked out of the game, no longer."""

from __future__ import annotations

from pathlib import Path

from tests.admin.helpers import FakeTime
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, confirm, private
from tests.e2e.test_doge_clocks import clocked_bot, start_async_table

NOT_YOURS = "Only the table's creator or a moderator may change its clocks."


async def test_a_creator_replaced_or_kicked_out_no_longer_sets_the_clocks(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)  # anna opened it
        anna, bernd = table.users[0], table.users[1]
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await table.slash(anna, "doge settings", {"placement_hours": 30})
        assert (await table.game()).row.settings["placement_s"] == 30 * 3600  # hers, yet

        dora = emu.add_user("dora")
        await table.slash(mia, "table-admin replace", {"old": anna, "new": dora})
        before = (await table.game()).row.settings
        await table.slash(anna, "doge settings", {"placement_hours": 1, "autopilot": True})
        assert private(emu, anna) == NOT_YOURS
        await table.slash(dora, "doge settings", {"autopilot": True})  # the seat, not the table
        assert private(emu, dora) == NOT_YOURS
        assert (await table.game()).row.settings == before

        # Kicked: the same. (The creator is seated again first, then kicked.)
        await table.slash(mia, "table-admin replace", {"old": dora, "new": anna})
        await table.slash(anna, "doge settings", {"autopilot": True})
        assert (await table.game()).row.settings["autopilot"] is True
        await table.slash(mia, "table-admin kick", {"player": anna})
        await confirm(emu, bot, table.channel, mia)
        await table.slash(anna, "doge settings", {"autopilot": False})
        assert private(emu, anna) == NOT_YOURS
        assert (await table.game()).row.settings["autopilot"] is True
        await table.slash(bernd, "doge settings", {"autopilot": False})
        assert private(emu, bernd) == NOT_YOURS
        assert not emu.internal_errors
