"""Through the loopback Discord: the channel shows each stack's commitment when its round
is revealed and its salt with the area's election, and no salt before (D-10.2)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from bot.games.doge.constants import area_name
from bot.games.doge.sealing import SHOWN_HEX
from bot.store.commitments import Commitment
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, start_and_play_to_the_end
from tests.e2e.test_doge_game import make_bot, open_table

OPENED = re.compile(r"🔓 [^\n]*?`(doge-stack-v1\|[^`]+)` is ([0-9a-f]{16})…")


def texts(table: DogeTable) -> list[str]:
    """Everything the channel showed, every revision of every message, in order."""
    shown = []
    for message in table.emu.messages(table.channel, include_ephemeral=False,
                                      include_deleted=True):
        shown += [revision.content for revision in message.history]
        shown.append(message.content)
    return shown


async def secret_salts(table: DogeTable) -> list[Commitment]:
    """The commitments whose area has not voted yet this year (D-10.2)."""
    game = await table.game()
    st = game.state
    if game.row.status != "active":
        return []
    voted = set(st.revealed) | ({st.election.area} if st.election else set())
    return [c for c in await table.bot.tables.store.commitments(table.game_id)
            if c.year == st.year and c.area not in voted]


class CheckedTable(DogeTable):
    """After every interaction: no salt of a stack still face down anywhere in the
    channel, nor its values next to its place."""

    async def check_channel(self) -> None:
        await super().check_channel()
        if self.game_id is None:
            return
        shown = "\n".join(texts(self))
        for c in await secret_salts(self):
            assert c.salt not in shown, "a salt was shown before its election"
            assert f"|{c.area}|{c.seat}|" not in shown, "a stack was opened early"


async def test_commitments_in_the_channel(discord_emulator: DiscordEmulator,  # noqa: F811
                                          tmp_path: Path) -> None:
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        opened = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1,
                                  seed=6)
        table = CheckedTable(emu, bot, opened.channel, opened.users, seed=6)
        table.game_id = opened.game_id
        await start_and_play_to_the_end(table)
        assert (await table.game()).row.status == "finished"
        rows = await bot.tables.store.commitments(table.game_id)
        shown = texts(table)
    names = {0: "anna", 1: "bernd", 2: "claudia"}
    assert len(rows) >= 7
    for c in rows:
        lock = f"🔒 {area_name(c.area)}, "
        short = c.sha256[:SHOWN_HEX]
        first_lock = next(i for i, t in enumerate(shown) if f"sha256 {short}…" in t)
        assert lock in shown[first_lock] and "revealed" in shown[first_lock]
        votes = next(i for i, t in enumerate(shown) if f"{area_name(c.area)} votes:" in t)
        first_salt = next(i for i, t in enumerate(shown) if c.salt in t)
        # Locked at the round's reveal, opened with the election's votes, not before.
        assert first_lock <= votes == first_salt
        text, committed = next((m.group(1), m.group(2)) for m in
                               OPENED.finditer(shown[first_salt]) if c.salt in m.group(1))
        assert committed == short
        assert hashlib.sha256(text.encode()).hexdigest() == c.sha256
        assert text.startswith(f"doge-stack-v1|{table.game_id}|1|{c.area}|{c.seat}|")
    # Who the lines name: the seat's player.
    assert any(f"{names[c.seat]}'s stack" in "\n".join(shown) for c in rows)
