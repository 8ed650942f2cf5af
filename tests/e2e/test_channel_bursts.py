"""A burst of clicks while Discord is slow: the channel's message is edited once for the
burst, not once per click, and still tells every move."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_doge_game import make_bot, open_table
from tests.e2e.test_story_placement import segment_messages


async def test_clicks_that_queue_behind_a_slow_edit_share_one_edit(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia", "daniel"], 4, seed=3)
        lobby = emu.last_message(table.channel, include_ephemeral=False)
        await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
        anna, bernd, claudia, _ = table.users
        [round_one] = await segment_messages(table)
        edits_before = len(round_one.history)

        # Anna's edit is held back by a rate limit; Bernd and Claudia answer meanwhile.
        emu.rate_limit_next("PATCH", "/channels/*/messages/*", retry_after=1.5)
        first = await emu.slash(anna, table.channel, "doge ballot",
                                {"area": "castello", "markers": "3"})
        await emu.wait_until(lambda: emu.rate_limit_hits >= 1, timeout=10)
        poster = bot.posters["doge"]
        later = [await emu.slash(user, table.channel, "doge ballot",
                                 {"area": "dorsoduro", "markers": "2"})
                 for user in (bernd, claudia)]
        # Both of their shows wait behind Anna's before her edit gets through.
        await emu.wait_until(lambda: poster._games.waiting(table.game_id) == 2, timeout=10)
        for handle in (first, *later):
            await table.settle(handle)

        [round_one] = await segment_messages(table)
        # Anna's edit, then one for both of theirs (Bernd's show saw Claudia's waiting).
        assert len(round_one.history) - edits_before == 2
        for name in ("anna", "bernd", "claudia"):  # the prompt shows every answer
            assert f"{name}: ✅ has chosen" in round_one.content
        assert f"<@{table.users[3].id}>: ⏳" in round_one.content  # named by a mention
        assert round_one.attachments[0].filename == "doge-board.png"
        # Nothing shown or clicked now: the process keeps no lock of the game.
        assert len(poster._games) == 0 and len(bot.tables.game_locks) == 0
        assert not emu.internal_errors
