"""The stalemate end (D-9.4) as a table sets it: `/doge new`, the lobby, `/doge status`."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find


async def test_d_9_4_the_table_sets_the_stalemate_end_and_shows_it(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    users = [emu.add_user(n) for n in ("anna", "bernd", "claudia")]
    async with emu.running(bot):
        table = DogeTable(emu, bot, emu.channel, users, seed=1)
        refused = await (await table.slash(users[0], "doge new",
                                           {"seats": 3, "stalemate_years": 1})).wait()
        assert refused.ephemeral and "2 to 20 years" in refused.content
        assert await bot.tables.game_in_channel(emu.channel.id) is None
        lobby = await (await table.slash(users[0], "doge new",
                                         {"seats": 3, "stalemate_years": 3})).wait()
        assert "the game ends after 3 years running without a palace (D-9.4)" in lobby.content
        game = await bot.tables.game_in_channel(emu.channel.id)
        assert game.row.settings["stalemate_years"] == 3
        table.game_id = game.id
        for user in users[1:]:
            await table.click(user, lobby, find(lobby, "g:join:")["custom_id"])
            lobby = emu.message_index[lobby.id]
        await table.select(users[1], lobby, find(lobby, "s:colour:")["custom_id"], ["yellow"])
        await table.click(users[0], emu.message_index[lobby.id],
                          find(lobby, "g:start:")["custom_id"])
        assert (await table.game()).state.stalemate_years == 3
        status = await (await table.slash(users[2], "doge status")).wait()
        assert status.ephemeral and status.content.count("(D-9.4)") == 1  # said once
        assert ("Stalemate end: with no palace for 3 years running, the game ends after "
                "year 3 (D-9.4).") in status.content


async def test_d_9_4_a_table_opened_without_the_option_has_the_default_or_none(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    anna = emu.add_user("anna")
    async with emu.running(bot):
        table = DogeTable(emu, bot, emu.channel, [anna], seed=1)
        lobby = await (await table.slash(anna, "doge new", {"seats": 3})).wait()
        assert "after 5 years running without a palace" in lobby.content
        other = emu.add_text_channel(name="other")
        lobby = await (await emu.slash(anna, other, "doge new",
                                       {"seats": 3, "stalemate_years": 0})).wait()
        assert "No stalemate end" in lobby.content
        assert (await bot.tables.game_in_channel(other.id)).row.settings[
            "stalemate_years"] is None
