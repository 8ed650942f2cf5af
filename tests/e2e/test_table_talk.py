"""The channel reads like a game table, not an engine's log (issue 47): a whole 4-player
English game of Doge through the loopback Discord, its channel's final text read as a
player reads it. Each round shows one short seal instead of a hash line per stack, no
story line cites a rule id, a non-event is one line, a player's moves in one election are
one line, and every game year takes at most 30 lines, a short busy game's too (66
before; bench's doge_channel_lines_per_year)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import start_and_play_to_the_end
from tests.e2e.test_doge_game import make_bot, open_table
from tests.e2e.test_said_once import Table

NAMES = ["anna", "bernd", "claudia", "daniel"]
RULE_ID = re.compile(r"\(D-\d")
# The goal, in short busy games (every house and palace still to place) as in long ones.
LINES_PER_YEAR = 30


def palaces_told(clause: str) -> int:
    """The palaces a clause of the story says were built ('anna and bernd each build a
    palace in …': two)."""
    if " each build a palace in " in clause:
        return len(re.split(r", | and ", clause.split(" each build")[0]))
    return clause.count("builds a palace in ")


class Told(Table):
    """Plays as people do, boards unchecked (they are checked elsewhere)."""

    def begin(self) -> None:
        """Called once the table is opened, before its first turn."""

    async def before_turn(self, game: Any) -> None:
        """Called before each turn with the game as it stands: what a reader looks at."""

    async def play_turn(self) -> None:
        await self.before_turn(await self.game())
        await super().play_turn()


async def whole_game(emu: DiscordEmulator, tmp_path: Path, years: int | None,
                     kind: type[Told] = Told, seed: int = 5) -> tuple[Told, Any]:
    """A 4-player English game (seed 5 unless told), played by people to its end: the
    table and the game as it ended."""
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, NAMES, 4, year_limit=years, seed=seed)
        table.__class__ = kind
        table.begin()
        await start_and_play_to_the_end(table)
        game = await table.game()
    assert game.row.status == "finished" and not emu.internal_errors
    return table, game


@pytest.mark.parametrize(("seed", "years"), [(5, 6), (3, 4), (8, 6), (5, None)])
async def test_a_year_of_doge_reads_in_30_lines_with_every_move_told(
        discord_emulator: DiscordEmulator, tmp_path: Path, seed: int,  # noqa: F811
        years: int | None) -> None:
    """Short busy games (the year limit ends them after 4 or 6 years) and a whole one."""
    emu = discord_emulator
    _table, game = await whole_game(emu, tmp_path, years=years, seed=seed)
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
    # A player's moves in one election are one line (D-6.1, D-8.4); tied players who
    # placed alike, one line (D-6.4).
    assert any(re.search(r"advisor .*, then places \d house", line) for line in lines)
    assert not any(re.match(r"(\w+) places .*\.$", a) and b.startswith(
        re.match(r"\w+", a).group(0) + " builds") for a, b in zip(lines, lines[1:], strict=False))
    # Every move is still told: each election's votes, and each palace built.
    elections = sum(1 for line in lines if " votes: " in line)
    assert elections == 7 * years
    built = sum(palaces_told(clause) for line in lines for clause in line.split("; "))
    assert built == sum(8 - p.palaces for p in game.state.players)  # D-1.2: 8 each


class Forgetful(Told):
    """As if another process showed every step: the poster keeps no notes in memory, so
    it reads each live message's story back from the channel (cogs/common/story.py
    `notes_told`)."""

    async def before_turn(self, game: Any) -> None:
        self.bot.posters["doge"]._notes.clear()


async def test_a_line_told_together_is_read_back_as_a_move_not_a_note(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """A player's moves joined into one line after the message was shown are read back
    as the moves they are: the line as it read before the last move joined it is no
    note of the table's, kept above the line as it reads now."""
    emu = discord_emulator
    await whole_game(emu, tmp_path, years=2, kind=Forgetful)
    lines = "\n".join(m.content for m in emu.messages(emu.channel, include_ephemeral=False)
                      if m.author.id == emu.bot_user.id).splitlines()
    assert any(", then places " in line for line in lines)
    told = [line.rstrip(".") for line in lines if line]
    assert not [(a, b) for a in told for b in told
                if b.startswith((a + ";", a + ", then ", a + " and "))]
