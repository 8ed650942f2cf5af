"""A thread locked while the bot was down: the step its game is owed (saved, never shown)
cannot be posted there at the next connect, so the players are told in the parent
channel, as a deadline's step already is; told once, not at every reconnect."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.store import games as store_games
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_catch_up import a_round_saved_but_not_shown
from tests.e2e.test_doge_game import make_bot, open_table


def told_in_parent(emu: DiscordEmulator, thread) -> list[str]:
    return [m.content for m in emu.messages(emu.channel, include_ephemeral=False)
            if thread.mention in m.content and "locked" in m.content]


async def test_a_step_owed_to_a_locked_thread_is_told_in_its_parent(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_games, "new_seed", lambda: 4)
    emu = discord_emulator
    thread = emu.add_thread(emu.channel, "doge night")
    first = make_bot(tmp_path)
    async with emu.running(first):
        table = await open_table(emu, first, ["anna", "bernd", "claudia"], 3, channel=thread)
        lobby = emu.last_message(thread, include_ephemeral=False)
        await table.click(table.users[0], lobby, find(lobby, "g:start:")["custom_id"])
        await a_round_saved_but_not_shown(table)
    # While the bot is down, a moderator locks the thread; the bot may not reopen it.
    emu.archive_thread(thread, locked=True)
    emu.set_permissions(emu.channel, emu.bot_user,
                        deny=discord.Permissions(manage_threads=True))
    second = make_bot(tmp_path)
    async with emu.running(second):
        await emu.wait_until(lambda: told_in_parent(emu, thread), timeout=20)
        # A reconnect's round tries again, and says nothing new.
        assert await second.get_cog("CatchUp").show_owed() == 0
        assert len(told_in_parent(emu, thread)) == 1
        assert thread.archived and not emu.internal_errors
