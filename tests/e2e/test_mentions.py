"""Whom the bot's messages ping, as Discord decides it from their content and
`allowed_mentions`: the players it waits for, never a role, @everyone or someone whose
mention a player wrote into their name."""

from __future__ import annotations

from pathlib import Path

from cogs.common.names import plain
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import find
from tests.e2e.test_doge_game import make_bot, open_table


async def test_names_holding_mentions_ping_nobody_and_players_are_pinged(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    role = emu.add_role("Everyone we know")
    bystander = emu.add_user("bystander")
    names = [f"anna <@&{role.id}>", "bernd @everyone", f"claudia <@{bystander.id}>"]
    async with emu.running(bot):
        table = await open_table(emu, bot, names, 3, seed=2)
        lobby = table_lobby(emu)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        await (await emu.slash(table.users[0], emu.channel, "doge away", {"days": 1.0})).wait()
        for _ in range(12):
            await table.play_turn()
        public = emu.messages(emu.channel, include_ephemeral=False)
        assert any(f"role:{role.id}" not in m.pinged and plain(names[0]) in m.content
                   for m in public)  # the name was shown, as written (its mention escaped)
        pinged = set().union(*(m.pinged for m in public))
        assert not {p for p in pinged if not p.startswith("user:")}, pinged
        assert f"user:{bystander.id}" not in pinged
        # The people the game waits for are still pinged.
        assert {f"user:{u.id}" for u in table.users} <= pinged
        assert not emu.internal_errors


def table_lobby(emu: DiscordEmulator):
    return next(m for m in emu.messages(emu.channel, include_ephemeral=False)
                if any(c.get("custom_id", "").startswith("g:start:")
                       for row in m.components for c in row.get("components", [])))
