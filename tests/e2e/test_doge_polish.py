"""Small things a Doge player reads in Discord: the reveal line names who sat the round
out with no marker left (D-3.4), and `/doge help` says what the grey hash lines are."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_doge_game import make_bot, open_table

# (seat, area, markers) typed as `/doge ballot`: anna places all 7 markers in two rounds.
BALLOTS = [(0, "castello", "3 3 2 2"), (1, "castello", "1"), (2, "castello", "1"),
           (0, "dorsoduro", "1 1 0"), (1, "dorsoduro", "1"), (2, "dorsoduro", "1"),
           (1, "san_marco", "3"), (2, "san_polo", "2 0")]


async def test_the_reveal_names_who_has_no_markers_left(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        for seat, area, markers in BALLOTS:
            await table.slash(table.users[seat], "doge ballot",
                              {"area": area, "markers": markers})
        game = await table.game()
        assert game.state.round == 4 and not game.state.players[0].markers
        lines = [line for m in emu.messages(emu.channel, include_ephemeral=False)
                 for line in m.content.splitlines()]
        assert ("Round 3 revealed: bernd 1 marker on San Marco; claudia 2 markers on San "
                "Polo; anna has no markers left and sits out.") in lines
        # Rounds 1 and 2, which everyone played, read as before.
        assert not any("sits out" in line for line in lines if line.startswith(
            ("Round 1 revealed", "Round 2 revealed")))
        assert not emu.internal_errors


async def test_help_explains_the_hash_lines(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        user = emu.add_user("anna")
        handle = await emu.slash(user, emu.channel, "doge help", {})
        reply = await handle.wait()
        assert reply.ephemeral and len(reply.content) <= 2000  # one Discord message
        assert "🔒" in reply.content and "🔓" in reply.content and "sha256" in reply.content
        assert "</doge export:" in reply.content
        assert "> gives the record with every seal" in reply.content
        assert not emu.internal_errors
