"""A player who left the server can still be replaced or removed, a command that fails
unexpectedly still answers in one line, and a change of the clocks or of a lobby shows
in the channel."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.admin.helpers import FakeTime
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import custom_ids
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, confirm, private, public
from tests.e2e.test_doge_clocks import clocked_bot, start_async_table
from tests.e2e.test_doge_game import open_table
from tests.e2e.test_story_placement import segment_messages


async def test_a_player_who_left_the_server_is_replaced_then_another_removed(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        _, bernd, claudia = table.users
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        dora = emu.add_user("dora")
        emu.guild.members.pop(claudia.id)  # claudia left: Discord resolves her as a user
        emu.guild.members.pop(bernd.id)
        await table.slash(mia, "table-admin replace", {"old": claudia, "new": dora})
        assert private(emu, mia).startswith("✅ Done.")
        game = await table.game()
        assert game.seats[2].user_id == dora.id
        await table.slash(mia, "table-admin kick", {"player": bernd})
        await confirm(emu, bot, table.channel, mia)
        assert private(emu, mia).startswith("✅ Done.")
        assert (await table.game()).seats[1].played_by_ai
        assert any(f"removed <@{bernd.id}>" in t for t in public(emu))
        assert not emu.internal_errors


async def test_an_unexpected_failure_still_answers_in_one_line(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna = table.users[0]

        async def broken(*args, **kwargs):
            raise RuntimeError("a bug")

        monkeypatch.setattr(bot.tables, "game_in_channel", broken)
        await table.slash(anna, "doge status")
        reply = private(emu, anna)
        assert reply.startswith("⚠️ Something went wrong on my side") and "\n" not in reply
        assert "command /doge status failed" in caplog.text and "a bug" in caplog.text
        assert not emu.internal_errors


async def test_pause_resume_and_extend_redraw_the_deadlines_in_the_channel(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        [live] = await segment_messages(table)
        deadlines = re.findall(r"<t:(\d+):R>", live.content)
        assert deadlines and "(clock paused)" not in live.content
        await table.slash(mia, "table-admin pause")
        assert "(clock paused)" in live.content and "<t:" not in live.content
        await table.slash(mia, "table-admin resume")
        assert "(clock paused)" not in live.content
        assert re.findall(r"<t:(\d+):R>", live.content) == deadlines  # the time left kept
        await table.slash(mia, "table-admin extend", {"hours": 2})
        assert re.findall(r"<t:(\d+):R>", live.content) == [
            str(int(d) + 7200) for d in deadlines]
        assert not emu.internal_errors


async def test_a_moderators_change_to_a_lobby_redraws_it(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        anna, bernd, _ = table.users
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        assert "bernd" in lobby.content
        await table.slash(mia, "table-admin kick", {"player": bernd})
        assert "bernd" not in lobby.content and "anna" in lobby.content
        assert any(c["custom_id"].startswith("g:join:") for c in custom_ids(lobby))
        await table.slash(mia, "table-admin end")
        assert "closed" in lobby.content and not custom_ids(lobby)  # no Join, no Start
        assert not emu.internal_errors


async def test_a_lobby_a_moderator_empties_closes(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """Kicking the last person from a lobby closes it, as when they leave by themselves:
    nobody would be left to start it, and it would keep the channel busy."""
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd"], 3)
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        anna, bernd = table.users
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        await table.slash(mia, "table-admin kick", {"player": bernd})
        assert "anna" in lobby.content and custom_ids(lobby)  # still open for anna
        await table.slash(mia, "table-admin kick", {"player": anna})
        assert private(emu, mia).startswith("✅ Done.")
        assert any("nobody is left, so it is closed" in t for t in public(emu))
        assert "closed" in lobby.content and not custom_ids(lobby)
        await table.slash(anna, "doge new")  # the channel is free again
        assert "a table for 4" in emu.last_message(emu.channel, include_ephemeral=False).content
        assert not emu.internal_errors
