"""The same secret ballot confirmed twice (a double click, or two panels left open) is one
ballot: the second is answered as done and stores nothing. A different ballot still
replaces the first until the round is revealed (D-3.3)."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator, EmuMessage, EmuUser
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_crafted_input import table_running
from tests.e2e.test_doge_refusals import last_reply


async def ballot_panel(table: DogeTable, user: EmuUser, area: int,
                       markers: list[int]) -> EmuMessage:
    """A ballot panel of `user`'s, filled in up to its Confirm button."""
    handle = await table.click(user, table.prompt(),
                               find(table.prompt(), "g:doge.cast:")["custom_id"])
    panel = await handle.wait()
    await table.select(user, panel, find(panel, "s:doge.bpa:")["custom_id"], [str(area)])
    panel = table.emu.message_index[panel.id]
    await table.select(user, panel, find(panel, "s:doge.bpm:")["custom_id"],
                       [str(i) for i in markers])
    return table.emu.message_index[panel.id]


async def confirm(table: DogeTable, user: EmuUser, panel: EmuMessage) -> None:
    await table.click(user, panel, find(panel, "g:doge.bpc:")["custom_id"])


async def test_the_same_ballot_confirmed_twice_is_stored_once(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with table_running(emu, tmp_path) as table:
        anna, bot = table.users[0], table.bot
        start = (await table.game()).version
        first = await ballot_panel(table, anna, 0, [0, 1])
        second = await ballot_panel(table, anna, 0, [1, 0])  # the same, picked the other way
        await confirm(table, anna, first)
        await confirm(table, anna, second)
        assert emu.message_index[second.id].content.startswith("✅ Your ballot: Cannaregio")
        entries = await bot.tables.store.actions.log(table.game_id)
        assert [e.version for e in entries] == [start + 1]  # one row, no ballot_changed
        assert [ev["type"] for ev in entries[-1].events] == ["ballot_set"]

        changed = await ballot_panel(table, anna, 1, [0])  # another ballot: replaces it
        await confirm(table, anna, changed)
        entries = await bot.tables.store.actions.log(table.game_id)
        assert [ev["type"] for ev in entries[-1].events] == ["ballot_changed"]
        assert (await table.game()).state.ballots[0].area == "castello"
        await table.slash(anna, "doge status")
        assert "\n" in last_reply(emu, anna) and not emu.internal_errors
