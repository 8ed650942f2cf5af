"""Captions carry the news (issue 47): a board's caption, which its alt text repeats, names
what changed on the board (who won, took, built), read as a phone reader reads it, who
cannot make out the board's small print; it cites no rule id (the rules, refusals and
the web page do) and never shows Discord's markup drawn into the picture."""

from __future__ import annotations

import re
from pathlib import Path

from rendering.doge.panel import caption_lines
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.discord_emulator.messages import EmuMessage
from tests.e2e.driver import board_caption
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_table_talk import whole_game

NAMES = ["anna", "bernd", "claudia", "daniel"]
RULE_ID = re.compile(r"\([CD]-\d")
MARKUP = re.compile(r"</[^>]*>|<[@#][!&]?\d+>|<t:\d+")


def last_board(message: EmuMessage, filename: str) -> str | None:
    """The caption of the board the message shows now (its last revision's)."""
    boards = [a for a in message.attachments if a.filename == filename]
    return board_caption(boards[-1]) if boards else None


async def test_a_doge_board_says_who_won_and_what_was_built_without_rule_ids(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    await whole_game(emu, tmp_path, years=3)  # the 4-player English game, seed 5
    messages = [m for m in emu.messages(emu.channel, include_ephemeral=False)
                if m.author.id == emu.bot_user.id]
    captions = [board_caption(a) for m in messages for revision in m.revisions
                for a in revision.attachments if a.filename == "doge-board.png"]
    assert captions
    # D-4.4 to D-8.5 are the rules these captions tell; none is cited on a board.
    assert not [c for c in captions if RULE_ID.search(c)]
    assert not [c for c in captions if MARKUP.search(c)]
    built_told = 0
    for message in messages:
        story = message.content
        votes = re.findall(r"^(.+?) votes: .*", story, re.M)
        caption = last_board(message, "doge-board.png")
        if not votes or caption is None or "🏁" in story:
            continue
        area = votes[-1]  # (a message may tell an election where nothing happened first)
        # The election's record board names its outcome (D-4.4)...
        assert " wins the " in caption or " tie for the " in caption or \
            "Nobody takes part" in caption, (story, caption)
        assert area in caption
        # ... and every palace its story says was built (D-8.2), in the words the
        # board draws, not only in its alt text.
        if "build" in story and "palace in" in story:
            drawn = " ".join(caption_lines(caption, tuple(NAMES)).lines)
            assert "palace in" in drawn, (story, drawn)
            built_told += 1
    assert built_told, "no palace built in three years"
    assert not emu.internal_errors


async def test_the_first_clans_board_draws_no_markup_and_a_village_is_named(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        users = [emu.add_user(n) for n in NAMES]
        table = ClansTable(emu, bot, emu.channel, users, seed=4)
        await table.start()
        for _ in range(40):
            await table.play_turn()
        messages = [m for m in emu.messages(emu.channel, include_ephemeral=False)
                    if m.author.id == emu.bot_user.id]
        captions = [board_caption(a) for m in messages for revision in m.revisions
                    for a in revision.attachments if a.filename == "clans-board.png"]
        first = next(c for c in captions if c)
        # The story says "see yours with </clans me:…>", which Discord shows as a
        # command; a board draws it as typed.
        assert first.startswith("A new game of Clans begins") and "/clans me" in first
        assert not [c for c in captions if MARKUP.search(c)]
        founded = [m for m in messages if " founds village " in m.content]
        assert founded
        for message in founded:  # the village's founding is the board's news (C-4.2)
            assert " founds village " in (last_board(message, "clans-board.png") or "")
        assert not emu.internal_errors
