"""Every ballot a full hand allows goes through the private panel (D-3.2): the hand
3 3 2 2 1 1 0, each area and each set of 1 to 4 of its markers picked in the panel, shown
on the panel with Confirm enabled, and confirmed as the ballot shown, never refused.
(The three lowest, `1 + 1 + 0`, were once refused: their picks did not fit the button.)"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from bot.games.doge.constants import AREAS, area_name
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_ballot_twice import ballot_panel, confirm
from tests.e2e.test_crafted_input import table_running


async def test_every_marker_combination_of_a_full_hand_is_confirmed(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    async with table_running(emu, tmp_path) as table:
        anna = table.users[0]
        held = sorted((await table.game()).state.players[0].markers, reverse=True)
        assert held == [3, 3, 2, 2, 1, 1, 0]  # D-1.2: a full hand
        tried = 0
        for count in range(1, 5):
            for picked in combinations(range(len(held)), count):
                area = tried % len(AREAS)
                panel = await ballot_panel(table, anna, area, list(picked))
                values = " + ".join(str(held[i]) for i in picked)
                assert f"➡️ {area_name(AREAS[area])} with {values}" in panel.content
                button = find(panel, "g:doge.bpc:")
                assert not button.get("disabled"), (picked, button)
                await confirm(table, anna, panel)
                answer = emu.message_index[panel.id].content
                assert answer.startswith(f"✅ Your ballot: {area_name(AREAS[area])} with "
                                         f"{values} (secret)"), (picked, answer)
                ballot = (await table.game()).state.ballots[0]
                assert sorted(ballot.markers) == sorted(held[i] for i in picked)
                tried += 1
        assert tried == 7 + 21 + 35 + 35
        assert not emu.internal_errors
