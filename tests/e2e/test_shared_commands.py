"""The commands every game shares are registered onto each game's group from one place:
Clans has `/clans settings`, `/clans notify` and standing orders like Doge."""

from __future__ import annotations

from pathlib import Path

import discord
from discord import app_commands

from bot.discord_app import TableBot
from bot.tables.timing import timing_of
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_clans_game import ClansTable

MANAGE_CHANNELS = discord.Permissions(manage_channels=True).value
SHARED = {"board", "status", "me", "rules", "help", "export", "settings", "notify", "away",
          "back"}


def options(group: app_commands.Group, name: str) -> list[str]:
    command = group.get_command(name)
    assert isinstance(command, app_commands.Command), name
    return [p.display_name for p in command.parameters]


async def test_every_game_group_has_the_shared_commands(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with discord_emulator.running(bot):
        groups = {g: bot.tree.get_command(g) for g in ("doge", "clans")}
        for group in groups.values():
            assert isinstance(group, app_commands.Group)
            assert SHARED <= {c.name for c in group.commands}
            assert "orders" in {c.name for c in group.commands}
            assert options(group, "notify") == ["mode", "timezone", "quiet_start", "quiet_end",
                                                "digest"]
        # The clocks differ by game: Doge's placement rounds and decisions, Clans' moves.
        assert options(groups["doge"], "settings")[:2] == ["placement_hours", "decision_hours"]
        assert options(groups["clans"], "settings")[0] == "move_hours"
        assert "placement_hours" not in options(groups["clans"], "settings")


async def test_clans_settings_notify_and_orders(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        table = ClansTable(emu, bot, emu.channel, [ada, bo])
        lobby = await (await table.slash(ada, "clans new", {"seats": 2, "timing": "async"})).wait()
        table.game_id = (await bot.tables.game_in_channel(emu.channel.id)).id
        await table.click(bo, lobby, find(lobby, "g:join:")["custom_id"])
        await table.click(ada, emu.message_index[lobby.id], find(lobby, "g:start:")["custom_id"])

        await table.slash(ada, "clans settings", {"move_hours": 2.0})
        assert timing_of((await table.game()).row.settings).decision_s == 7200
        await table.slash(bo, "clans notify", {"mode": "dm", "timezone": "Europe/Amsterdam"})
        prefs = await bot.tables.store.get_user_prefs(bo.id)
        assert (prefs.notify, prefs.tz) == ("dm", "Europe/Amsterdam")
        handle = await table.slash(bo, "clans orders", {"move": "found"})
        assert "move → found" in (await handle.wait()).content
        game = await table.game()
        assert next(s for s in game.seats if s.user_id == bo.id).orders == {"move": "found"}
        # The moderators' group acts on the channel's game, whichever it is.
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await table.slash(mia, "table-admin pause")
        assert any("paused the game" in m.content
                   for m in emu.messages(emu.channel, include_ephemeral=False))
        assert (await bot.tables.store.get_deadlines(table.game_id))[0].due_at is None
        # A player's refusal reads the same in both games.
        handle = await table.slash(emu.add_user("cy"), "clans orders", {"move": "found"})
        assert (await handle.wait()).content == "You are not playing in this game."
