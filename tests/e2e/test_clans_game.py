"""Complete Clans games through the loopback Discord, and the secrecy of every colour
(C-7.2) in what the channel shows."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.games.wording import writing_user_text
from bot.i18n import knowing_command_ids, speaking
from bot.store import ACTIVE
from cogs.clans.board import render_clans
from cogs.clans.prompts import clans_prompt
from cogs.common.names import plain
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, board_caption, custom_ids, find, new_boards


class ClansTable(DogeTable):
    """The same simulated people, playing Clans."""

    async def start(self) -> None:
        """Its first user opens a table for all its users, the others join, and the
        first starts it."""
        first, others = self.users[0], self.users[1:]
        lobby = await (await self.slash(first, "clans new", {"seats": len(self.users)})).wait()
        self.game_id = (await self.bot.tables.game_in_channel(self.channel.id)).id
        for user in others:
            await self.click(user, lobby, find(lobby, "g:join:")["custom_id"])
        lobby = self.emu.message_index[lobby.id]
        await self.click(first, lobby, find(lobby, "g:start:")["custom_id"])

    async def play_turn(self) -> None:
        game = await self.game()
        for seat in self.bot.tables.awaited_seats(game):
            user = self.user_of(seat)
            legal = game.engine.legal_actions(game.state, seat.seat)
            if legal[0]["type"] == "move" and self.rng.random() < 0.3:
                move = self.rng.choice(legal)
                await self.slash(user, "clans move", {"from": move["from"],
                                                      "to": move["to"]})
            else:
                await self.decide(user)

    def prompt(self):
        for message in reversed(self.emu.messages(self.channel, include_ephemeral=False)):
            if any(c["custom_id"].startswith("g:dq:") for c in custom_ids(message)):
                return message
        raise AssertionError("no prompt message in the channel")

    async def check_channel(self) -> None:
        """C-7.2: with the players' colours dealt differently, the channel shows the same
        boards and prompts until the end."""
        if self.game_id is None:
            return
        game = await self.game()
        if game.row.status != ACTIVE or game.state is None:
            return
        colours = list(game.state.colours)
        random.Random(len(self.checked)).shuffle(colours)
        twin = dataclasses.replace(game, state=dataclasses.replace(
            game.state, colours=tuple(reversed(colours))))
        language = await self.bot.languages.of(self.emu.guild.id)  # the boards' language
        for message in self.emu.messages(self.channel, include_ephemeral=False):
            key = (message.id, len(message.history))
            if key in self.checked:
                continue
            self.checked.add(key)
            for board in new_boards(message, "clans-board.png", self.checked_boards):
                with speaking(language):
                    twin_board = await render_clans(twin, board_caption(board))
                assert board.data == twin_board
                self.boards_checked += 1
            if any(c["custom_id"].startswith("g:dq:") for c in custom_ids(message)) and \
                    message.id == self.prompt().id:
                with writing_user_text(plain), knowing_command_ids(self.bot.command_ids), \
                        speaking(language):
                    expected, _ = await clans_prompt(self.bot.tables, twin)  # as the bot writes
                assert expected in message.content, "a prompt depends on a colour"


@pytest.mark.parametrize("players", [2, 4])
async def test_a_complete_clans_game(discord_emulator: DiscordEmulator,  # noqa: F811
                                     tmp_path: Path, players: int) -> None:
    emu = discord_emulator
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy", "di")[:players]]
        table = ClansTable(emu, bot, emu.channel, users, seed=players)
        lobby = await (await table.slash(users[0], "clans new", {"seats": players})).wait()
        assert "Clans" in lobby.content and "pick a colour" not in lobby.content
        table.game_id = (await bot.tables.game_in_channel(emu.channel.id)).id
        for user in users[1:]:
            await table.click(user, lobby, find(lobby, "g:join:")["custom_id"])
            lobby = emu.message_index[lobby.id]
        await table.click(users[0], lobby, find(lobby, "g:start:")["custom_id"])
        handle = await table.slash(users[1], "clans me", {})
        secret = await handle.wait()
        assert secret.ephemeral and secret.visible_to == users[1].id and "clan" in secret.content
        for _ in range(200):
            if (await table.game()).row.status != ACTIVE:
                break
            await table.play_turn()
        game = await table.game()
        assert game.row.status == "finished"
        last = emu.last_message(emu.channel, include_ephemeral=False)
        assert "Game over" in last.content and "clan" in last.content
        assert table.boards_checked >= 10
        # A board's caption names the move it shows, never the epoch that move opened.
        public = emu.messages(emu.channel, include_ephemeral=False)
        assert any("Epoch II begins" in m.content for m in public)
        captions = [board_caption(a) for m in public for a in m.attachments
                    if a.filename == "clans-board.png"]
        assert captions and not [c for c in captions if c.startswith("Epoch")]
        assert not emu.internal_errors
