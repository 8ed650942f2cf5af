"""A Clans prompt asks for what its buttons are (issue 47): a region while the
territories a move could leave fill more than a panel, then the territory to leave
(`gebied` in Dutch, the word the catalogs use for a territory, C-1.1), and every button
puts the deciding part first (the territory, whether it founds a village), its detail
(terrain, huts) last, shortened at a word where Discord's 80 characters end. Read as a
Dutch player reads the channel, through a whole game."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.discord_emulator.messages import walk_components
from tests.e2e.test_clans_game import ClansTable
from tests.e2e.test_doge_game import make_bot
from tests.e2e.test_said_once import Table

NAMES = ["anna", "bernd", "claudia", "daniel"]


async def test_a_dutch_clans_prompt_names_what_its_buttons_are(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        await bot.languages.set(emu.guild.id, "nl")
        table = ClansTable(emu, bot, emu.channel, [emu.add_user(n) for n in NAMES], seed=4)
        table.check_channel = Table.check_channel.__get__(table)  # type: ignore[method-assign]
        await table.start()
        for _ in range(200):
            if (await table.game()).row.status != "active":
                break
            await table.play_turn()
        asked = {"regio": 0, "gebied": 0}
        for message in emu.messages(emu.channel, include_ephemeral=False):
            for revision in message.revisions:
                steps = [c["label"] for c in walk_components(revision.components)
                         if c.get("custom_id", "").startswith("g:dq:")]
                if not steps or "jouw zet" not in revision.content:
                    continue
                if "kies hieronder een regio" in revision.content:
                    asked["regio"] += 1
                    assert all(label.startswith("Regio ") for label in steps), steps
                else:
                    assert "kies hieronder het gebied dat je verlaat" in revision.content
                    asked["gebied"] += 1
                    # The territory first (C-3.1), then whether it founds a village (C-4.1).
                    assert all(label.startswith("Van ") for label in steps), steps
                for label in steps:
                    assert len(label) <= 80 and "— sticht een dorp (" not in label[:8]
                    founding = label.split(" › ")[0]
                    if "sticht een dorp" in founding:
                        assert founding.index("sticht") < founding.index("(")
        assert asked["regio"] and asked["gebied"], asked
        assert not emu.internal_errors
