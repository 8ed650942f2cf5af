"""A ⏳ reminder or a 🔔 line Discord accepted while the database refused to keep its row
still goes once its moment has passed: its row was owed before the post
(cogs/common/short_posts.py), and the table clock's next tick, in the same process or the
next one, finds the post in the channel and keeps it (cogs/common/owed_posts.py). The
database refuses for real: another connection holds the file's write lock from the moment
Discord made the post until the test lifts it. Deadlines are driven by an injected
clock."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

from bot.discord_app import TableBot
from bot.store import Store
from bot.tables.timing import DAY
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_bell_cleanup import bells, to_next_bell, until_done
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot, start_async_table
from tests.e2e.test_doge_game import open_table
from tests.e2e.test_reminder_cleanup import HALFWAY_S, ballot, reminder_rows, reminders


class RefusedAfter:
    """The emulator's request hook: once Discord has made the post `made()` looks for,
    every write of the bot's database is refused until `lift()`."""

    def __init__(self, made: Callable[[], object], path: Path) -> None:
        self.made, self.path = made, path
        self.blocker: sqlite3.Connection | None = None
        self.lifted = False

    async def hook(self, method: str, path: str, applied: bool) -> bool:
        if applied and method == "POST" and self.blocker is None and not self.lifted \
                and self.made():
            self.blocker = sqlite3.connect(self.path, isolation_level=None)
            self.blocker.execute("BEGIN IMMEDIATE")
        return False

    def lift(self) -> None:
        assert self.blocker is not None, "the post was never made"
        self.blocker.execute("ROLLBACK")
        self.blocker.close()
        self.lifted = True


async def refusing_bot(tmp_path: Path, time: FakeTime) -> TableBot:
    bot = clocked_bot(tmp_path, time)
    bot.store = await Store.open(bot.database_path, busy_timeout_ms=20)  # refused at once
    return bot


async def refused_reminder(emu: DiscordEmulator, table: DogeTable, time: FakeTime,
                           path: Path) -> int:
    """Halfway through the first round: the reminder is posted, its row refused; then
    the database writes again. The reminder's message id."""
    refusal = RefusedAfter(lambda: reminders(emu, table), path)
    emu.request_hook = refusal.hook
    try:
        time.now += HALFWAY_S
        # The tick's later writes are refused too: the clock's timer would pause and
        # try again (bot/tables/clock_loop.py); here the test ticks again itself.
        with contextlib.suppress(sqlite3.OperationalError):
            await table.bot.tables.clock.tick()
    finally:
        emu.request_hook = None
    refusal.lift()
    [reminder] = reminders(emu, table)
    assert not await reminder_rows(table)  # Discord has it; the store does not
    return reminder.id


async def test_a_reminder_whose_row_was_refused_goes_once_all_it_names_answered(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = await refusing_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        reminder = await refused_reminder(emu, table, time, Path(bot.database_path))
        await bot.tables.clock.tick()  # the clock's next tick: what is owed is done
        for seat in range(3):
            await ballot(table, seat)
        assert (await table.game()).state.round == 2
        await emu.wait_until(lambda: emu.message_index[reminder].deleted, timeout=10)
        assert not await reminder_rows(table)
        assert await bot.store.after_commit.owed() == []
        assert len(reminders(emu, table)) == 1 and not emu.internal_errors


async def test_after_a_restart_a_reminder_whose_row_was_refused_goes_at_its_deadline(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    first = await refusing_bot(tmp_path, time)
    running = await emu.start_client(first)
    table = await start_async_table(emu, first)
    reminder = await refused_reminder(emu, table, time, Path(first.database_path))
    await running.close()  # the process stops with the reminder's row not kept

    time.now += DAY  # and stays down past the deadline
    second = clocked_bot(tmp_path, time)
    async with emu.running(second):
        table.bot = second
        await second.tables.clock.tick()
        await emu.wait_until(lambda: emu.message_index[reminder].deleted, timeout=10)
        assert not await reminder_rows(table)
        assert await second.store.after_commit.owed() == []
        assert len(reminders(emu, table)) == 1 and not emu.internal_errors


async def bell_rows(table: DogeTable) -> list:
    return [r for r in await table.bot.tables.store.messages.list_messages(table.game_id)
            if r.kind.startswith("bell:")]


async def test_a_bell_whose_row_was_refused_goes_once_they_answer(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = await refusing_bot(tmp_path, time)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
        refusal = RefusedAfter(lambda: bells(emu, table), Path(bot.database_path))
        emu.request_hook = refusal.hook
        try:
            bell = await to_next_bell(emu, table)
        finally:
            emu.request_hook = None
        refusal.lift()
        assert not await bell_rows(table)  # Discord has it; the store does not
        await bot.tables.clock.tick()  # the clock's next tick: what is owed is done
        assert [r.message_id for r in await bell_rows(table)] == [bell.id]
        await until_done(emu, table, bell)
        await emu.wait_until(lambda: emu.message_index[bell.id].deleted, timeout=10)
        assert bell.id not in [r.message_id for r in await bell_rows(table)]
        assert await bot.store.after_commit.owed() == [] and not emu.internal_errors
