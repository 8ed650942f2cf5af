"""Names stay text on every path, not only a click's: a deadline the clock meets, a seat
on autopilot, a moderator's kick and a catch-up after a reconnect all write a name full
of Discord's markup (markdown, a command mention, a channel link, a timestamp) escaped,
once. The clock is ticked from the test itself, a task the bot never started: the text
must be escaped however the path was entered."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import games as store_games
from cogs.common.names import as_typed, plain
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, confirm
from tests.e2e.test_autopilot_notice import PLACEMENT_S, slash
from tests.e2e.test_catch_up import a_round_saved_but_not_shown
from tests.e2e.test_doge_clocks import FakeTime, clocked_bot
from tests.e2e.test_doge_game import open_table
from tests.e2e.test_names_as_text import check_messages
from tests.waiting import poll

# Seat 4 misses its deadlines; the others are a command, a channel and a timestamp.
NAMES = ["</doge new:1>", "<#1>", "<t:0:R>", "*bold* @everyone"]


def test_mention_and_timestamp_syntax_is_escaped() -> None:
    for name in NAMES:
        assert "<" not in plain(name).replace("\\<", "") and as_typed(plain(name)) == name


async def test_a_name_is_escaped_on_the_clocks_the_autopilots_a_moderators_and_a_catch_ups_path(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: 11)
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        table = await open_table(emu, bot, NAMES, 4, seed=11)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
        first, second, third, _missing = table.users
        rounds = (("castello", "dorsoduro", "san_polo", "1"),
                  ("san_marco", "cannaregio", "santa_croce", "1"))
        for *areas, markers in rounds:  # the fourth lets both deadlines pass: autopilot
            for user, area in zip((first, second, third), areas, strict=True):
                await slash(table, user, "doge ballot", {"area": area, "markers": markers})
            time.now += PLACEMENT_S + 1
            await bot.tables.clock.tick()
            await emu.wait_until(lambda: bot.in_flight == 0, timeout=10)
        game = await table.game()
        assert game.seats[3].autopilot
        # A moderator's kick; then a round saved but never shown, caught up at a reconnect.
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await slash(table, mia, "table-admin kick", {"player": third})
        await confirm(emu, bot, emu.channel, mia)
        await a_round_saved_but_not_shown(table)
        await emu.request_reconnect()

        async def shown() -> bool:
            game = await table.game()
            return await bot.tables.store.shown.shown_version(game.id) == game.version

        await poll(shown, 20, "the owed round to be shown after the reconnect")
        public = "\n".join(m.content for m in emu.messages(emu.channel,
                                                           include_ephemeral=False))
        missing = plain(NAMES[3])
        for told in (f"⏰ {missing} ran out of time", f"🤖 {missing} missed 2 deadlines",
                     f"plays {plain(NAMES[2])}'s seat", "Round 3 revealed"):
            assert told in public, told
        assert check_messages(emu.messages(emu.channel, include_deleted=True), NAMES) > 10
        assert not emu.internal_errors
