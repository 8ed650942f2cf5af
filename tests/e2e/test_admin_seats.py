"""A moderator hands a seat on by its number: a computer's seat from the start of the
game becomes a person's, with its secrets; the seat is picked from the table's seats."""

from __future__ import annotations

from pathlib import Path

from tests.admin.helpers import FakeTime
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_admin_discord import MANAGE_CHANNELS, private, public
from tests.e2e.test_doge_clocks import clocked_bot, start_async_table
from tests.e2e.test_doge_game import open_table
from tests.e2e.test_doge_refusals import last_reply


async def test_a_moderator_seats_a_person_in_a_computers_seat(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd"], 3)
        anna, bernd = table.users
        await (await emu.slash(anna, emu.channel, "doge addbot", {})).wait()
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(anna, lobby, find(lobby, "g:start:")["custom_id"])
        game = await table.game()
        assert game.row.status == "active" and game.seats[2].is_bot
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        dora = emu.add_user("dora")

        choices = await emu.autocomplete(mia, emu.channel, "table-admin replace",
                                         {"new": dora, "seat": ""}, "seat")
        assert [c["value"] for c in choices] == [1, 2, 3]
        assert choices[2]["name"] == f"3 · {game.seats[2].name} (computer)"
        assert choices[0]["name"] == "1 · anna"

        # Either who leaves or the seat: not both, not neither; seats counted from 1.
        for options in ({"new": dora}, {"new": dora, "old": anna, "seat": 1},
                        {"new": dora, "seat": 4}):
            await table.slash(mia, "table-admin replace", options)
            assert "✅" not in private(emu, mia) and len(private(emu, mia).splitlines()) == 1
        assert (await table.game()).seats == game.seats

        await table.slash(mia, "table-admin replace", {"new": dora, "seat": 3})
        assert private(emu, mia).startswith("✅ Done.")
        assert any(f"handed {game.seats[2].name}'s seat to <@{dora.id}> (instead of the "
                   "computer)" in t for t in public(emu))
        after = await table.game()
        seat = after.seats[2]
        assert (seat.user_id, seat.name, seat.is_bot, seat.played_by_ai) == \
            (dora.id, "dora", False, False)
        assert after.version == game.version  # the seat changed hands, the game did not
        # The computer placed its round at once; the next round waits for Dora (D-3.1).
        await table.slash(anna, "doge ballot", {"area": "castello", "markers": "3"})
        await table.slash(bernd, "doge ballot", {"area": "dorsoduro", "markers": "2"})
        now = await table.game()
        assert now.state.round == 2 and 2 in now.engine.pending(now.state)
        assert f"<@{dora.id}>" in table.prompt().content
        handle = await table.slash(dora, "doge me")
        secrets = await handle.wait()
        assert secrets.ephemeral and secrets.visible_to == dora.id
        await table.slash(bernd, "doge me")
        assert last_reply(emu, bernd) != secrets.content
        [entry] = await bot.tables.store.moderation.list_audit(guild_id=emu.guild.id, limit=1)
        assert entry.action == "replace" and entry.detail == {"seat": 2, "old": None,
                                                               "new": dora.id}
        assert not emu.internal_errors


async def test_a_player_handed_an_awaited_seat_is_pinged_once(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    """The moderator's line pings the new player; the prompt redrawn for them does not
    add a 🔔 line of its own."""
    emu = discord_emulator
    bot = clocked_bot(tmp_path, FakeTime())
    async with emu.running(bot):
        table = await start_async_table(emu, bot)
        _anna, _bernd, claudia = table.users
        mia = emu.add_user("mia", roles=[emu.add_role("Moderators", MANAGE_CHANNELS)])
        dora = emu.add_user("dora")
        before = len(emu.messages(emu.channel, include_ephemeral=False))
        await table.slash(mia, "table-admin replace", {"new": dora, "old": claudia})
        fresh = emu.messages(emu.channel, include_ephemeral=False)[before:]
        assert [m for m in fresh if f"user:{dora.id}" in m.pinged] == fresh[:1]
        assert fresh[0].content.startswith("🛡️") and not any("🔔" in m.content for m in fresh)
        assert f"<@{dora.id}>" in table.prompt().content  # the prompt names her
        assert not emu.internal_errors
