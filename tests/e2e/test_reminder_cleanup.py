"""A ⏳ reminder in the channel leaves once its moment has passed: when everyone it names
has answered, or its deadline came; also when that happened while the bot was down. Those
awaited by one deadline share one reminder message (cogs/common/reminder_posts.py). The
deadlines are driven by an injected clock, never by waiting."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from bot.tables.clock import Reminder
from bot.tables.timing import DAY
from tests.discord_emulator import DiscordEmulator, EmuMessage
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot, start_async_table
from tests.waiting import poll

HALFWAY_S = 5 * 60 // 2 + 1  # the live preset's placement round: reminded halfway
BALLOTS = {0: ("castello", "3"), 1: ("dorsoduro", "2"), 2: ("san_polo", "1")}


def reminders(emu: DiscordEmulator, table: DogeTable) -> list[EmuMessage]:
    """Every ⏳ reminder the bot posted in the channel, deleted ones included."""
    return [m for m in emu.messages(table.channel, include_ephemeral=False,
                                    include_deleted=True) if "⏳ This Doge game" in m.content]


async def reminded(emu: DiscordEmulator, table: DogeTable, time: FakeTime) -> EmuMessage:
    """Halfway through the first round, nobody has chosen: the one reminder."""
    time.now += HALFWAY_S
    await table.bot.tables.clock.tick()
    await emu.wait_until(lambda: reminders(emu, table), timeout=10)
    [reminder] = reminders(emu, table)
    return reminder


async def ballot(table: DogeTable, seat: int) -> None:
    area, markers = BALLOTS[seat]
    await table.slash(table.users[seat], "doge ballot", {"area": area, "markers": markers})


@contextlib.asynccontextmanager
async def reminded_table(emu: DiscordEmulator, tmp_path: Path
                         ) -> AsyncIterator[tuple[DogeTable, FakeTime, EmuMessage]]:
    """A 3-player table, started and reminded (`reminded`); its bot runs inside."""
    time = FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        yield table, time, await reminded(emu, table, time)


async def test_one_deadline_one_reminder_gone_once_all_it_names_answered(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with reminded_table(emu, tmp_path) as (table, _time, reminder):
        users = [u.id for u in table.users]
        # Three seats awaited by one deadline: one message pings them all.
        assert reminder.content.startswith(" ".join(f"<@{u}>" for u in users) + " ⏳ ")
        assert reminder.pinged == {f"user:{u}" for u in users}
        await ballot(table, 0)
        await ballot(table, 1)
        assert not emu.message_index[reminder.id].deleted  # Claudia is still awaited
        await ballot(table, 2)  # the last answer: the round is revealed
        assert emu.message_index[reminder.id].deleted
        assert not await reminder_rows(table)
        assert not emu.internal_errors


async def test_a_reminder_goes_when_its_deadline_passes(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with reminded_table(emu, tmp_path) as (table, time, reminder):
        await ballot(table, 0)
        time.now += HALFWAY_S  # the deadline: the table answers for Bernd and Claudia
        await table.bot.tables.clock.tick()
        await emu.wait_until(lambda: emu.message_index[reminder.id].deleted, timeout=10)
        assert (await table.game()).state.round == 2

        async def rows_gone() -> bool:  # removed just after Discord's delete
            return not await reminder_rows(table)

        await poll(rows_gone, 30, "the reminder's row to go")
        assert len(reminders(emu, table)) == 1 and not emu.internal_errors


async def test_after_a_restart_a_reminder_whose_deadline_passed_meanwhile_goes(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    first = clocked_bot(tmp_path, time)
    running = await emu.start_client(first)
    table = await start_async_table(emu, first)
    reminder = await reminded(emu, table, time)
    await running.close()

    time.now += DAY  # the bot was down past the deadline
    second = clocked_bot(tmp_path, time)
    async with emu.running(second):
        table.bot = second
        await second.tables.clock.tick()
        await emu.wait_until(lambda: emu.message_index[reminder.id].deleted, timeout=10)
        assert not await reminder_rows(table)
        assert not emu.internal_errors


async def test_after_a_restart_a_reminder_answered_before_it_was_shown_goes(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """The answers were saved, but the process stopped before the channel showed them:
    the next process shows what the channel is owed, and the reminder goes with it."""
    emu, time = discord_emulator, FakeTime()
    first = clocked_bot(tmp_path, time)
    running = await emu.start_client(first)
    table = await start_async_table(emu, first)
    reminder = await reminded(emu, table, time)
    for seat in range(3):  # saved, never shown (nothing posts a bare service step)
        game = await table.game()
        action = game.engine.legal_actions(game.state, seat)[0]
        await first.tables.act(game.id, table.users[seat].id, action)
    await running.close()
    assert not emu.message_index[reminder.id].deleted

    second = clocked_bot(tmp_path, time)
    async with emu.running(second):
        table.bot = second
        await emu.wait_until(lambda: emu.message_index[reminder.id].deleted, timeout=10)
        assert (await table.game()).state.round == 2

        async def rows_gone() -> bool:  # removed just after Discord's delete
            return not await reminder_rows(table)

        await poll(rows_gone, 30, "the reminder's row to go")
        assert not emu.internal_errors


async def test_a_later_reminder_of_the_same_deadline_replaces_the_earlier(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """A second reminder of one deadline (a later stage) pings whom it reminds and names
    those still awaited; the channel keeps one reminder for that deadline."""
    emu = discord_emulator
    async with reminded_table(emu, tmp_path) as (table, _time, first):
        bot = table.bot
        await ballot(table, 0)
        game = await table.game()
        due = await bot.tables.clock.due_of(game.id, 2)
        await bot.tables.clock.notifier.remind(game, [Reminder(game.seats[2], due, False)])
        bernd, claudia = table.users[1].id, table.users[2].id
        live = [m for m in reminders(emu, table) if not m.deleted]
        assert [m.id for m in live] != [first.id] and len(live) == 1
        assert live[0].content.startswith(f"<@{bernd}> <@{claudia}> ⏳ ")
        assert live[0].pinged == {f"user:{claudia}"}  # Bernd was pinged by the first
        assert emu.message_index[first.id].deleted
        assert not emu.internal_errors


async def reminder_rows(table: DogeTable) -> list:
    return [r for r in await table.bot.tables.store.messages.list_messages(table.game_id)
            if r.kind.startswith("remind:")]
