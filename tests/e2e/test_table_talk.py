"""The channel reads like a game table, not an engine's log (issue 47): a whole 4-player
English game of Doge through the loopback Discord, its channel's final text read as a
player reads it. Each round shows one short seal instead of a hash line per stack, no
story line cites a rule id, a non-event is one line, and a busy game year takes at most
36 lines (66 before; the goal, 30, is not met by every game: bench's
doge_channel_lines_per_year)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import start_and_play_to_the_end
from tests.e2e.test_doge_game import make_bot, open_table
from tests.e2e.test_said_once import Table

NAMES = ["anna", "bernd", "claudia", "daniel"]
RULE_ID = re.compile(r"\(D-\d")
# The first six years, the busiest (every house and palace still to place), in 36 lines a
# year; a long game's quiet years bring its average down to about 30 (bench).
LINES_PER_YEAR = 36


class Told(Table):
    """Plays as people do, boards unchecked (they are checked elsewhere)."""

    def begin(self) -> None:
        """Called once the table is opened, before its first turn."""

    async def before_turn(self, game: Any) -> None:
        """Called before each turn with the game as it stands: what a reader looks at."""

    async def play_turn(self) -> None:
        await self.before_turn(await self.game())
        await super().play_turn()


async def whole_game(emu: DiscordEmulator, tmp_path: Path, years: int,
                     kind: type[Told] = Told) -> tuple[Told, Any]:
    """The 4-player English game (seed 5), played by people to its end: the table and
    the game as it ended."""
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, NAMES, 4, year_limit=years, seed=5)
        table.__class__ = kind
        table.begin()
        await start_and_play_to_the_end(table)
        game = await table.game()
    assert game.row.status == "finished" and not emu.internal_errors
    return table, game


async def test_a_year_of_doge_reads_in_36_lines_with_every_move_told(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    _table, game = await whole_game(emu, tmp_path, years=6)
    posts = [m for m in emu.messages(emu.channel, include_ephemeral=False)
             if m.author.id == emu.bot_user.id]
    text = "\n".join(m.content for m in posts)
    print(text)  # what a player scrolls through
    lines = text.splitlines()
    years = game.state.year
    assert len(lines) / years <= LINES_PER_YEAR, (len(lines), years)
    # One seal a round, just above its reveal; no stack's own hash (`/doge verify`).
    reveals = [i for i, line in enumerate(lines) if re.match(r"Round \d revealed", line)]
    assert reveals and all(lines[i - 1].startswith("-# 🔒 round sealed · ")
                           for i in reveals)
    assert not any("sha256" in line or "🔓" in line for line in lines)
    # The story cites no rule; the result's ranking may (its conditions, D-9.1).
    story = [line for line in lines if not line.startswith(("🥇", "🥈", "🥉", "4."))]
    assert not [line for line in story if RULE_ID.search(line)]
    # A non-event is one line: no "nothing happens" after a votes line saying so, no
    # election's end, no "has no houses left".
    assert not any(line.startswith("Nothing happens in") or "election is over" in line
                   or "so places none" in line or "places no house" in line
                   for line in lines)
    # Every move is still told: each election's votes, and each palace built.
    elections = sum(1 for line in lines if " votes: " in line)
    assert elections == 7 * years
    built = sum(1 for line in lines if " builds a palace in " in line)
    assert built == sum(8 - p.palaces for p in game.state.players)  # D-1.2: 8 each
