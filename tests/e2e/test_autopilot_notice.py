"""A player whose missed deadlines put their seat on autopilot is told so once: the game's
message in the channel says it, and nothing else posted there says it again; a player who
chose DMs (or a digest) also hears it by DM, none who want no reminders (`notify off`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot, start_async_table

PLACEMENT_S = 5 * 60  # the live preset's placement round
SILENT = 1 << 12  # SUPPRESS_NOTIFICATIONS: delivered without a push notification
NOTICE = ("🤖 You missed 2 deadlines in a row in the Doge game in <#{channel}>: the autopilot "
          "plays your seat until you use </doge back:{doge}> or play a move yourself.")


async def slash(table: DogeTable, user, command: str, options: dict) -> None:
    """A command, answered (without the driver's check of every board against the state
    of the moment: a deadline's step posts boards of states that are already past)."""
    handle = await table.emu.slash(user, table.channel, command, options)
    await handle.callback(timeout=10)
    await table.emu.wait_until(lambda: table.bot.in_flight == 0, timeout=10)


async def both_choose_and_time_passes(table: DogeTable, time: FakeTime,
                                      areas: tuple[str, str]) -> None:
    """Anna and Bernd choose; Claudia lets the round's deadline pass."""
    anna, bernd, _claudia = table.users
    await slash(table, anna, "doge ballot", {"area": areas[0], "markers": "1"})
    await slash(table, bernd, "doge ballot", {"area": areas[1], "markers": "1"})
    time.now += PLACEMENT_S + 1
    await table.bot.tables.clock.tick()


async def claudia_misses_twice(table: DogeTable, bot: TableBot, time: FakeTime) -> None:
    for areas in (("castello", "dorsoduro"), ("san_marco", "san_polo")):
        await both_choose_and_time_passes(table, time, areas)
    game = await table.game()
    assert game.seats[2].autopilot and game.seats[2].misses == 2


def notice_text(emu: DiscordEmulator, table: DogeTable) -> str:
    return NOTICE.format(channel=table.channel.id, doge=emu.commands.find("doge", None)["id"])


def notices(emu: DiscordEmulator) -> list:
    return [m for m in emu.messages(include_ephemeral=False) if "🤖 You missed" in m.content]


async def test_a_player_who_chose_dms_is_told_by_dm(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        claudia = table.users[2]
        await slash(table, claudia, "doge notify", {"mode": "dm"})
        await claudia_misses_twice(table, bot, time)
        await emu.wait_until(lambda: notices(emu), timeout=10)
        [notice] = notices(emu)
        assert notice.channel_id == emu.dm_channel_for(claudia).id
        assert notice.content == notice_text(emu, table)
        # The channel was told as before, in the step's message; nobody else got a notice.
        said = [m.content for m in emu.messages(table.channel, include_ephemeral=False)]
        assert any("the autopilot plays for them" in t for t in said)
        # On autopilot the seat plays at once, round after round: told once only.
        anna, bernd = table.users[:2]
        await slash(table, anna, "doge ballot", {"area": "cannaregio", "markers": "2"})
        await slash(table, bernd, "doge ballot", {"area": "santa_croce", "markers": "2"})
        game = await table.game()
        assert game.state.round == 4 and game.seats[2].autopilot
        assert len(notices(emu)) == 1 and not emu.internal_errors


def said_in_channel(emu: DiscordEmulator, table: DogeTable) -> list[str]:
    """Every line the channel shows now (messages as they stand, deleted ones left out)."""
    return [line for m in emu.messages(table.channel, include_ephemeral=False)
            for line in m.content.splitlines()]


@pytest.mark.parametrize("dms_closed", [False, True])
async def test_the_channel_says_it_once_in_the_games_message(
        discord_emulator: DiscordEmulator, tmp_path: Path, dms_closed: bool) -> None:  # noqa: F811
    """A player reminded by mentions (or whose DMs are closed) is not pinged by a post of
    its own: the game's message says it, once, and nothing else in the channel does."""
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        claudia = table.users[2]
        if dms_closed:
            await slash(table, claudia, "doge notify", {"mode": "dm"})
            emu.block_dms(claudia)
        await claudia_misses_twice(table, bot, time)
        said = said_in_channel(emu, table)
        assert sum("the autopilot plays for them" in line for line in said) == 1
        assert not [line for line in said if "autopilot plays your seat" in line]
        assert notices(emu) == [] and not emu.internal_errors


async def test_no_notice_for_one_who_wants_no_reminders(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        await slash(table, table.users[2], "doge notify", {"mode": "off"})
        await claudia_misses_twice(table, bot, time)
        said = [m.content for m in emu.messages(table.channel, include_ephemeral=False)]
        assert any("the autopilot plays for them" in t for t in said)  # the table knows
        assert notices(emu) == [] and not emu.internal_errors


async def test_a_digest_reader_is_told_by_dm_not_pinged_in_the_channel(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """They asked for one daily DM instead of pings: the notice comes the same way."""
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        claudia = table.users[2]
        await slash(table, claudia, "doge notify", {"digest": True})
        await claudia_misses_twice(table, bot, time)
        await emu.wait_until(lambda: notices(emu), timeout=10)
        [notice] = notices(emu)
        assert notice.channel_id == emu.dm_channel_for(claudia).id
        assert not emu.internal_errors


async def test_during_quiet_hours_the_notice_comes_without_a_notification(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Told at once, so the player is never in doubt, but silently (Discord's
    SUPPRESS_NOTIFICATIONS): nobody is woken at night by the bot."""
    emu, time = discord_emulator, FakeTime()  # 08:00 UTC, and later that morning
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, claudia = table.users[0], table.users[2]
        await slash(table, claudia, "doge notify", {"mode": "dm", "timezone": "UTC",
                                                    "quiet_start": 6, "quiet_end": 12})
        await claudia_misses_twice(table, bot, time)
        await emu.wait_until(lambda: notices(emu), timeout=10)
        [notice] = notices(emu)
        assert notice.channel_id == emu.dm_channel_for(claudia).id and notice.flags & SILENT
        # Outside their quiet hours a notice notifies as usual.
        await slash(table, anna, "doge notify", {"mode": "dm", "timezone": "UTC",
                                                 "quiet_start": 20, "quiet_end": 22})
        for areas in (("cannaregio", "santa_croce"), ("quarantia", "castello")):
            await slash(table, table.users[1], "doge ballot", {"area": areas[0],
                                                                "markers": "2"})
            time.now += PLACEMENT_S + 1  # Anna lets two rounds pass
            await table.bot.tables.clock.tick()
        await emu.wait_until(lambda: len(notices(emu)) == 2, timeout=10)
        assert not notices(emu)[1].flags & SILENT
        assert not emu.internal_errors
