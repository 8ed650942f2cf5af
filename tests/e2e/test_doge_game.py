"""Complete Doge games through the loopback Discord: slash commands, buttons, selects."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator, EmuChannel
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find


def make_bot(tmp_path: Path) -> TableBot:
    return TableBot(database_path=str(tmp_path / "games.db"))


async def open_table(emu: DiscordEmulator, bot: TableBot, names: list[str], seats: int,
                     year_limit: int | None = None, seed: int = 1,
                     channel: EmuChannel | None = None, timing: str = "live") -> DogeTable:
    """A table of `names` (the first opens it), at the live pace the clock tests count
    with unless `timing` says otherwise."""
    users = [emu.add_user(n) for n in names]
    channel = channel or emu.channel
    table = DogeTable(emu, bot, channel, users, seed=seed)
    options = {"seats": seats, "timing": timing}
    if year_limit:
        options["year_limit"] = year_limit
    handle = await table.slash(users[0], "doge new", options)
    lobby = await handle.wait()
    assert "a table for" in lobby.content and not lobby.ephemeral
    game = await bot.tables.game_in_channel(channel.id)
    table.game_id = game.id
    for user in users[1:]:
        await table.click(user, lobby, find(lobby, "g:join:")["custom_id"])
        lobby = emu.message_index[lobby.id]
    if seats == 3:  # pick a free colour from the lobby's menu
        await table.select(users[1], lobby, find(lobby, "s:colour:")["custom_id"], ["yellow"])
        lobby = emu.message_index[lobby.id]
        assert "🟡 bernd" in lobby.content
    return table


@pytest.mark.parametrize("players", [3, 4])
async def test_a_complete_game_from_new_to_final_ranking(
        discord_emulator: DiscordEmulator, tmp_path: Path, players: int) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    names = ["anna", "bernd", "claudia", "daniel"][:players]
    async with emu.running(bot):
        table = await open_table(emu, bot, names, players, year_limit=2, seed=players)
        table.typed_ballots.add(table.users[-1].id)  # one player types their ballots
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        for _ in range(400):
            game = await table.game()
            if game.row.status != "active":
                break
            await table.play_turn()
        game = await table.game()
        assert game.row.status == "finished", "the game did not end"
        last = emu.last_message(emu.channel, include_ephemeral=False)
        assert "Game over" in last.content and "🥇" in last.content
        record = next(a for a in last.attachments if a.filename.endswith(".json"))
        assert b'"colovini-game-record"' in record.data  # the record comes with the result
        assert table.boards_checked >= 10  # every board was checked for secrets
        boards = [m for m in emu.messages(emu.channel, include_ephemeral=False)
                  if any(a.filename == "doge-board.png" for a in m.attachments)]
        assert len(boards) >= 2 * 7  # at least one board per election
        assert not emu.internal_errors and emu.rate_limit_hits == 0
