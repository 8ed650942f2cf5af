"""What players read, in plain words and in both languages, through the loopback Discord:
`/clans status` and `/doge status` tell whom the game waits for without addressing the
mover as if they were the reader; numbers are written the reader's way (`2,50` in
Dutch); a terrain within a sentence is written in lower case."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from tests.community.test_commands_discord import MANAGE_CHANNELS, _games
from tests.discord_emulator import DiscordEmulator, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_autopilot_notice import slash
from tests.e2e.test_doge_clocks import start_async_table
from tests.e2e.test_doge_game import make_bot

# (English, Dutch): the status line of a reader who is not to move, and of the mover.
WAITING_TO_MOVE = ("⏳ Waiting for <@{id}> to move.", "⏳ Wachten tot <@{id}> een zet doet.")
WAITING_TO_DECIDE = ("⏳ Waiting for <@{id}> to decide.", "⏳ Wachten tot <@{id}> beslist.")
YOUR_TURN = ("⏳ Your turn: answer with the buttons under the game's message in the channel.",
             "⏳ Jij bent aan de beurt: antwoord met de knoppen onder het bericht van het spel "
             "in het kanaal.")


async def seated(emu: DiscordEmulator, bot: TableBot, kind: str, users: list[EmuUser],
                 seed: int):
    """A game of `kind` begun in the channel with `users` in their seats."""
    return await bot.tables.store.games.create_game(
        kind, guild_id=emu.guild.id, channel_id=emu.channel.id,
        players=[PlayerSpec(u.name) for u in users], user_ids=[u.id for u in users], seed=seed)


async def status(emu: DiscordEmulator, user: EmuUser, game: str) -> str:
    reply = await (await emu.slash(user, emu.channel, f"{game} status", {})).wait()
    assert reply.ephemeral
    return reply.content


async def test_clans_status_tells_others_whom_the_game_waits_for(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo, cy = emu.add_user("ada"), emu.add_user("bo", locale="nl"), emu.add_user("cy")
        users = [ada, bo, cy]
        game = await seated(emu, bot, "clans", users, seed=5)
        mover = users[game.state.mover]
        for user in users:
            lines = (await status(emu, user, "clans")).splitlines()
            dutch = int(user is bo)
            if user is mover:
                assert YOUR_TURN[dutch] in lines
            else:
                assert WAITING_TO_MOVE[dutch].format(id=mover.id) in lines
            # Nobody is told to pick a region "below": a status carries no buttons.
            assert not any("your move" in line or "jouw zet" in line or "below" in line
                           or "hieronder" in line for line in lines)
        assert not emu.internal_errors


async def test_doge_status_in_an_election_says_whom_it_waits_for(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user("anna"), emu.add_user("bernd", locale="nl"),
                 emu.add_user("claudia")]
        store = bot.tables.store
        game = await seated(emu, bot, "doge", users, seed=2)
        rng = random.Random(2)
        while game.state.phase == "placement":  # ballots until the elections begin
            seat = game.engine.pending(game.state)[0]
            action = rng.choice(game.engine.legal_actions(game.state, seat))
            await store.actions.submit(game.id, action, expected_version=game.version)
            game = await store.actions.load(game.id)
        [asked] = game.engine.pending(game.state)  # the first election's winner
        for user in users:
            lines = (await status(emu, user, "doge")).splitlines()
            dutch = int(user.name == "bernd")
            if user is users[asked]:
                assert YOUR_TURN[dutch] in lines
            else:
                assert WAITING_TO_DECIDE[dutch].format(id=users[asked].id) in lines
                # The question is the winner's: not put to another reader as theirs.
                assert not any("you won" in line or "je hebt" in line.lower()
                               for line in lines)
        assert not emu.internal_errors


async def test_a_dutch_server_writes_numbers_and_terrains_its_way(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy", "di")]
        mia = emu.add_user("Mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await _games(emu, bot, users)
        await (await emu.slash(mia, emu.channel, "table-admin language",
                               {"language": "nl"})).wait()
        board = await (await emu.slash(users[3], emu.channel, "clans leaderboard",
                                          {"public": True})).wait()
        assert "μ" not in board.content and "σ" not in board.content
        assert "De score is een voorzichtige schatting van je kunnen" in board.content
        rows = board.content.splitlines()[1:]
        # '1. ada — 12,3 · 2 partijen · 1 overwinning · gemiddelde plaats 1,50'
        assert rows and all(re.search(r" — -?\d+,\d · .* gemiddelde plaats \d,\d\d$", row)
                            for row in rows), rows
        stats = await (await emu.slash(users[3], emu.channel, "clans stats",
                                       {"player": users[0], "public": True})).wait()
        assert re.search(r"score -?\d+,\d, ", stats.content), stats.content
        assert re.search(r"gemiddelde plaats \d,\d\d, favoriet terrein "
                         r"(bos|gebergte|steppe|grasland)\.", stats.content), stats.content
        history = await (await emu.slash(users[1], emu.channel, "clans history",
                                            {"public": True})).wait()
        # '• Partij 2, …: 1e van 3, +4,2 — …': a rating's change with a decimal comma.
        assert re.search(r", [+-]\d+,\d — ", history.content), history.content
        assert not emu.internal_errors


async def test_a_dutch_server_reads_a_clock_of_a_fraction_of_an_hour_with_a_comma(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)  # anna opened it
        mia = emu.add_user("Mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        # (Told without the driver's check, which reads the channel in English.)
        await slash(table, mia, "table-admin language", {"language": "nl"})
        await slash(table, table.users[0], "doge settings", {"placement_hours": 0.2})
        said = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
        assert any("plaatsingsrondes 0,2 u" in text for text in said), said[-1]
        assert not any("0.2" in text for text in said)
        assert not emu.internal_errors
