"""Bids, the test suite's own game (tests/plugin_game), played through the loopback
Discord from its one registration: lobby, secret bids, a deadline, a moderator's undo
and end, the record, ratings and recap, and Dutch."""

from __future__ import annotations

from pathlib import Path

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator, EmuMessage, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, custom_ids, find
from tests.plugin_game.register import bids  # noqa: F401  (fixture)


class BidsTable(DogeTable):
    """People bidding through the Bid button or `/bids bid`."""

    def prompt(self) -> EmuMessage:
        for message in reversed(self.emu.messages(self.channel, include_ephemeral=False)):
            if any(c["custom_id"].startswith("g:dq:") for c in custom_ids(message)):
                return message
        raise AssertionError("no prompt message in the channel")

    async def check_channel(self) -> None:
        return None

    async def start(self, seats: int) -> EmuMessage:
        first, others = self.users[0], self.users[1:]
        lobby = await (await self.slash(first, "bids new", {"seats": seats})).wait()
        self.game_id = (await self.bot.tables.game_in_channel(self.channel.id)).id
        for user in others:
            await self.click(user, lobby, find(lobby, "g:join:")["custom_id"])
        return self.emu.message_index[lobby.id]

    async def bid_by_button(self, user: EmuUser, amount: int) -> EmuMessage:
        """The Bid button opens a private panel; the amount's button answers."""
        handle = await self.click(user, self.prompt(), find(self.prompt(), "g:dq:")["custom_id"])
        panel = await handle.wait()
        assert panel.ephemeral and panel.visible_to == user.id, panel.content
        button = next(c for c in custom_ids(panel) if c.get("label", "").split()[0] == str(amount))
        await self.click(user, panel, button["custom_id"])
        return self.emu.message_index[panel.id]


async def test_a_bids_game_from_lobby_to_result(
        discord_emulator: DiscordEmulator, tmp_path: Path, bids) -> None:  # noqa: F811
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ann", "bo", "cy")]
        table = BidsTable(emu, bot, emu.channel, users)
        lobby = await table.start(3)
        print(lobby.content)
        await table.click(users[0], lobby, find(lobby, "g:start:")["custom_id"])
        for _ in range(5):
            for i, user in enumerate(users):
                if i == 2:
                    await table.slash(user, "bids bid", {"amount": 2})
                else:
                    panel = await table.bid_by_button(user, i + 1)
                    print("PANEL", panel.content)
        game = await table.game()
        assert game.row.status == "finished"
        for m in emu.messages(emu.channel):
            for old in getattr(m, "history", []):
                print("  ~~old~~", getattr(old, "content", old))
            print("----", m.ephemeral, m.content, [a.filename for a in m.attachments])
        assert not emu.internal_errors
