"""Slow play through the loopback Discord: a timed-out round, reminders by DM with the
fallback to a mention, and a restart with a deadline pending (an injected clock)."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from bot.tables.clock import Reminder
from bot.tables.timing import DAY
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_doge_game import open_table


class FakeTime:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def clocked_bot(tmp_path: Path, time: FakeTime) -> TableBot:
    return TableBot(database_path=str(tmp_path / "games.db"), clock=time)


async def start_async_table(emu: DiscordEmulator, bot: TableBot) -> DogeTable:
    table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3)
    lobby = emu.last_message(emu.channel, include_ephemeral=False)
    await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
    return table


async def test_a_placement_round_times_out_and_the_channel_is_told(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, claudia = table.users
        assert "deadline <t:" in table.prompt().content  # a Discord timestamp
        # What the deadline does is said before it comes (D-3.7).
        assert table.prompt().content.splitlines()[-1] == (
            "-# At a deadline, whoever has not chosen sits this round out and keeps their "
            "markers (D-3.7).")
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        await table.slash(bernd, "doge ballot", {"area": "dorsoduro", "markers": "2"})
        time.now += 5 * 60 + 1  # the live preset: 5 minutes per placement round
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: any("ran out of time" in m.content for m in
                                         emu.messages(emu.channel)), timeout=10)
        game = await table.game()
        assert game.state.round == 2 and len(game.state.players[2].markers) == 7  # D-3.7
        said = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
        assert any("claudia ran out of time, so the table chose" in t for t in said)
        assert any("Round 1 revealed" in t for t in said)


async def test_reminders_by_dm_fall_back_to_a_mention_when_dms_are_closed(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, claudia = table.users
        await table.slash(anna, "doge notify", {"mode": "dm"})
        await table.slash(bernd, "doge notify", {"mode": "dm"})
        emu.block_dms(bernd)
        time.now += 150 + 1  # halfway through the round
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: any(f"<@{bernd.id}>" in m.content
                                         for m in emu.messages(emu.channel)), timeout=10)
        dms = [m for m in emu.messages() if m.channel_id != emu.channel.id]
        assert any("waits for you" in m.content for m in dms)  # Anna's DM
        public = [m.content for m in emu.messages(emu.channel, include_ephemeral=False)]
        # Bernd (DMs closed) and Claudia: one message pings them both, not one each.
        [reminder] = [t for t in public if "waits for you" in t]
        assert reminder.startswith(f"<@{bernd.id}> <@{claudia.id}> ⏳ This Doge game waits "
                                   "for you; the deadline is <t:")
        assert f"<@{anna.id}>" not in reminder
        count = len(public)
        await bot.tables.clock.tick()  # never twice for the same deadline
        assert len(emu.messages(emu.channel, include_ephemeral=False)) == count


async def test_a_restart_with_a_pending_deadline_still_times_out(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    first = clocked_bot(tmp_path, time)
    running = await emu.start_client(first)
    table = await start_async_table(emu, first)
    await table.slash(table.users[0], "doge settings", {"placement_hours": 24.0})
    await table.slash(table.users[0], "doge ballot", {"area": "castello", "markers": "3"})
    await running.close()

    time.now += 2 * DAY  # the bot was down past the deadline
    second = clocked_bot(tmp_path, time)
    async with emu.running(second):
        table.bot = second
        await second.tables.clock.tick()
        await emu.wait_until(lambda: any("ran out of time" in m.content
                                         for m in emu.messages(emu.channel)), timeout=10)
        game = await table.game()
        assert game.state.round == 2
        assert game.seats[1].misses == 1 and game.seats[2].misses == 1
        assert game.seats[0].misses == 0


async def test_reminders_of_different_deadlines_are_one_message_each(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Different deadlines (one player's clock waited for their vacation): a message for
    each deadline, pinging only whom it reminds, so each goes when its own moment has
    passed (cogs/common/reminder_posts.py)."""
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, _claudia = table.users
        game = await table.game()
        store = bot.tables.store
        [due] = [d for d in await store.deadlines.get_deadlines(game.id)
                 if d.seat == 1 and d.kind.startswith("due:")]
        # Bernd's later
        await store.deadlines.set_deadline(game.id, due.kind, due.due_at + 3600, seat=1)
        anna_due, bernd_due = int(due.due_at), int(due.due_at) + 3600
        before = len(emu.messages(emu.channel, include_ephemeral=False))
        await bot.tables.clock.notifier.remind(game, [
            Reminder(game.seats[0], anna_due, by_dm=False),
            Reminder(game.seats[1], bernd_due, by_dm=False)])
        first, second = emu.messages(emu.channel, include_ephemeral=False)[before:]
        assert first.content == (f"<@{anna.id}> ⏳ This Doge game waits for you; the "
                                 f"deadline is <t:{anna_due}:R>.")
        assert first.pinged == {f"user:{anna.id}"}
        assert second.content == (f"<@{bernd.id}> ⏳ This Doge game waits for you; the "
                                  f"deadline is <t:{bernd_due}:R>.")
        assert second.pinged == {f"user:{bernd.id}"}
        assert not emu.internal_errors
