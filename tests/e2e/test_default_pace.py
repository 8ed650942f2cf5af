"""A table opened with no timing plays slowly, over days, as the README sells the bot
("Slow games"): the `async` preset, a day per decision; `live` when asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.tables.timing import DAY, PRESETS, timing_of
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)


@pytest.mark.parametrize("game", ["doge", "clans"])
async def test_a_table_opened_without_a_timing_is_async(
        discord_emulator: DiscordEmulator, tmp_path: Path, game: str) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada = emu.add_user("ada")
        lobby = await (await emu.slash(ada, emu.channel, f"{game} new", {"seats": 3})).wait()
        assert not lobby.ephemeral and "async play" in lobby.content
        table = await bot.tables.game_in_channel(emu.channel.id)
        assert table.row.settings["timing"] == "async"
        timing = timing_of(table.row.settings)
        assert timing == PRESETS["async"] and timing.decision_s == DAY

        live = emu.add_text_channel(name="evening")
        await (await emu.slash(ada, live, f"{game} new", {"seats": 3, "timing": "live"})).wait()
        table = await bot.tables.game_in_channel(live.id)
        assert timing_of(table.row.settings) == PRESETS["live"]
        assert not emu.internal_errors


async def test_the_command_offers_async_first_and_says_it_is_the_default(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with emu.running(TableBot(database_path=str(tmp_path / "games.db"))):
        for game in ("doge", "clans"):
            new = next(o for o in emu.commands.find(game, None)["options"]
                       if o["name"] == "new")
            timing = next(o for o in new["options"] if o["name"] == "timing")
            assert [c["value"] for c in timing["choices"]] == ["async", "live"]
            assert timing["description"].startswith("async (default)")
