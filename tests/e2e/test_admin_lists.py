"""What moderators read through the loopback Discord: the server's open tables
(`/table-admin tables`) and the audit log of one channel (`/table-admin audit channel:`)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.admin.helpers import FakeTime
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.discord_emulator.models import EmuChannel, EmuUser
from tests.e2e.test_admin_discord import MANAGE_CHANNELS
from tests.e2e.test_doge_clocks import clocked_bot, start_async_table


async def ask(emu: DiscordEmulator, user: EmuUser, channel: EmuChannel, command: str,
              options: dict | None = None) -> str:
    """The private answer `user` gets to `command` in `channel`."""
    reply = await (await emu.slash(user, channel, command, options or {})).wait()
    assert reply.ephemeral and reply.visible_to == user.id
    return reply.content


async def thread_table(emu: DiscordEmulator, user: EmuUser, channel: EmuChannel) -> EmuChannel:
    """A two-seat Clans lobby in a thread opened from `channel`: the thread."""
    note = await (await emu.slash(user, channel, "clans new",
                                  {"seats": 2, "thread": True})).wait()
    return next(c for c in emu.channels.values()
                if c.parent_id == channel.id and c.mention in note.content)


async def test_a_moderator_lists_the_servers_open_tables(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        assert await ask(emu, mia, emu.channel, "table-admin tables") == \
            "🛡️ There are no open tables in this server."

        table = await start_async_table(emu, bot)
        anna, bernd, claudia = table.users
        ada = emu.add_user("ada")
        thread = await thread_table(emu, ada, emu.add_text_channel(name="clans"))
        lobby = await bot.tables.game_in_channel(thread.id)
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})

        # Someone who may not moderate is refused, in one line, and sees no table.
        refusal = await ask(emu, anna, emu.channel, "table-admin tables")
        assert "Only moderators" in refusal and "\n" not in refusal

        listing = await ask(emu, mia, emu.channel, "table-admin tables")
        head, doge, clans = listing.splitlines()
        assert head == "🛡️ 2 open tables in this server, newest activity first:"
        deadlines = await bot.tables.store.deadlines.get_deadlines(table.game_id)
        asked = min(d.created_at for d in deadlines
                    if d.kind.startswith("due:"))  # when bernd and claudia were asked
        assert doge == (f"• **Doge** game {table.game_id} in <#{table.channel.id}>: running, "
                        f"3 players; waits for <@{bernd.id}>, <@{claudia.id}> "
                        f"since <t:{int(asked)}:R>")
        assert clans.startswith(f"• **Clans** game {lobby.id} in <#{thread.id}>: lobby, "
                                f"1 of 2 seats taken (<@{ada.id}>), last change <t:")

        await table.slash(mia, "table-admin pause")
        listing = await ask(emu, mia, emu.channel, "table-admin tables")
        assert listing.splitlines()[1].endswith(":R> ⏸️ clocks paused")
        assert "paused" not in listing.splitlines()[2]
        # The old name answers too, with its reminder of the new one.
        listing = await ask(emu, mia, thread, "doge-admin tables")
        assert listing.splitlines()[0].startswith("🛡️ 2 open tables")
        assert "`/doge-admin` is now `/table-admin`" in listing
        assert not emu.internal_errors


async def test_tables_that_do_not_fit_are_counted(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        people = [emu.add_user(f"player{i}") for i in range(30)]
        for i, person in enumerate(people):
            await bot.tables.open_lobby("clans", guild_id=emu.guild.id, channel_id=10_000 + i,
                                        user_id=person.id, user_name=person.name, seats=4,
                                        timing="async")
        listing = await ask(emu, mia, emu.channel, "table-admin tables")
        lines = listing.splitlines()
        assert lines[0].startswith("🛡️ 30 open tables") and len(listing) < 2000
        listed = [line for line in lines if line.startswith("• ")]
        assert 0 < len(listed) <= 20
        assert lines[-1] == f"…and {30 - len(listed)} more open tables."
        # Newest activity first: the lobby opened last leads.
        assert f"<#{10_000 + 29}>" in listed[0] and f"<@{people[29].id}>" in listed[0]
        assert not emu.internal_errors


def games_in(audit: str) -> set[int]:
    return {int(n) for n in re.findall(r"in game (\d+)", audit)}


async def test_the_audit_of_one_channel(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        ada, bo = emu.add_user("ada"), emu.add_user("bo")
        second = emu.add_text_channel(name="second")
        thread = await thread_table(emu, ada, second)
        in_thread = (await bot.tables.game_in_channel(thread.id)).id
        await (await emu.slash(bo, second, "clans new", {"seats": 2})).wait()
        in_second = (await bot.tables.game_in_channel(second.id)).id
        quiet = emu.add_text_channel(name="quiet")

        await table.slash(mia, "table-admin pause")
        await table.slash(mia, "table-admin resume")
        await (await emu.slash(mia, thread, "table-admin end")).wait()
        await (await emu.slash(mia, second, "table-admin end")).wait()
        for _ in range(3):  # newer entries elsewhere do not crowd the channel's out
            await (await emu.slash(mia, emu.channel, "table-admin extend",
                                   {"hours": 1})).wait()

        newest = await ask(emu, mia, emu.channel, "table-admin audit", {"count": 3})
        assert games_in(newest) == {table.game_id}  # the other channels' come before

        # A channel's audit holds the games of its threads too (the lobby opened in a
        # thread remembers the channel it was opened from).
        assert (await bot.tables.load(in_thread)).row.parent_channel_id == second.id
        first = await ask(emu, mia, emu.channel, "table-admin audit",
                          {"count": 2, "channel": second})
        head, *lines = first.splitlines()
        assert head == (f"🛡️ The last moderator actions on the games of <#{second.id}>, "
                        "newest first:")
        assert lines[0].endswith(f"<@{mia.id}> **end** in game {in_second} (<#{second.id}>)")
        assert lines[1].endswith(f"<@{mia.id}> **end** in game {in_thread} (<#{thread.id}>)")

        # A thread alone: its games, not its parent channel's; picked even once archived,
        # when the bot no longer keeps it in view.
        emu.archive_thread(thread)
        only = await ask(emu, mia, emu.channel, "table-admin audit", {"channel": thread})
        assert games_in(only) == {in_thread} and len(only.splitlines()) == 2
        assert f"(<#{thread.id}>)" in only

        doge = await ask(emu, mia, emu.channel, "table-admin audit", {"channel": emu.channel})
        assert [line.split("**")[1] for line in doge.splitlines()[1:]] == [
            "extend", "extend", "extend", "resume", "pause"]

        none = await ask(emu, mia, emu.channel, "table-admin audit", {"channel": quiet})
        assert none == f"🛡️ No moderator action on the games of <#{quiet.id}> yet."

        refusal = await ask(emu, ada, emu.channel, "table-admin audit", {"channel": second})
        assert "Only moderators" in refusal
        assert not emu.internal_errors
