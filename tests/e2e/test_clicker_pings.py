"""Whoever clicks is not pinged by the message their own click posts: alone at a table
of computers, a Clans player's every move opens a new message naming them, which must
not notify them each time. A message the clock posts (nobody clicked) still pings."""

from __future__ import annotations

from pathlib import Path

from tests.admin.helpers import FakeTime
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_clocks import clocked_bot


class SoloTable(ClansTable):
    """Its board check compares each board with the newest state: a closed message's
    board, drawn again at its own last move, is older when computers moved since."""

    async def check_channel(self) -> None:
        return None


async def test_a_player_alone_with_computers_is_not_pinged_by_their_own_moves(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu, time = discord_emulator, FakeTime()
    bot = clocked_bot(tmp_path, time)
    async with emu.running(bot):
        ada = emu.add_user("ada")
        table = SoloTable(emu, bot, emu.channel, [ada], seed=3)
        lobby = await (await table.slash(ada, "clans new", {"seats": 3})).wait()
        for _ in range(2):
            await (await emu.slash(ada, emu.channel, "clans addbot", {})).wait()
        lobby = emu.message_index[lobby.id]
        await table.click(ada, lobby, find(lobby, "g:start:")["custom_id"])
        table.game_id = (await bot.tables.game_in_channel(emu.channel.id)).id
        posted = []
        for _ in range(4):
            before = len(emu.messages(emu.channel, include_ephemeral=False))
            await table.play_turn()
            posted += emu.messages(emu.channel, include_ephemeral=False)[before:]
        assert len(posted) >= 3  # each of her moves opened a message (naming her, then)
        assert f"<@{ada.id}>, your move" in posted[-1].content
        assert not any(f"user:{ada.id}" in m.pinged for m in posted)
        # Nobody clicks: the clock's move for her opens a message that pings her.
        before = len(emu.messages(emu.channel, include_ephemeral=False))
        time.now += 3 * 24 * 3600
        await bot.tables.clock.tick()
        await emu.wait_until(lambda: bot.in_flight == 0, timeout=20)
        fresh = emu.messages(emu.channel, include_ephemeral=False)[before:]
        assert any(f"user:{ada.id}" in m.pinged for m in fresh)
        assert not emu.internal_errors
