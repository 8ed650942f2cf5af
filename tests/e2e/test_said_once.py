"""Each thing said once: whole 4-player games of Doge and Clans, in English and Dutch,
through the loopback Discord, and every line the channel showed at any time (each edit of
each message) read as a player reads it: no line says again what the line below it says
(a round's start just above the round's heading, the start message's "choose in secret"
above the prompt asking for it, a player named twice in their question)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find, start_and_play_to_the_end
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_game import make_bot, open_table

NAMES = ["anna", "bernd", "claudia", "daniel"]
# A round's or a year's start, which the prompt's heading just below would say again.
BEGINS = re.compile(r"^(Placement round|Plaatsingsronde|Year|Speelronde) \d+ (begins|begint)\.$")
HEADING = ("🗳️ **", "🏛️ **", "🛖 **")
SECRET = re.compile(r"in secret|in het geheim")
MENTION = re.compile(r"<@\d+>")
NOTES = re.compile(r"( \([^)]*\))+$")  # '(🤖 autopilot)', '(deadline …)' after a name
ADDRESS = re.compile(r"^(.+?)[:,] ")  # whom a question speaks to: 'anna: place …'


class Table(DogeTable):
    """Drives Doge without re-drawing boards (they are checked elsewhere); the channel
    may speak Dutch."""

    async def check_channel(self) -> None:
        return None


def repeats(lines: list[str], people: dict[str, str]) -> list[tuple[str, str]]:
    """The pairs of lines (one below the other; blank lines skipped) where the lower says
    again what the upper said; a line alone that names its player twice is paired with
    itself. `people`: each mention's name."""
    shown = [line for line in lines if line.strip() and line != "…"]
    found = []
    for upper, lower in zip(shown, shown[1:], strict=False):
        if upper == lower and not upper.startswith("▫️"):  # (a lobby's free seats)
            found.append((upper, lower))
        elif BEGINS.match(upper) and (lower.startswith(HEADING) or BEGINS.match(lower)):
            found.append((upper, lower))
        elif SECRET.search(upper) and SECRET.search(lower):
            found.append((upper, lower))
    found += [(line, line) for line in shown if named_twice(line, people)]
    # The story telling who of the tied has answered, above the prompt's "✅ … has
    # answered" lines that say it again (D-11.2).
    answered = [line.split("✅ ", 1)[1] for line in shown if "✅ " in line]
    return found + [(line, said) for line in shown for said in answered
                    if line.startswith((said + ";", said + " about", said + " over"))]


def named_twice(line: str, people: dict[str, str]) -> bool:
    """A question that names its player just after their name or mention:
    '<@1> — anna: place …', '🦊 Fox (🤖 autopilot) — 🦊 Fox: place …'."""
    if " — " not in line:
        return False
    before, after = line.split(" — ", 1)
    before = MENTION.sub(lambda m: people.get(m.group(0), m.group(0)), NOTES.sub("", before))
    addressed = ADDRESS.match(after)
    return addressed is not None and before.endswith(addressed.group(1))


def every_line_shown(emu: DiscordEmulator, messages: list[EmuMessage]) -> list[list[str]]:
    """Each revision of each message, as lines."""
    return [revision.content.splitlines() for m in messages for revision in m.revisions]


def check(emu: DiscordEmulator, users) -> None:
    people = {f"<@{u.id}>": u.name for u in users}
    messages = emu.messages(emu.channel, include_ephemeral=False, include_deleted=True)
    found = [pair for lines in every_line_shown(emu, messages)
             for pair in repeats(lines, people)]
    assert not found, found[:5]


def test_the_check_finds_what_it_looks_for() -> None:
    """The reading itself: each known repeat is found, a story without one is not."""
    people = {"<@1>": "anna"}
    assert repeats(["Placement round 2 begins.", "",
                    "🗳️ **Year 1 · placement round 2 of 3** — choose"], people)
    assert repeats(["Year 2 begins.", "Placement round 1 begins."], people)
    assert repeats(["A new game of Doge begins. Year 1: choose your areas in secret.", "",
                    "🗳️ **Year 1 · placement round 1 of 3** — choose an area and 1 to 4 "
                    "markers, in secret (D-3.2)."], people)
    assert repeats(["🏛️ **Year 1 · election 1 of 7: San Polo**",
                    "<@1> — anna: place up to 2 houses"], people)
    assert repeats(["🦊 Fox (🤖 autopilot) — 🦊 Fox: place up to 2 houses"], people)
    assert repeats(["anna has answered; the houses are placed when every tied player has "
                    "answered.", "", "🏛️ **Year 1 · election 2 of 7: Cannaregio**",
                    "🔴 ✅ anna has answered"], people)
    assert not repeats(["Round 1 revealed: anna 2 markers on Dorsoduro.", "",
                        "🗳️ **Year 1 · placement round 2 of 3** — choose",
                        "<@1>: place up to 2 houses", "🦊 Fox (🤖 autopilot): place"], people)


@pytest.mark.parametrize("language", ["en", "nl"])
async def test_a_whole_doge_game_says_each_thing_once(
        discord_emulator: DiscordEmulator, tmp_path: Path, language: str) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, NAMES, 4, year_limit=2, seed=4)
        await bot.languages.set(emu.guild.id, language)  # the game's channel speaks it
        table.__class__ = Table
        await start_and_play_to_the_end(table)
        assert (await table.game()).row.status == "finished"
        check(emu, table.users)
        assert not emu.internal_errors


@pytest.mark.parametrize("language", ["en", "nl"])
async def test_a_whole_clans_game_says_each_thing_once(
        discord_emulator: DiscordEmulator, tmp_path: Path, language: str) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        await bot.languages.set(emu.guild.id, language)
        users = [emu.add_user(n) for n in NAMES]
        table = ClansTable(emu, bot, emu.channel, users, seed=4)
        if language != "en":  # its boards are checked against English ones elsewhere
            table.check_channel = Table.check_channel.__get__(table)  # type: ignore[method-assign]
        await table.start()
        for _ in range(400):
            if (await table.game()).row.status != "active":
                break
            await table.play_turn()  # (Clans' own: by button or typed move)
        assert (await table.game()).row.status == "finished"
        check(emu, users)
        assert not emu.internal_errors


async def test_a_line_an_older_release_told_above_the_heading_goes_at_the_next_edit(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """A live message posted before its round's start was left out still says it; after a
    restart its story is read back from its text, and that line is known as the event's
    (not taken for a note of the table's, to be kept): the next edit leaves it out."""
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, NAMES[:3], 3)
        table.__class__ = Table
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        await table.play_turn()  # round 1 revealed: round 2's message
        live = emu.message_index[table.prompt().id]
        story, prompt = live.content.split("\n\n", 1)
        live.content = f"{story}\nPlacement round 2 begins.\n\n{prompt}"  # as it was told
        bot.posters["doge"]._notes.clear()  # a restart: the notes are read from the text
        game = await table.game()
        await table.cast_ballot(table.users[0], game, 0)
        assert "begins" not in emu.message_index[live.id].content
        assert emu.message_index[live.id].content.startswith(story + "\n\n")
