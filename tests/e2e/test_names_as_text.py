"""A name is text, never markup: names full of Discord's markdown, played through the
loopback Discord, show as typed in every public message and private answer; the seal
lines stay checkable; the record keeps the names as typed, and so do the boards."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from bot.games.doge.sealing import round_seals
from bot.games.sealing import verify_record
from bot.store import ACTIVE
from cogs.common.names import plain
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, confirm
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_game import make_bot, open_table

MARKED = ["*bold* @everyone", "a`b", "||spoiler||", "_under_score_", "~~strike~~"]
PLAIN = ["王小明", "🦊 Fox"]
# What markdown a name would bring if it were not escaped (a stray backtick: the raw
# name `a`b` left over, or a seal line's code span broken).
MARKS = ["*bold*", "||", "_under_", "~~"]
OPENED = re.compile(r"sha256 of `([^`]*)` is ([0-9a-f]{16})…")


def revisions(message: EmuMessage) -> list[str]:
    return [r.content for r in message.history] + [message.content]


def check_text(text: str, names: list[str]) -> None:
    """No markdown in `text` comes from a name: with each name's escaped form taken out,
    no name's marks and no escape are left (a name escaped twice leaves one)."""
    rest = text
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(plain(name), "·")
    for name in names:
        assert name not in rest or plain(name) == name, (name, text)
    assert "\\" not in rest, text
    for seal in OPENED.finditer(rest):  # the seal's code span holds its preimage whole
        preimage, shown = seal.groups()
        assert hashlib.sha256(preimage.encode()).hexdigest().startswith(shown), text
    spans = [line for line in rest.splitlines() if line.startswith("-# 🔓")]
    assert all(line.count("`") == 2 for line in spans), spans
    leftover = [mark for mark in MARKS if mark in rest]
    assert not leftover, (leftover, text)


def check_messages(messages: list[EmuMessage], names: list[str]) -> int:
    count = 0
    for message in messages:
        for text in revisions(message):
            check_text(text, names)
            count += 1
    return count


async def check_private(table: DogeTable, command: str) -> list[EmuMessage]:
    """Every player's private answers to `<game> me` and `<game> status`."""
    answers = []
    for user in table.users:
        for asked in ("me", "status"):
            handle = await table.slash(user, f"{command} {asked}")
            answer = await handle.wait()
            assert answer.ephemeral or asked == "status", answer.content
            answers.append(answer)
    return answers


async def play_to_the_end(table: DogeTable, turns: int) -> list[EmuMessage]:
    """Everyone plays until the game ends; then every message of the channel, private
    answers and deleted ones included."""
    for _ in range(turns):
        if (await table.game()).row.status != ACTIVE:
            break
        await table.play_turn()
    assert (await table.game()).row.status == "finished"
    return table.emu.messages(table.channel, include_deleted=True)


def check_record(message: EmuMessage, names: list[str]) -> dict:
    """The record attached to the result keeps every name as typed (plain JSON)."""
    record = next(a for a in message.attachments if a.filename.endswith(".json"))
    data = json.loads(record.data)
    assert [p["name"] for p in data["players"]] == names
    for escaped in [plain(n) for n in names if plain(n) != n]:  # nowhere escaped
        assert json.dumps(escaped)[1:-1].encode() not in record.data, escaped
    return data


async def test_doge_names_show_as_typed(discord_emulator: DiscordEmulator,  # noqa: F811
                                        tmp_path: Path) -> None:
    emu = discord_emulator
    bot = make_bot(tmp_path)
    names = MARKED[:4]
    async with emu.running(bot):
        table = await open_table(emu, bot, names, 4, year_limit=1, seed=7)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        shown = [plain(n) for n in names]
        assert all(n in lobby.content for n in shown), lobby.content
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        await table.play_turn()  # the ballot panels are opened and answered
        private = await check_private(table, "doge")
        assert any(f"**{plain(names[0])}**" in m.content for m in private)
        every = await play_to_the_end(table, 400)
        panels = [m for m in every if m.ephemeral and any(
            "s:doge.bpa:" in json.dumps(r.components) for r in [*m.history, m])]
        assert panels  # the ballot panels are among the private answers checked
        assert check_messages(every, names) > 50
        public = "\n".join(m.content for m in emu.messages(emu.channel,
                                                           include_ephemeral=False))
        assert all(n in public for n in shown)  # every name was told, escaped
        record = check_record(emu.last_message(emu.channel, include_ephemeral=False), names)
        verified = verify_record(record)  # what `python -m bot verify` checks
        assert verified.ok and verified.checked, verified.lines()
        # The channel's seals name nobody (one a round); the stacks' texts, with their
        # seats, are in `/doge verify` and the record, verified above.
        assert "-# 🔒 round sealed · " in public and not OPENED.findall(public)
        # ... and every seal the channel showed is the one the record gives again, in order
        # (`python -m bot verify --seals`).
        shown_seals = re.findall(r"^-# 🔒 round sealed · ([0-9a-f]{16})…$", public, re.M)
        assert shown_seals == [line.rsplit(" · ", 1)[1].rstrip("…")
                               for line in round_seals(record)]
        # The boards draw and describe the names as typed (and were checked, pixel for
        # pixel, against a board drawn with that caption).
        captions = [a.description or "" for m in every for a in m.attachments
                    if a.filename == "doge-board.png"]
        assert table.boards_checked >= 10
        assert any(n in c for c in captions for n in names) and \
            not any("\\" in c for c in captions)
        assert not emu.internal_errors


async def test_clans_names_show_as_typed(discord_emulator: DiscordEmulator,  # noqa: F811
                                         tmp_path: Path) -> None:
    emu = discord_emulator
    bot = make_bot(tmp_path)
    names = [MARKED[4], *PLAIN, MARKED[0]]
    async with emu.running(bot):
        users = [emu.add_user(n) for n in names]
        table = ClansTable(emu, bot, emu.channel, users, seed=3)
        await table.start()
        private = await check_private(table, "clans")
        assert len(private) == 8  # (their clan and the status name nobody: checked below)
        every = await play_to_the_end(table, 200)
        check_record(emu.last_message(emu.channel, include_ephemeral=False), names)
        looked_up = [await (await table.slash(users[0], f"clans {command}")).wait()
                     for command in ("leaderboard", "stats", "history")]
        assert all(plain(names[0]) in m.content for m in looked_up), looked_up
        every = emu.messages(emu.channel, include_deleted=True)
        assert check_messages(every, names) > 20
        public = "\n".join(m.content for m in emu.messages(emu.channel,
                                                           include_ephemeral=False))
        assert plain(names[0]) in public and plain(names[-1]) in public
        assert all(n in public for n in PLAIN)
        assert not emu.internal_errors


async def test_moderator_and_absence_lines_show_names_as_typed(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    names = MARKED[:4]
    async with emu.running(bot):
        table = await open_table(emu, bot, names, 4, seed=5)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        strike = emu.add_user(MARKED[4])
        first, second, third = table.users[:3]
        await table.slash(first, "doge away", {"days": 1.0})
        await table.slash(first, "doge back")
        await table.slash(mia, "table-admin skip")  # everyone awaited: a note each
        await table.slash(mia, "table-admin replace", {"old": second, "new": strike})
        table.users[1] = strike
        await table.slash(mia, "table-admin kick", {"player": third})
        asked = await confirm(emu, bot, emu.channel, mia)
        assert f"{plain(names[2])}'s seat" in asked
        await table.play_turn()
        public = "\n".join(m.content for m in emu.messages(emu.channel,
                                                           include_ephemeral=False))
        for told in (f"A moderator skipped {plain(names[0])}",
                     f"handed {plain(names[1])}'s seat", f"plays {plain(names[2])}'s seat"):
            assert told in public, told
        every = emu.messages(emu.channel, include_deleted=True)
        assert any(f"Welcome back, {plain(names[0])}" in m.content for m in every)
        check_messages(every, [*names, MARKED[4]])
        assert not emu.internal_errors


async def test_a_table_opened_in_a_thread_names_its_opener_as_typed(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        opener = emu.add_user(MARKED[2])
        handle = await emu.slash(opener, emu.channel, "doge new", {"thread": True})
        note = await handle.wait()
        assert f"{plain(MARKED[2])} opened a Doge table" in note.content
        check_messages(emu.messages(include_deleted=True), [MARKED[2]])
        # A thread's name is no markdown: it keeps the name as typed.
        assert any(c.name == f"Doge · {MARKED[2]}'s table" for c in emu.channels.values())
