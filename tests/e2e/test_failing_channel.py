"""One channel's failures never delay another table: when Discord answers one channel's
posts with 500 (discord.py tries each request again for about 16 s), the clock posts
that table's steps in a task of the table's own, and another channel's deadline is met
and shown meanwhile. A table whose posts keep failing is told to its moderators once: in
the server's audit log, in one line in the server's moderators' channel (a Community
server's updates channel) and by a mark on the table in `/table-admin tables` until a post
goes through again; its steps are saved all the same (D-3.7 at each deadline)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.store import games as store_games
from cogs.common.table_posts import TELL_AFTER
from tests.discord_emulator import DiscordEmulator, EmuChannel
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_admin_discord import MANAGE_CHANNELS
from tests.e2e.test_admin_lists import ask
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot
from tests.e2e.test_doge_game import open_table

PLACEMENT_S = 5 * 60  # the live preset's placement round
RETRIES = 5  # discord.py's tries of a request Discord answers with 500


async def started(emu: DiscordEmulator, bot, channel: EmuChannel, names: list[str]) -> DogeTable:
    table = await open_table(emu, bot, names, 3, channel=channel)
    lobby = emu.last_message(channel, include_ephemeral=False)
    await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
    return table


def timed_out(emu: DiscordEmulator, channel: EmuChannel) -> bool:
    return any("ran out of time" in m.content for m in emu.messages(channel))


def refusing(emu: DiscordEmulator, channel: EmuChannel, status: int) -> None:
    """Discord answers every post and edit in `channel` with `status` from now on."""
    for method, route in (("POST", f"/channels/{channel.id}/messages"),
                          ("PATCH", f"/channels/{channel.id}/messages/*")):
        emu.fail_next(method, route, times=10_000, status=status)


@pytest.fixture(autouse=True)
def pinned_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: 6)


@asynccontextmanager
async def a_table_in_slow(emu: DiscordEmulator, tmp_path: Path,
                          ) -> AsyncIterator[tuple[FakeTime, TableBot, EmuChannel, DogeTable]]:
    """A bot on a fake clock, and a started table in #slow."""
    time = FakeTime()
    bot = clocked_bot(tmp_path, time)
    moderators = emu.add_text_channel(name="moderators")
    emu.guild.public_updates_channel_id = moderators.id  # read when the bot connects
    async with emu.running(bot):
        slow = emu.add_text_channel(name="slow")
        yield time, bot, slow, await started(emu, bot, slow, ["ann", "bernd", "cy"])


async def test_a_failing_channel_does_not_hold_up_another_tables_deadline(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with a_table_in_slow(emu, tmp_path) as (time, bot, slow, failing):
        time.now += 60  # the failing table's deadline comes first
        fine = await started(emu, bot, emu.channel, ["dee", "bernd", "fay"])
        refusing(emu, slow, 500)
        time.now += PLACEMENT_S + 61
        seen: list[int] = []  # the failing channel's refused requests when the other posted

        def other_shown() -> bool:
            if timed_out(emu, emu.channel):
                seen.append(sum(emu.faults.injected.values()))
                return True
            return False

        bot.tables.clock.poke()  # the clock's own task meets both deadlines
        await emu.wait_until(other_shown, timeout=120)
        # Shown while the failing channel's first post was still being tried again.
        assert seen[0] < RETRIES, seen
        assert (await fine.game()).state.round == 2
        assert (await failing.game()).state.round == 2  # saved all the same
        emu.faults.rules.clear()  # Discord is back: the failing table's step is shown
        await emu.wait_until(lambda: bot.tables.clock.notifier.posts.idle(), timeout=60)
        assert timed_out(emu, slow) and not emu.internal_errors


async def test_a_table_whose_posts_keep_failing_is_told_once(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with a_table_in_slow(emu, tmp_path) as (time, bot, slow, failing):
        refusing(emu, slow, 503)  # refused at once: no retries to wait for
        store, posts = bot.tables.store, bot.tables.clock.notifier.posts
        for round_no in (2, 3, 4):  # three rounds nobody plays: a post for each seat
            time.now += PLACEMENT_S + 1
            bot.tables.clock.poke()
            failed = TELL_AFTER * (round_no - 1)
            await emu.wait_until(lambda failed=failed: posts.idle() and
                                 posts.failed(failing.game_id) >= failed, timeout=60)
            assert (await failing.game()).state.round == round_no
        told = [e for e in await store.moderation.list_audit(guild_id=emu.guild.id)
                if e.action == "posts_failing"]
        assert len(told) == 1 and told[0].game_id == failing.game_id
        assert not timed_out(emu, slow)
        [moderators] = [c for c in emu.guild.channels if c.name == "moderators"]
        [notice] = emu.messages(moderators)  # once, however many posts failed since
        assert f"<#{slow.id}>" in notice.content and "Doge" in notice.content
        assert notice.content.startswith(f"⚠️ Discord refused my last {TELL_AFTER} posts")
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        [line] = [line for line in (await ask(emu, mia, slow, "table-admin tables")
                                    ).splitlines() if f"<#{slow.id}>" in line]
        assert "⚠️ my posts in its channel fail since <t:" in line
        # A restarted bot forgets which tables it told of: once the channel shows the
        # game's newest step (the catch-up at connect), the mark goes all the same.
        game, shown = await failing.game(), await store.shown.shown_version(failing.game_id)
        await store.shown.set_shown(game.id, game.version)
        [line] = [line for line in (await ask(emu, mia, slow, "table-admin tables")
                                    ).splitlines() if f"<#{slow.id}>" in line]
        assert "⚠️" not in line
        await store.shown.set_shown(game.id, shown or 0)  # as it was: steps owed

        emu.faults.rules.clear()  # the channel takes posts again: the next step is shown
        time.now += PLACEMENT_S + 1
        bot.tables.clock.poke()
        await emu.wait_until(lambda: posts.idle() and timed_out(emu, slow), timeout=60)
        assert [e.action for e in await store.moderation.list_audit(
            game_id=failing.game_id)][:1] == ["posts_working"]
        [line] = [line for line in (await ask(emu, mia, slow, "table-admin tables")
                                    ).splitlines() if f"<#{slow.id}>" in line]
        assert "⚠️" not in line
        assert len(emu.messages(moderators)) == 1 and not emu.internal_errors
