"""A database refusing writes: every click and command that cannot be saved is answered
in one line, nothing changes, and the same choice goes through once the database writes
again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import Store
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_doge_refusals import last_reply, started_table
from tests.tables.test_clock_faults import refusing_writes

NOT_SAVED = "could not be saved"


async def test_a_ballot_the_database_refuses_is_answered_in_one_line_and_saved_on_retry(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    path = Path(bot.database_path)
    bot.store = await Store.open(path, busy_timeout_ms=20)  # a refusal comes at once
    async with emu.running(bot):
        table = await started_table(emu, bot)
        anna, bernd = table.users[0], table.users[1]
        handle = await table.click(anna, table.prompt(),
                                   find(table.prompt(), "g:doge.cast:")["custom_id"])
        panel = await handle.wait()
        await table.select(anna, panel, find(panel, "s:doge.bpa:")["custom_id"], ["1"])
        panel = emu.message_index[panel.id]
        await table.select(anna, panel, find(panel, "s:doge.bpm:")["custom_id"], ["0"])
        panel = emu.message_index[panel.id]
        confirm = find(panel, "g:doge.bpc:")["custom_id"]
        before = (await table.game()).version
        with refusing_writes(path):
            await table.click(anna, panel, confirm)
            answer = last_reply(emu, anna)
            assert NOT_SAVED in answer and "\n" not in answer, answer
            # Typed, the same.
            await table.slash(bernd, "doge ballot", {"area": "castello", "markers": "3"})
            answer = last_reply(emu, bernd)
            assert NOT_SAVED in answer and "\n" not in answer, answer
        game = await table.game()
        assert game.version == before and not game.state.ballots  # nothing changed
        # The database writes again: the same click is saved.
        await table.click(anna, emu.message_index[panel.id], confirm)
        assert "Your ballot" in emu.message_index[panel.id].content
        assert 0 in (await table.game()).state.ballots
        assert not emu.internal_errors


async def test_a_saved_move_the_database_refuses_to_show_says_it_is_saved(
        discord_emulator: DiscordEmulator, tmp_path: Path,  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        table = await started_table(emu, bot)
        anna, bernd, claudia = table.users
        for user in (anna, bernd):
            await table.slash(user, "doge ballot", {"area": "castello", "markers": "3"})
        before = (await table.game()).version

        async def refused(*_args: object, **_kwargs: object) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        # The last ballot is saved; keeping the new prompt's message id is refused.
        monkeypatch.setattr(bot.tables.store.messages, "set_message", refused)
        await table.slash(claudia, "doge ballot", {"area": "san_polo", "markers": "2"})
        answer = last_reply(emu, claudia)
        assert answer.startswith("Your move is saved, but showing it failed") and \
            "\n" not in answer, answer
        assert (await table.game()).version > before  # saved: the round was revealed
        monkeypatch.undo()
        await table.slash(claudia, "doge board", {})  # shows the table again
        assert not emu.internal_errors
