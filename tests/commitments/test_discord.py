"""Through the loopback Discord: the channel shows one seal a round, just above its reveal,
a hash over the round's stack hashes, and no hash line at the elections; `/doge verify`
answers privately with the stacks each seal holds, opening each once its area has voted
(D-3.3, D-4.2), and never a salt before (D-10.2)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from bot.games.doge.sealing import SHOWN_HEX, round_digest
from bot.store.commitments import Commitment
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.driver import DogeTable, find
from tests.e2e.test_doge_game import make_bot, open_table

SEAL = re.compile(r"^-# 🔒 round sealed · ([0-9a-f]{16})…$")
OPENED = re.compile(r"`(doge-stack-v1\|[^`]+)` → ([0-9a-f]{16})…")


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
    return [c for c in await table.bot.tables.store.actions.commitments(table.game_id)
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


async def verify(table: DogeTable, year: int | None = None) -> str:
    options = {"year": year} if year else {}
    reply = await (await table.emu.slash(table.users[2], table.channel, "doge verify",
                                         options)).wait()
    assert reply.ephemeral and reply.visible_to == table.users[2].id
    return reply.content


async def play_until(table: DogeTable, done) -> None:
    for _ in range(300):
        if done(await table.game()):
            return
        await table.play_turn()
    raise AssertionError("the game never got there")


async def test_one_seal_a_round_in_the_channel_and_the_stacks_in_verify(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    bot = make_bot(tmp_path)
    async with emu.running(bot):
        opened = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=2,
                                  seed=6)
        table = CheckedTable(emu, bot, opened.channel, opened.users, seed=6)
        table.game_id = opened.game_id
        lobby = emu.last_message(emu.channel, include_ephemeral=False)
        await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
        # Mid-year: the elections have begun, some stacks are still face down.
        await play_until(table, lambda g: g.state.phase != "placement"
                         and g.state.elections_done >= 2)
        early = await verify(table)
        for c in await secret_salts(table):
            assert c.salt not in early and f"|{c.area}|{c.seat}|" not in early  # D-10.2
            assert f"{c.sha256[:SHOWN_HEX]}… (opened when" in early
        await play_until(table, lambda g: g.state.year == 2)
        answer = await verify(table, year=1)
        rows = [c for c in await bot.tables.store.actions.commitments(table.game_id) if c.year == 1]
        shown = texts(table)
        final = "\n".join(m.content for m in emu.messages(emu.channel,
                                                          include_ephemeral=False))
    # The channel: no stack's own hash, opened or not; one seal above each reveal.
    assert not any("sha256" in text or "doge-stack-v1" in text for text in shown)
    lines = final.splitlines()
    seals = [i for i, line in enumerate(lines) if SEAL.match(line)]
    assert len(seals) == 4  # year 1's four rounds of three players (D-3.1)
    assert all(lines[i + 1].startswith("Round ") for i in seals)
    # Each seal is the sha256 of its round's stack hashes, in the reveal's order.
    year_one = sorted({c.version for c in rows})
    assert len(year_one) == 4
    for number, version in enumerate(year_one, start=1):
        hashes = [c.sha256 for c in sorted((c for c in rows if c.version == version),
                                           key=lambda c: c.seat)]
        full = round_digest(table.game_id, 1, number, hashes)
        assert SEAL.match(lines[seals[number - 1]]).group(1) == full[:SHOWN_HEX]
        assert f"**Round {number}** sealed · {full[:SHOWN_HEX]}… ✅" in answer
    # /doge verify: every year-1 stack opened, its text hashing to its commitment.
    texts_opened = OPENED.findall(answer)
    assert len(texts_opened) == len(rows) and "❌" not in answer
    for text, short in texts_opened:
        full = hashlib.sha256(text.encode()).hexdigest()
        assert full[:SHOWN_HEX] == short and full in {c.sha256 for c in rows}
    assert not emu.internal_errors
