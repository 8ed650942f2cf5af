"""D-10.2, C-7.2: whatever the log level, no log line holds a secret. Games are played
through the loopback Discord with every logger at DEBUG and captured; the log is then
searched for every hidden value: ballots and stacks, whole states, clan colours, seeds."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.discord_app import TableBot
from bot.secret_logs import PAYLOAD_LOGGERS
from bot.store import ACTIVE
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_game import make_bot, open_table


def everything_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    for name in (*PAYLOAD_LOGGERS, "discord", "bot", "cogs"):
        caplog.set_level(logging.DEBUG, logger=name)


def hidden_in(text: str, keys: tuple[str, ...], seed: int) -> list[str]:
    """The secrets `text` holds: a stored state's or action's secret keys in any
    serialisation, and the game's seed."""
    found = [f"{q}{key}{q}" for key in keys for q in "\"'" if f"{q}{key}{q}" in text]
    return found + ([f"the seed {seed}"] if str(seed) in text else [])


async def test_a_doge_game_at_debug_logs_no_ballot_stack_state_or_seed(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    emu = discord_emulator
    everything_at_debug(caplog)
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1)
        table.typed_ballots.add(table.users[2].id)  # one player types their ballots
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        for _ in range(200):
            if (await table.game()).row.status != ACTIVE:
                break
            await table.play_turn()
        game = await table.game()
        ballots = [a for a in await bot.store.actions.log(game.id)
                   if a.action["type"] == "ballot"]
    assert game.row.status == "finished" and len(ballots) >= 3
    assert len(str(game.row.seed)) >= 6
    assert any(r.levelno == logging.DEBUG for r in caplog.records)  # DEBUG was written
    assert hidden_in(caplog.text, ("markers", "stacks", "ballots"), game.row.seed) == []


async def test_a_clans_game_at_debug_logs_no_colour_or_seed(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    emu = discord_emulator
    everything_at_debug(caplog)
    bot = TableBot(database_path=str(tmp_path / "games.db"))
    async with emu.running(bot):
        users = [emu.add_user(n) for n in ("ada", "bo", "cy")]
        table = ClansTable(emu, bot, emu.channel, users, seed=3)
        await table.start()
        for _ in range(6):
            await table.play_turn()
        game = await table.game()
    assert game.row.status == ACTIVE and game.version >= 6
    assert hidden_in(caplog.text, ("colours",), game.row.seed) == []
