"""Two real bot processes on one PostgreSQL database, each holding one of two shards,
through the loopback Discord with a server on each shard: a Clans game is played to the
end on both; 10,000 deadlines fall due while both run and each is handled exactly once;
one process is killed with SIGKILL mid-game while the other plays on, and restarted. The
second process runs on the fewest connections DATABASE_CONNECTIONS allows. Meanwhile the
roll call (what the doctor reads) tells which shards are held: all, then the killed
process's shard by nobody, then all again."""

from __future__ import annotations

import asyncio
import re
import socket
import sys
import time
from collections import Counter
from pathlib import Path

import asyncpg
import pytest

from bot.ops.roll_call import check_processes
from bot.sharding import shard_of
from bot.store import ACTIVE, FINISHED, Store
from tests.discord_emulator import DiscordEmulator, EmuGuild
from tests.postgres import fresh_database
from tests.shards.bot_processes import BotProcess, connected, start_connected
from tests.shards.players import ClansPlayer, poll

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
DEADLINES = 10_000
HANDLED = re.compile(r"deadline (\d+) \(due:load\d+\) of game \d+ handled")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")


def guilds_on_every_shard(emu: DiscordEmulator) -> list[EmuGuild]:
    """One server per shard (a snowflake's shard follows its millisecond)."""
    found: dict[int, EmuGuild] = {}
    for n in range(200):
        guild = emu.add_guild(f"server {n}")
        found.setdefault(shard_of(guild.id, SHARDS), guild)
        if len(found) == SHARDS:
            return [found[s] for s in range(SHARDS)]
        time.sleep(0.002)
    raise AssertionError("no server landed on every shard")


async def deadlines_fall_due(url: str, store: Store, bots: list[BotProcess]) -> None:
    """10,000 deadline rows, written straight into the shared database (as another
    process would), fall due in two seconds; both clocks share them out."""
    games = [await store.lobbies.create("clans", guild_id=1, channel_id=900 + i)
             for i in range(10)]
    for game in games:
        await store.games.end_game(game.id)  # its deadlines are void: handled by removal
    due = time.time() + 2.0
    conn = await asyncpg.connect(url)
    try:
        await conn.executemany(
            "INSERT INTO deadlines (game_id, seat, kind, due_at, created_at) "
            "VALUES ($1, NULL, $2, $3, $4)",
            [(games[i % len(games)].id, f"due:load{i}", due + i / DEADLINES, time.time())
             for i in range(DEADLINES)])
        ids = {r[0] for r in await conn.fetch("SELECT id FROM deadlines "
                                                 "WHERE kind LIKE 'due:load%'")}
        await conn.execute("NOTIFY store_deadlines")  # what set_deadline does

        async def all_handled() -> bool:
            return await conn.fetchval("SELECT count(*) FROM deadlines "
                                       "WHERE kind LIKE 'due:load%'") == 0

        await poll(all_handled, 120, "every deadline to be handled")
    finally:
        await conn.close()

    def handled_by(bot: BotProcess) -> Counter[int]:
        return Counter(int(m.group(1)) for line in bot.lines()
                       if (m := HANDLED.search(line)))

    async def all_logged() -> bool:  # the last log lines reach the files
        return set(handled_by(bots[0]) + handled_by(bots[1])) >= ids

    await poll(all_logged, 60, "every handled deadline in the logs")
    both = handled_by(bots[0]) + handled_by(bots[1])
    assert set(both) == ids, "a deadline was not handled"
    assert set(both.values()) == {1}, "a deadline was handled twice"
    # Which process took which rows is the scheduler's to say; that two clocks share the
    # work is shown by construction in tests/tables/test_shared_clock.py (in turn).


async def roll_call_says(store: Store, wanted: str) -> None:
    """Wait until what the doctor says of the running processes holds `wanted`."""
    async def said() -> bool:
        found = check_processes(await store.processes.bot_processes(), time.time(), shared=True)
        return any(wanted in f.text for f in found)

    await poll(said, 30, f"the roll call to say {wanted!r}")


async def test_two_processes_share_one_database(tmp_path: Path) -> None:
    async with fresh_database("shards") as url, DiscordEmulator(default_guild=False) as emu:
        emu.gateway.shard_count = SHARDS
        guilds = guilds_on_every_shard(emu)
        channels = [emu.add_text_channel(g, "games") for g in guilds]
        users = [emu.add_user(f"player{i}", guilds=[g]) for i, g in enumerate(guilds)]
        await (await Store.open(url)).close()  # migrated once, before the processes start
        bots = [BotProcess(emu, url, shard, tmp_path) for shard in range(SHARDS)]
        store = await Store.open(url)
        try:
            await start_connected(emu, bots, guilds)
            await roll_call_says(store, "2 bot processes running")
            await roll_call_says(store, f"holding all {SHARDS} shards")
            players = [ClansPlayer(emu, store, channel, user, seed=i)
                       for i, (channel, user) in enumerate(zip(channels, users, strict=True))]
            await asyncio.gather(*(p.open_table() for p in players))
            await asyncio.gather(*(p.play(3) for p in players))

            await deadlines_fall_due(url, store, bots)

            # Shard 0's process dies mid-game; shard 1's plays its game to the end.
            killed, survivor = players
            before = (await killed.game()).version
            assert bots[0].proc is not None
            killed_name = f"{socket.gethostname()}:{bots[0].proc.pid}:"
            await bots[0].kill()
            await roll_call_says(store, f"shard 0 of {SHARDS} is held by no running process")
            await survivor.play()
            assert (await survivor.game()).row.status == FINISHED
            assert (await killed.game()).row.status == ACTIVE

            sessions = len(emu.gateway.sessions)
            await bots[0].start()
            await connected(emu, guilds[0], after=sessions)
            await roll_call_says(store, f"holding all {SHARDS} shards")
            assert (await killed.game()).version == before  # nothing lost, nothing added
            await killed.play()
            assert (await killed.game()).row.status == FINISHED

            for player in players:
                assert player.moves >= 5
                await store.checks.verify_game(player.game_id, from_scratch=True)
                log = await store.actions.log(player.game_id)
                assert [a.version for a in log] == list(range(1, len(log) + 1))
            assert await store.integrity_check() == []
            assert not emu.internal_errors, emu.internal_errors[0]
            for bot in bots:
                await bot.stop()
            # Stopped cleanly, each left the roll call; the killed one could not.
            left = [p.name for p in await store.processes.bot_processes()]
            assert len(left) == 1 and left[0].startswith(killed_name), left
        finally:
            for bot in bots:
                await bot.stop()
            await store.close()
        for bot in bots:
            assert not [line for line in bot.lines() if "Traceback" in line], bot.lines()[-20:]
