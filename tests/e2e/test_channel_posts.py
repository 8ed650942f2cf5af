"""A calm channel: one message per Doge placement round and election, and per Clans move,
edited while it lasts and then left as its record; everybody pinged when they must act;
a table in a thread of its own."""

from __future__ import annotations

import re
from pathlib import Path

from bot.discord_app import TableBot
from bot.store import FINISHED
from cogs.common.segments import segments_of
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, custom_ids, find, start_and_play_to_the_end
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_game import make_bot, open_table

MENTION = re.compile(r"<@!?(\d+)>")


def first_content(message: EmuMessage) -> str:
    """What the message said when it was posted: only that can ping anyone."""
    return message.history[0].content if message.history else message.content


def posted(emu: DiscordEmulator, table: DogeTable) -> list[EmuMessage]:
    return [m for m in emu.messages(table.channel, include_ephemeral=False)
            if m.author.id == emu.bot_user.id]


async def test_one_message_per_round_and_election_with_everyone_pinged(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia", "daniel"], 4,
                                 year_limit=1, seed=7)
        await start_and_play_to_the_end(table)
        assert (await table.game()).row.status == FINISHED
        game = await table.game()
        messages = posted(emu, table)
        segments = segments_of(await bot.tables.store.messages.list_messages(game.id))
        by_id = {m.id: m for m in messages}

        # The lobby, the year's first message, three revealed rounds (the third with the
        # first election), six more elections and the result: no board after every click.
        pings = [m for m in messages if m.content.startswith("🔔")]
        assert len(messages) - len(pings) == 1 + len(segments), len(messages)
        assert len(segments) == 10 + 1
        elections = [by_id[s.message_id] for s in segments
                     if " votes: " in by_id[s.message_id].content]
        assert len(elections) == 7  # every election has its message ...
        for message in elections:  # ... which tells it whole and keeps no buttons
            assert message.content.count(" votes: ") == 1
            assert not custom_ids(message)  # (its end is left to the board, D-4.1)
            assert message.attachments[0].filename == "doge-board.png"
            assert len(message.history) >= 1  # edited as its decisions were made
        assert [m for m in messages if custom_ids(m)] == []  # the game is over
        final = by_id[segments[-1].message_id]  # the result, the record and the recap
        assert "Game over" in final.content
        assert {a.filename for a in final.attachments} == {
            "doge-board.png", f"doge-game-{game.id}.json", f"doge-recap-{game.id}.gif"}
        # Everyone who played is notified that it is over (a game of days: not all watch),
        # but whoever made the last move: their own click posted it, they are here.
        log = await bot.tables.store.actions.log(game.id)
        last = log[-1].actor_id
        assert last is not None and final.pinged == frozenset(
            f"user:{s.user_id}" for s in game.seats if s.user_id != last)

        # Whoever acted in a segment was pinged when its message was posted, or by a
        # short ping pointing to it.
        users = {s.seat: s.user_id for s in game.seats}
        for seg, following in zip(segments, [*segments[1:], None], strict=True):
            pinged = {int(u) for u in MENTION.findall(first_content(by_id[seg.message_id]))}
            pinged |= {int(u) for p in pings if str(seg.message_id) in p.content
                       for u in MENTION.findall(p.content)}
            acted = {a.actor_id for a in log if a.actor_id is not None
                     and seg.posted_at < a.version
                     and (following is None or a.version <= following.posted_at)}
            assert acted <= pinged, (seg, acted, pinged)
            assert pinged <= set(users.values())
        assert not emu.internal_errors and emu.rate_limit_hits == 0


async def test_a_restart_edits_the_live_message_rather_than_posting_again(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    first = make_bot(tmp_path)
    running = await emu.start_client(first)
    table = await open_table(emu, first, ["anna", "bernd", "claudia"], 3, seed=3)
    lobby = emu.last_message(table.channel, include_ephemeral=False)
    await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
    users = table.users
    await table.slash(users[0], "doge ballot", {"area": "castello", "markers": "3"})
    live = table.prompt()
    count = len(posted(emu, table))
    await running.close()

    second = make_bot(tmp_path)
    async with emu.running(second):
        table.bot = second
        await table.slash(users[1], "doge ballot", {"area": "san_polo", "markers": "2"})
        assert len(posted(emu, table)) == count  # the same message, edited
        assert table.prompt().id == live.id and "✅ has chosen" in live.content
        await table.slash(users[2], "doge ballot", {"area": "dorsoduro", "markers": "1"})
        assert len(posted(emu, table)) == count + 1  # the round is revealed: a new one
        newest = table.prompt()
        assert newest.id != live.id and "Round 1 revealed" in newest.content
        assert not custom_ids(emu.message_index[live.id])  # the old one keeps no buttons


async def test_a_table_in_a_thread_of_its_own(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        handle = await emu.slash(ada, emu.channel, "clans new", {"seats": 2, "thread": True})
        note = await handle.wait()
        assert not note.ephemeral and note.channel_id == emu.channel.id
        thread = next(c for c in emu.channels.values()
                      if c.parent_id == emu.channel.id and c.mention in note.content)
        assert thread.name == "Clans · ada's table" and "join it there" in note.content
        table = ClansTable(emu, bot, thread, [ada, bo])
        table.game_id = (await bot.tables.game_in_channel(thread.id)).id
        lobby = emu.last_message(thread, include_ephemeral=False)
        await table.click(bo, lobby, find(lobby, "g:join:")["custom_id"])
        await table.click(ada, emu.message_index[lobby.id], find(lobby, "g:start:")["custom_id"])
        assert any(a.filename == "clans-board.png"
                   for m in emu.messages(thread) for a in m.attachments)
        # The channel itself shows the one line that links to the thread.
        assert [m.id for m in emu.messages(emu.channel, include_ephemeral=False)] == [note.id]
        # A thread cannot hold a thread: refused in one line, nothing opened.
        handle = await emu.slash(bo, thread, "doge new", {"thread": True})
        refusal = await handle.wait()
        assert refusal.ephemeral and "only in a text channel" in refusal.content
        assert await bot.tables.game_in_channel(thread.id) is not None
