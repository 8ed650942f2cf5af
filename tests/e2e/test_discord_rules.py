"""The bot against rules of the real Discord that the loopback models: every interaction
answered within 3 s while boards draw slowly, an interaction token that expired, missing
channel permissions, games in (archived, locked) threads and the real send rate."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.discord_app import TableBot
from bot.tables.timing import DAY
from cogs.common.story import MAX_CONTENT, clip
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot, start_async_table
from tests.e2e.test_doge_game import make_bot, open_table
from tests.e2e.test_doge_refusals import last_reply, started_table, until_election_question

MESSAGES_ROUTE = "/channels/{channel_id}/messages"


def draw_only_once_answered(bot: TableBot, emu: DiscordEmulator) -> None:
    """A board is drawn only once every interaction so far has had its first answer: a
    bot that waited for a drawing before answering would wait here for good (and the
    test fail), however fast or slow the machine is."""
    def all_answered() -> bool:
        return all(r.callback_at is not None or r.failed for r in emu.interactions)

    for poster in bot.posters.values():
        draw = poster.render

        async def after_answers(game, caption, draw=draw):  # type: ignore[no-untyped-def]
            await emu.wait_until(all_answered, timeout=30)
            return await draw(game, caption)

        poster.render = after_answers


def clocked(emu: DiscordEmulator, tmp_path: Path) -> tuple[FakeTime, TableBot]:
    """A bot and the emulator on one fake clock (deadlines, token ages)."""
    emu.clock = time = FakeTime()
    return time, clocked_bot(tmp_path, time)


async def all_but_the_last_ballot(table: DogeTable) -> None:
    """Anna and Bernd choose; Claudia's ballot will end the round."""
    anna, bernd, _ = table.users
    await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
    await table.slash(bernd, "doge ballot", {"area": "castello", "markers": "2"})


def reply_to(emu: DiscordEmulator, channel, user) -> str:
    return emu.messages(channel, visible_to=user)[-1].content


def said(emu: DiscordEmulator, channel) -> list[str]:
    return [m.content for m in emu.messages(channel, include_ephemeral=False)]


async def test_every_interaction_is_answered_before_a_board_is_drawn(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        draw_only_once_answered(bot, emu)
        table = await started_table(emu, bot)
        table.typed_ballots.add(table.users[2].id)
        await until_election_question(table)
        game = await table.game()
        await table.decide(table.user_of(bot.tables.awaited_seats(game)[0]))
        await table.slash(table.users[0], "doge board")
        await table.slash(table.users[1], "doge status")
    # The fixture fails the test for any interaction that was not answered in time.
    assert len(emu.interactions) >= 12 and not emu.interaction_failures


async def test_an_expired_interaction_token_loses_no_step(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    time, bot = clocked(emu, tmp_path)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        claudia = table.users[2]
        await table.slash(table.users[0], "doge settings", {"placement_hours": 24.0})
        await all_but_the_last_ballot(table)
        game = await table.game()
        async with bot.tables.lock(game.id):  # the table is busy for a quarter of an hour
            handle = await emu.slash(claudia, table.channel, "doge ballot",
                                     {"area": "dorsoduro", "markers": "1"})
            await handle.callback()  # deferred at once
            time.now += 16 * 60
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=10)
        assert (await table.game()).state.round == 2  # the ballot counted
        # Her private confirmation could not be delivered; the channel still shows the step.
        assert any("Round 1 revealed" in t for t in said(emu, table.channel))
        assert handle.record.original_message is not None
        await table.slash(claudia, "doge status")  # a fresh interaction answers as usual
        assert "placement round 2" in last_reply(emu, claudia)


async def test_a_refused_post_names_the_missing_permission(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await started_table(emu, bot)
        anna, bernd, claudia = table.users
        await all_but_the_last_ballot(table)
        emu.set_permissions(table.channel, emu.bot_user,
                            deny=discord.Permissions(attach_files=True))
        await table.slash(claudia, "doge ballot", {"area": "dorsoduro", "markers": "1"})
        reply = last_reply(emu, claudia)
        assert "Attach Files" in reply and "Send Messages" not in reply
        assert (await table.game()).state.round == 2  # saved all the same
        emu.set_permissions(table.channel, emu.bot_user,
                            deny=discord.Permissions(view_channel=True))
        await table.slash(anna, "doge ballot", {"area": "san_marco", "markers": "1"})
        assert "View Channel" in last_reply(emu, anna)
        assert 0 in (await table.game()).state.ballots
        emu.set_permissions(table.channel, emu.bot_user)  # a moderator fixes the channel
        await table.slash(bernd, "doge board")  # the table again, as the newest message
        newest = emu.last_message(table.channel, include_ephemeral=False)
        assert any(a.filename == "doge-board.png" for a in newest.attachments)
        assert newest.id == table.prompt().id  # with the buttons of the step it waits for
        private = [m for m in emu.messages(table.channel, visible_to=bernd) if m.ephemeral]
        assert "The table, as the newest message" in private[-1].content


async def test_a_game_in_a_thread_reopens_it_when_archived(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    time, bot = clocked(emu, tmp_path)
    async with emu.running(bot):
        thread = emu.add_thread(emu.channel, "doge night")
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, channel=thread)
        anna, bernd, claudia = table.users
        lobby = emu.last_message(thread, include_ephemeral=False)
        await table.click(anna, lobby, find(lobby, "g:start:")["custom_id"])
        await table.slash(anna, "doge settings", {"placement_hours": 24.0})
        assert any(m.attachments for m in emu.messages(thread))  # the board is in the thread
        # Without Send Messages in Threads the player is told which permission is missing.
        await all_but_the_last_ballot(table)
        emu.set_permissions(emu.channel, emu.bot_user,
                            deny=discord.Permissions(send_messages_in_threads=True))
        await table.slash(claudia, "doge ballot", {"area": "dorsoduro", "markers": "1"})
        assert "Send Messages in Threads" in reply_to(emu, thread, claudia)
        emu.set_permissions(emu.channel, emu.bot_user)
        assert (await table.game()).state.round == 2

        emu.archive_thread(thread)  # a day without a message
        await emu.flush()
        time.now += 2 * DAY
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: any("ran out of time" in t for t in said(emu, thread)),
                             timeout=10)
        assert not thread.archived and (await table.game()).state.round == 3

        # Locked by a moderator, and the bot may not manage threads: the players are told
        # in the parent channel; the step is saved all the same.
        emu.archive_thread(thread, locked=True)
        emu.set_permissions(emu.channel, emu.bot_user,
                            deny=discord.Permissions(manage_threads=True))
        await emu.flush()
        time.now += 2 * DAY
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: any(thread.mention in t for t in said(emu, emu.channel)),
                             timeout=10)
        assert thread.archived and (await table.game()).state.round == 4


async def test_the_real_send_rate_still_delivers_every_post(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    # Discord's 5 messages per 5 s per channel, tightened to 2 (the bot posts little
    # now); the bot learns of it only from 429s.
    emu.set_send_rate_limit(2, 5.0, headers=False)
    async with emu.running(bot):
        table: DogeTable = await started_table(emu, bot)
        for _ in range(2):  # two placement rounds, each revealed in a message of its own
            await table.play_turn()
        game = await table.game()
        assert (game.state.round, game.state.phase) == (3, "placement") or \
            game.state.phase == "elections"
    posts = [r.status for r in emu.requests if r.route == MESSAGES_ROUTE and r.method == "POST"]
    assert emu.rate_limit_hits >= 1 and 429 in posts
    delivered = [m for m in emu.messages(table.channel, include_deleted=True)
                 if m.interaction is None]
    assert posts.count(200) == len(delivered) == 3  # the year's start, two revealed rounds
    boards = [m for m in delivered if any(a.filename == "doge-board.png" for a in m.attachments)]
    assert len(boards) == 3


def test_a_long_step_still_says_what_was_done_for_whom() -> None:
    """A time-out that lets the autopilot play on can narrate more than a message holds:
    the table's notes stay, the oldest narration goes."""
    notes = ["⏰ anna ran out of time, so the table chose for them."]
    narration = [f"move {n}: a hut goes from A{n} to B{n}." for n in range(200)]
    text = clip(notes + narration, keep=len(notes))
    assert len(text) <= MAX_CONTENT and text.startswith(notes[0])
    assert text.endswith(narration[-1]) and "…" in text and narration[0] not in text
    assert clip(["short", "step"], keep=1) == "short\nstep"
