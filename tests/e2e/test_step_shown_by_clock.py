"""A step whose post Discord refused is shown by the table clock's next tick, with no
later step and no reconnect to bring it: showing the step is the after-commit handler
`show-step` (bot/store/after_commit.py, cogs/common/catch_up.py), owed while the channel
shows an older version than the game has, and redone by the clock's ticks once its own
post had time to go through. Every running bot registers the named handlers of the one
mechanism."""

from __future__ import annotations

from pathlib import Path

from bot.store.after_commit import DEADLINES, RATE, SHOW_STEP, WEB_NOTICE
from cogs.common.short_posts import KEEP_POST
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_failing_channel import (  # noqa: F401  (fixture)
    PLACEMENT_S,
    a_table_in_slow,
    pinned_seed,
    refusing,
    timed_out,
)


async def test_a_refused_step_is_shown_by_the_clocks_next_tick(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with a_table_in_slow(emu, tmp_path) as (time, bot, slow, table):
        store, posts = bot.tables.store, bot.tables.clock.notifier.posts
        catch_up = bot.get_cog("CatchUp")
        catch_up.grace_s = 1e9  # while Discord refuses, the clock leaves it to the step
        refusing(emu, slow, 503)
        time.now += PLACEMENT_S + 1  # the round's deadline: the step is saved, not shown
        bot.tables.clock.poke()
        await emu.wait_until(lambda: posts.idle() and posts.failed(table.game_id) >= 1,
                             timeout=60)
        game = await table.game()
        assert game.state.round == 2 and not timed_out(emu, slow)
        assert await store.shown.shown_version(game.id) != game.version

        emu.faults.rules.clear()  # Discord takes posts again; no step, no reconnect
        catch_up.grace_s = 0.0
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: posts.idle() and timed_out(emu, slow), timeout=60)
        assert await store.shown.shown_version(game.id) == game.version
        assert not emu.internal_errors
        await bot.tables.clock.tick()  # shown once: nothing is owed any more
        assert [m.content for m in emu.messages(slow)].count(
            next(m.content for m in emu.messages(slow) if "ran out of time" in m.content)) == 1


async def test_a_running_bot_registers_every_after_commit_handler(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with a_table_in_slow(emu, tmp_path) as (_time, bot, _slow, _table):
        assert bot.tables.store.after_commit.kinds() == {
            RATE: "owed row", KEEP_POST: "owed row", DEADLINES: "behind", SHOW_STEP: "behind",
            WEB_NOTICE: "told"}


async def test_a_channel_that_keeps_refusing_is_tried_again_less_often(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """One redo at a time, and after a failed one the clock leaves the channel alone for
    a while (doubling while it keeps failing): a broken channel costs few requests."""
    emu = discord_emulator
    async with a_table_in_slow(emu, tmp_path) as (time, bot, slow, table):
        posts = bot.tables.clock.notifier.posts
        catch_up = bot.get_cog("CatchUp")
        catch_up.grace_s = 1e9
        refusing(emu, slow, 503)
        time.now += PLACEMENT_S + 1
        bot.tables.clock.poke()
        await emu.wait_until(lambda: posts.idle() and posts.failed(table.game_id) >= 1,
                             timeout=60)
        catch_up.grace_s = 0.0
        before = posts.failed(table.game_id)
        await bot.tables.clock.tick()
        await bot.tables.clock.tick()  # the first redo is still owed: not handed on again
        await emu.wait_until(posts.idle, timeout=60)
        failed = posts.failed(table.game_id)
        assert failed == before + 1
        refused = sum(emu.faults.injected.values())
        for _ in range(3):  # within the pause after the failed redo: nothing is tried
            await bot.tables.clock.tick()
        await emu.wait_until(posts.idle, timeout=60)
        assert posts.failed(table.game_id) == failed
        assert sum(emu.faults.injected.values()) == refused
        assert not timed_out(emu, slow) and not emu.internal_errors
