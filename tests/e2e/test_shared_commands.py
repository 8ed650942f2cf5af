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
from tests.e2e.test_admin_discord import confirm
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
        prefs = await bot.tables.store.tables.get_user_prefs(bo.id)
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
        assert (await bot.tables.store.deadlines.get_deadlines(table.game_id))[0].due_at is None
        # A player's refusal reads the same in both games.
        handle = await table.slash(emu.add_user("cy"), "clans orders", {"move": "found"})
        assert (await handle.wait()).content == "You are not playing in this game."


async def test_a_command_of_the_other_game_or_after_the_end_says_what_to_use(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        table = ClansTable(emu, bot, emu.channel, [ada, bo])
        lobby = await (await table.slash(ada, "clans new", {"seats": 2})).wait()
        handle = await table.slash(bo, "doge new", {})
        assert (await handle.wait()).content.startswith(
            "A Clans table is already open in this channel: join it there")
        table.game_id = (await bot.tables.game_in_channel(emu.channel.id)).id
        await table.click(bo, lobby, find(lobby, "g:join:")["custom_id"])
        await table.click(ada, emu.message_index[lobby.id], find(lobby, "g:start:")["custom_id"])
        game = await table.game()
        version = game.version
        first, second = (game.seats[s].name for s in game.state.turn_order)  # C-2.4
        assert emu.message_index[lobby.id].content == (
            f"🛖 **Clans** has started; the order of play: {first}, {second}.")
        # Doge's commands in a Clans channel: one line naming the right group, no crash.
        for command, options_ in (("doge board", {}), ("doge status", {}), ("doge me", {}),
                                  ("doge ballot", {"area": "castello", "markers": "3"}),
                                  ("doge away", {"days": 1.0}), ("doge addbot", {})):
            handle = await table.slash(ada, command, options_)
            reply = await handle.wait()
            assert reply.ephemeral and reply.content == (
                "The game in this channel is Clans: use `/clans` commands here."), command
        assert (await table.game()).version == version
        # Autocomplete offers only what fits: nothing of Doge's in a Clans channel.
        assert await emu.autocomplete(ada, emu.channel, "doge ballot",
                                      {"area": "", "markers": "3"}, focused="area") == []
        mover = table.user_of(game.seats[game.state.mover])
        sources = await emu.autocomplete(mover, emu.channel, "clans move",
                                         {"from": "", "to": ""}, focused="from")
        legal = {a["from"] for a in game.engine.legal_actions(game.state, game.state.mover)}
        assert {c["value"] for c in sources} <= legal and sources
        # After the end: where the result is, and how to start another.
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await table.slash(mia, "table-admin end")
        await confirm(emu, bot, table.channel, mia)
        new = f"</clans new:{emu.commands.find('clans', None)['id']}>"  # clickable
        for command in ("clans board", "clans status", "clans me"):
            reply = await (await table.slash(ada, command)).wait()
            assert reply.content.startswith("The Clans game in this channel is over"), command
            assert new in reply.content
        empty = emu.add_text_channel(name="empty")
        reply = await (await emu.slash(ada, empty, "clans status", {})).wait()
        assert reply.content == f"There is no Clans game in this channel. Start one with {new}."
        # In a DM no moderator could end a table: none is opened there.
        reply = await (await emu.slash(ada, emu.dm_channel_for(ada), "doge new", {})).wait()
        assert reply.content == "Tables are opened in a server's channel, not in direct messages."
        assert not await bot.tables.game_in_channel(emu.dm_channel_for(ada).id)
        assert not emu.internal_errors


async def test_addbot_redraws_the_one_lobby_instead_of_posting_another(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada = emu.add_user("ada")
        lobby = await (await emu.slash(ada, emu.channel, "doge new", {"seats": 3})).wait()
        for _ in range(2):
            reply = await (await emu.slash(ada, emu.channel, "doge addbot", {})).wait()
            assert reply.ephemeral and "takes a seat at the table" in reply.content
        public = emu.messages(emu.channel, include_ephemeral=False)
        assert [m.id for m in public] == [lobby.id]
        lobby = emu.message_index[lobby.id]
        assert lobby.content.count("(computer") == 2
        await (await emu.click(ada, lobby, find(lobby, "g:start:")["custom_id"])).callback()
        assert (await bot.tables.game_in_channel(emu.channel.id)).row.status == "active"
        assert not emu.internal_errors


async def test_a_lobby_everyone_left_is_closed_and_frees_the_channel(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        lobby = await (await emu.slash(ada, emu.channel, "doge new", {"seats": 3})).wait()
        await (await emu.slash(ada, emu.channel, "doge addbot", {})).wait()
        await (await emu.click(bo, lobby, find(lobby, "g:join:")["custom_id"])).callback()
        await (await emu.click(ada, lobby, find(lobby, "g:leave:")["custom_id"])).callback()
        lobby = emu.message_index[lobby.id]
        assert "bo" in lobby.content and lobby.components  # bo can still start it
        await (await emu.click(bo, lobby, find(lobby, "g:leave:")["custom_id"])).callback()
        lobby = emu.message_index[lobby.id]
        assert lobby.content == "🎭 The Doge table is closed: everyone left."
        assert not lobby.components
        assert await bot.tables.game_in_channel(emu.channel.id) is None
        reply = await (await emu.slash(bo, emu.channel, "doge new", {})).wait()
        assert not reply.ephemeral and "a table for" in reply.content
        assert not emu.internal_errors


async def test_a_thread_table_the_bot_cannot_post_in_is_refused_and_leaves_nothing(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada = emu.add_user("ada")
        emu.set_permissions(emu.channel, emu.bot_user,
                            deny=discord.Permissions(send_messages_in_threads=True))
        reply = await (await emu.slash(ada, emu.channel, "doge new", {"thread": True})).wait()
        assert reply.ephemeral and "Send Messages in Threads" in reply.content
        assert not await bot.store.games.list_games(status=("lobby", "active"))
        emu.set_permissions(emu.channel, emu.bot_user)
        reply = await (await emu.slash(ada, emu.channel, "doge new", {"thread": True})).wait()
        assert not reply.ephemeral and "join it there" in reply.content
        assert not emu.internal_errors
