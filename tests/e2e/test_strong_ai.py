"""A `strong` computer seat through the loopback Discord: while it thinks, clicks at
another table are answered; a restart while it thinks loses nothing (it thinks again and
moves once); its move is narrated like anyone's.

The bot has one AI worker process (AI_PROCESSES=1). The test keeps that worker busy with
`hold` until it chooses, so the strong seat is certainly still thinking when the other
table's clicks arrive and when the bot stops."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.store import ACTIVE
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_clans_game import ClansTable


class Table(ClansTable):
    """Drives a Clans table as people would. What the channel shows is checked for
    secrecy by `test_clans_game`; here only who moves and when matters."""

    async def check_channel(self) -> None:
        return None


def hold(flag: str) -> None:
    """In the AI worker: keep it busy until the file `flag` exists."""
    while not os.path.exists(flag):
        time.sleep(0.01)


async def open_clans(table: Table, bot_level: str | None = None,
                     joiners: int = 0) -> str:
    """A two-seat Clans table: its first user and a computer seat or the next user.
    Returns what the lobby showed before the start."""
    users, emu = table.users, table.emu
    lobby = await (await table.slash(users[0], "clans new", {"seats": 2})).wait()
    table.game_id = (await table.bot.tables.game_in_channel(table.channel.id)).id
    if bot_level:
        await (await table.slash(users[0], "clans addbot", {"level": bot_level})).wait()
        lobby = emu.message_index[lobby.id]  # the lobby is redrawn where it is
    for user in users[1:1 + joiners]:
        await table.click(user, lobby, find(lobby, "g:join:")["custom_id"])
    lobby = emu.message_index[lobby.id]
    shown = lobby.content
    await table.click(users[0], lobby, find(lobby, "g:start:")["custom_id"])
    return shown


async def test_a_strong_seat_thinks_while_other_tables_play_and_after_a_restart(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    emu = discord_emulator
    monkeypatch.setenv("AI_PROCESSES", "1")
    flag = tmp_path / "go"
    db = str(tmp_path / "games.db")
    first = TableBot(database_path=db)
    await emu.start_client(first)
    try:
        assert first.tables.ai.processes == 1
        held = first.tables.ai.executor().submit(hold, str(flag))
        ada = emu.add_user("ada")
        table = Table(emu, first, emu.channel, [ada], seed=3)
        lobby = await open_clans(table, bot_level="strong")
        game = await table.game()
        computer = next(s for s in game.seats if s.is_bot)
        assert f"{computer.name} (computer, strong)" in lobby
        if game.state.mover != computer.seat:
            await table.play_turn()  # Ada moves; now the strong seat thinks
        game = await table.game()
        assert game.state.mover == computer.seat and game.row.status == ACTIVE
        status = await (await table.slash(ada, "clans status", {})).wait()
        assert f"{computer.name} (strong)" in status.content
        thinking_at = game.version

        # Meanwhile, at another table, people click and are answered.
        other = Table(emu, first, emu.add_text_channel(name="second"),
                           [emu.add_user("bo"), emu.add_user("cy")], seed=4)
        await open_clans(other, joiners=1)
        for _ in range(3):
            await other.play_turn()
        assert (await other.game()).version >= 3
        assert (await table.game()).version == thinking_at  # still thinking
        assert not held.done()

        # The bot stops while the seat thinks: nothing of the thought was stored.
        await emu.stop_client(first)
        assert first.tables.ai.searching == 0 and not first.tables._thinking
    finally:
        flag.touch()  # let the first bot's worker go
    shown_before = channel_text(emu)

    # Back again: the seat thinks again and moves, once, narrated like anyone's move.
    second = TableBot(database_path=db)
    async with emu.running(second):
        table.bot = second
        for _ in range(600):  # until the move is stored (the search takes a moment)
            if (await table.game()).version > thinking_at:
                break
            await asyncio.sleep(0.05)
        await asyncio.wait_for(second.tables.idle(), timeout=60)
        game = await table.game()
        new = await second.tables.store.actions.log(game.id, after_version=thinking_at)
        assert [a.action["seat"] for a in new] == [computer.seat] * len(new)
        assert [a.action["type"] for a in new].count("move") == 1
        assert game.state.mover != computer.seat or game.row.status != ACTIVE
        told = [line for line in channel_text(emu) if line not in shown_before]
        assert any(computer.name in line for line in told), told
    assert not emu.internal_errors


def channel_text(emu: DiscordEmulator) -> list[str]:
    """Every line the channel shows now."""
    return [line for m in emu.messages(emu.channel, include_ephemeral=False)
            for line in m.content.splitlines()]
