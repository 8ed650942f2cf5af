"""Dutch as a Dutch player writes it (issue 47): a whole Dutch game of Doge through the
loopback Discord, its channel and board alt texts read as a Dutch player
reads them. One word for a game year (`speelronde`, the Dutch rulebook's), one for a
control ring (`ring`), a player's panel on the board is no `kaart` (the player cards
are `spelerskaarten`, D-1.2), and no calques."""

from __future__ import annotations

import re
from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import start_and_play_to_the_end
from tests.e2e.test_doge_game import make_bot, open_table
from tests.e2e.test_said_once import Table

NAMES = ["anna", "bernd", "claudia", "daniel"]
CALQUES = ("ziet af van de controle", "zie af van de controle", "Beslissen ook in deze stemming",
           "de gemarkeerde keuze gebeurt bij de deadline", "controle-ring", "kan hashen")


async def test_a_dutch_doge_game_reads_as_dutch(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, NAMES, 4, year_limit=2, seed=5)
        await bot.languages.set(emu.guild.id, "nl")  # the game's channel speaks it
        table.__class__ = Table
        await start_and_play_to_the_end(table)
        texts: list[str] = []
        for message in emu.messages(emu.channel, include_ephemeral=False):
            for revision in message.revisions:
                texts.append(revision.content)
                texts += [a.description or "" for a in revision.attachments]
        text = "\n".join(texts)
        assert "Speelronde" in text or "speelronde" in text
        assert not re.search(r"\b[Jj]aar\b|[Jj]aren", text)  # the year is a speelronde
        assert not [c for c in CALQUES if c in text]
        assert not emu.internal_errors
