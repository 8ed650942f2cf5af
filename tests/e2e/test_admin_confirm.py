"""What cannot be taken back asks first: `end` and `kick` in a running game wait for the
moderator's Yes; Cancel changes nothing; a Yes for a game that is over is refused. In a
lobby they act at once."""

from __future__ import annotations

from pathlib import Path

from tests.admin.helpers import FakeTime
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import custom_ids, find
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, confirm, private, public
from tests.e2e.test_doge_clocks import clocked_bot, start_async_table


def question_of(emu: DiscordEmulator, user):
    return [m for m in emu.messages(emu.channel, visible_to=user) if m.ephemeral][-1]


async def test_end_and_kick_ask_first_and_cancel_changes_nothing(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        anna, bernd, _claudia = table.users
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        before, said = await table.game(), len(public(emu))

        await table.slash(anna, "table-admin end")  # not a moderator: no question at all
        assert "Only moderators" in private(emu, anna) and not custom_ids(question_of(emu, anna))

        await table.slash(mia, "table-admin end")
        question = question_of(emu, mia)
        assert question.content == (f"🛡️ End Doge game {table.game_id} now? Everyone is "
                                    "ranked as it stands, and it cannot be undone.")
        await table.click(mia, question, find(question, "g:modno:")["custom_id"])
        assert emu.message_index[question.id].content == "🛡️ Cancelled: nothing was changed."
        assert not custom_ids(emu.message_index[question.id])

        await table.slash(mia, "table-admin kick", {"player": bernd})
        assert question_of(emu, mia).content.startswith(f"🛡️ Remove <@{bernd.id}> from Doge "
                                                        f"game {table.game_id}? The computer "
                                                        "plays bernd's seat from then on")
        after = await table.game()
        assert (after.version, after.seats, after.row.status) == \
            (before.version, before.seats, before.row.status)
        assert len(public(emu)) == said  # nothing told in the channel

        asked = await confirm(emu, bot, table.channel, mia)  # Yes to the kick
        assert asked.startswith("🛡️ Remove") and private(emu, mia).startswith("✅ Done.")
        assert (await table.game()).seats[1].played_by_ai
        kick_question = [m for m in emu.messages(emu.channel, visible_to=mia)
                         if m.content == asked][0]
        assert not custom_ids(kick_question)  # answered: its buttons are gone

        # A Yes kept from before the game ended does not end the next one.
        await table.slash(mia, "table-admin end")
        stale = question_of(emu, mia)  # left open; the same asked again is answered
        await table.slash(mia, "table-admin end")
        await confirm(emu, bot, table.channel, mia)
        assert (await table.game()).row.status == "finished"
        await (await emu.slash(anna, emu.channel, "doge new", {"seats": 3})).wait()
        handle = await emu.click(mia, stale, find(stale, "g:modok:")["custom_id"])
        await handle.callback(timeout=10)
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        assert private(emu, mia) == f"Game {table.game_id} is over: nothing was changed."
        assert (await bot.tables.game_in_channel(emu.channel.id)).row.status == "lobby"
        assert not emu.internal_errors
