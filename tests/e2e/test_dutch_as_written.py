"""Dutch as a Dutch player writes it (issue 47): a whole Dutch game of Doge through the
loopback Discord, its channel and board alt texts read as a Dutch player
reads them. One word for a game year (`speelronde`, the Dutch rulebook's), one for a
control ring (`ring`), a player's panel on the board is no `kaart` (the player cards
are `spelerskaarten`, D-1.2), no calques, and the Dutch two-letter colour marks fit on
its boards."""

from __future__ import annotations

import io
import re
from collections import deque
from pathlib import Path

from PIL import Image

from rendering.common.drawing import player_colour
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import start_and_play_to_the_end
from tests.e2e.test_doge_game import make_bot, open_table
from tests.e2e.test_said_once import Table

NAMES = ["anna", "bernd", "claudia", "daniel"]
CALQUES = ("ziet af van de controle", "zie af van de controle", "Beslissen ook in deze stemming",
           "de gemarkeerde keuze gebeurt bij de deadline", "controle-ring", "kan hashen")


def marks_overflowing(png: bytes, fill: tuple[int, int, int], ink: tuple[int, int, int]
                      ) -> list[tuple[int, int]]:
    """Where a mark of colour `fill` has letters of `ink` reaching its edge or beyond: each
    patch of `fill` (with the letters on it) whose ink is not inside its fill."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = img.size
    px = img.load()
    seen: set[tuple[int, int]] = set()
    bad = []
    for y in range(h):
        for x in range(w):
            if px[x, y] != fill or (x, y) in seen:
                continue
            patch, todo = [(x, y)], deque([(x, y)])
            seen.add((x, y))
            while todo:
                a, b = todo.popleft()
                for c, d in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= c < w and 0 <= d < h and (c, d) not in seen and \
                            px[c, d] in (fill, ink):
                        seen.add((c, d))
                        todo.append((c, d))
                        patch.append((c, d))
            inked = [a for a, b in patch if px[a, b] == ink]
            filled = [a for a, b in patch if px[a, b] == fill]
            if inked and (min(inked) <= min(filled) or max(inked) >= max(filled)):
                bad.append((x, y))
    return bad


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
        # The two-letter colour marks, 'Gr' groen and 'Ge' geel, fit their marks on the
        # boards: each mark's letters stay inside its fill (D-10.1: every piece shows its
        # owner's letter).
        boards = [a.data for m in emu.messages(emu.channel, include_ephemeral=False)
                  for a in m.attachments if a.filename == "doge-board.png"]
        for data in (boards[len(boards) // 2], boards[-1]):
            for colour in ("green", "yellow"):
                col = player_colour(colour)
                assert not marks_overflowing(data, col.fill, col.ink), colour
        assert not emu.internal_errors
