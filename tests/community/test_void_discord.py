"""`/table-admin void` through the loopback Discord: a moderator picks one of the
server's finished games, it stops counting, the leaderboard shows it at once; counting
it again restores the numbers; anyone else is refused."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from tests.community.helpers import finished
from tests.community.test_commands_discord import MANAGE_CHANNELS, named_game, start_named
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_admin_discord import private


async def test_a_moderator_voids_a_game_and_counts_it_again(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo, cy = (emu.add_user(n) for n in ("ada", "bo", "cy"))
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        store, guild, channel = bot.tables.store, emu.guild.id, emu.channel.id
        games = [await named_game(store, [ada, bo, cy], guild, channel, seed=n)
                 for n in (1, 2)]
        before = (await (await emu.slash(cy, emu.channel, "clans leaderboard")).wait()).content
        assert before.count("· 2 games") == 3

        choices = await emu.autocomplete(mia, emu.channel, "table-admin void",
                                         {"game_id": ""}, "game_id")
        assert [c["value"] for c in choices] == games[::-1]  # newest first
        assert choices[0]["name"].startswith(f"Clans · Game {games[1]}, ")

        await (await emu.slash(ada, emu.channel, "table-admin void",
                               {"game_id": games[1]})).wait()
        assert "Only moderators" in private(emu, ada)
        await (await emu.slash(mia, emu.channel, "table-admin void",
                               {"game_id": games[1]})).wait()
        assert private(emu, mia).startswith("✅ Done.")
        await emu.wait_until(lambda: any(
            f"voided game {games[1]}: it no longer counts" in m.content
            for m in emu.messages(emu.channel, include_ephemeral=False)), timeout=10)
        after = (await (await emu.slash(cy, emu.channel, "clans leaderboard")).wait()).content
        assert after.count("· 1 game") == 3 and "· 2 games" not in after
        await (await emu.slash(mia, emu.channel, "table-admin void",
                               {"game_id": games[1]})).wait()
        assert private(emu, mia) == f"Game {games[1]} is voided already."

        await (await emu.slash(mia, emu.channel, "table-admin void",
                               {"game_id": games[1], "restore": True})).wait()
        again = (await (await emu.slash(cy, emu.channel, "clans leaderboard")).wait()).content
        assert again.splitlines()[1:] == before.splitlines()[1:]
        await (await emu.slash(mia, emu.channel, "table-admin void", {"game_id": 9999})).wait()
        assert private(emu, mia) == "Game 9999 is not a finished game of this server."
        await (await emu.slash(mia, emu.channel, "table-admin audit")).wait()
        log = private(emu, mia)
        assert "**unvoid**" in log and "**void**" in log
        assert not emu.internal_errors


async def test_the_choices_are_the_games_the_command_takes_and_history_says_voided(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Offered to void: the games that count, newest first (not one with a computer
    player, which never counted, nor a running one); with `restore`, the voided ones.
    A player's history and stats then say the game was voided, not just "not rated"."""
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo, cy = (emu.add_user(n) for n in ("ada", "bo", "cy"))
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        store, guild, channel = bot.tables.store, emu.guild.id, emu.channel.id
        counted = await named_game(store, [ada, bo, cy], guild, channel, seed=1)
        with_bot = await finished(store, "clans", [ada.id, bo.id, None], guild=guild,
                                  channel=channel, seed=2)
        voided = await named_game(store, [ada, bo, cy], guild, channel, seed=3)
        await start_named(store, [ada, bo, cy], guild, channel + 1)  # running
        assert (await store.ratings.void(guild, voided)) == "changed"

        async def offered(**options: object) -> list[int]:
            choices = await emu.autocomplete(mia, emu.channel, "table-admin void",
                                             {"game_id": "", **options}, "game_id")
            assert all(len(c["name"]) <= 100 for c in choices)
            return [c["value"] for c in choices]

        assert await offered() == [counted]
        assert await offered(restore=False) == [counted]
        assert await offered(restore=True) == [voided]
        [choice] = await emu.autocomplete(mia, emu.channel, "table-admin void",
                                          {"game_id": "", "restore": True}, "game_id")
        assert choice["name"].startswith(f"Clans · Game {voided}, ")
        assert "ada, bo, cy" in choice["name"]

        history = (await (await emu.slash(ada, emu.channel, "clans history")).wait()).content
        lines = {n: ln for n in (counted, with_bot, voided)
                 for ln in history.splitlines() if f"Game {n}," in ln}
        assert "voided by a moderator" in lines[voided]
        assert "not rated" in lines[with_bot] and "voided" not in lines[with_bot]
        assert "voided" not in lines[counted] and "not rated" not in lines[counted]
        stats = (await (await emu.slash(bo, emu.channel, "clans stats")).wait()).content
        assert f"Game {voided}," in stats and "voided by a moderator" in stats
        assert "Not rated: 2 games (1 voided by a moderator)." in stats  # and the computer's
        assert not emu.internal_errors


async def test_typing_finds_a_game_older_than_the_newest_25(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """The choices show 25 games; what is typed searches further back (Discord shows
    only what the bot offers, so an old game would otherwise be out of reach)."""
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        store, guild = bot.tables.store, emu.guild.id
        games = [await finished(store, "clans", [ada.id, bo.id], guild=guild,
                                channel=emu.channel.id + n, seed=n) for n in range(27)]

        async def offered(typed: str) -> list[int]:
            choices = await emu.autocomplete(mia, emu.channel, "table-admin void",
                                             {"game_id": typed}, "game_id")
            return [c["value"] for c in choices]

        newest = await offered("")
        assert len(newest) == 25 and games[0] not in newest
        assert await offered(f"Game {games[0]},") == [games[0]]
        assert await offered(f"game {games[0]},") == [games[0]]  # in any case
        assert not emu.internal_errors
