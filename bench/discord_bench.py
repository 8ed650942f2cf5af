"""The bot under load through the loopback Discord: ballot clicks on 500 games at once
(time from INTERACTION_CREATE to the callback), and the process memory with 1,000 live
games."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import statistics
from pathlib import Path

from bot.discord_app import TableBot
from bot.games.base import PlayerSpec
from bot.games.doge.players import random_action
from tests.discord_emulator import DiscordEmulator
from tests.e2e.driver import find

CLICK_INTERVAL_S = 0.005


def rss_mb() -> float:
    """Resident memory of this process now (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _run(tmpdir: str, concurrent_games: int, live_games: int) -> dict[str, float]:
    # Checking bodies against Discord's contract costs the loopback milliseconds per
    # request, which would count as the bot's latency here; discord_contract_bench
    # checks the same requests.
    async with DiscordEmulator(check_contract=False) as emu:
        bot = TableBot(database_path=str(Path(tmpdir) / "bench.db"))
        async with emu.running(bot):
            store = bot.tables.store
            users = [emu.add_user(f"player{i}") for i in range(4)]
            players = [PlayerSpec(u.name, c) for u, c in
                       zip(users, ("red", "blue", "green", "yellow"), strict=True)]
            channels, prompts, live = [], [], []
            for n in range(live_games):
                channel = emu.add_text_channel(name=f"table-{n}")
                game = await store.games.create_game("doge", guild_id=emu.guild.id,
                                                     channel_id=channel.id, players=players,
                                                     user_ids=[u.id for u in users], seed=n)
                rng = random.Random(n)
                for seat in range(4):  # a first placement round, so stacks lie on the board
                    action = random_action(game.state, seat, rng)
                    result = await store.actions.submit(game.id, action, expected_version=None)
                    game = dataclasses.replace(game, state=result.state)
                live.append(game)
                if n < concurrent_games:
                    discord_channel = bot.get_channel(channel.id)
                    if discord_channel is None:
                        await asyncio.sleep(0.01)
                        discord_channel = await bot.fetch_channel(channel.id)
                    # The round's prompt alone (the board image is not what is measured).
                    poster = bot.posters["doge"]
                    content, view = await poster.prompt(bot.tables, game)
                    await discord_channel.send(content, view=view)
                    channels.append(channel)
            memory = rss_mb()  # with every game's state held in memory
            assert len(live) == live_games
            for channel in channels:
                message = emu.last_message(channel, include_ephemeral=False)
                prompts.append((message, find(message, "g:doge.cast:")["custom_id"]))

            async def click(i: int):
                # Players click at a steady 200 clicks per second across all tables.
                await asyncio.sleep(i * CLICK_INTERVAL_S)
                message, custom_id = prompts[i]
                handle = await emu.click(users[i % 4], message, custom_id)
                await handle.callback(timeout=60)
                return handle.latency

            latencies = await asyncio.gather(*(click(i) for i in range(len(prompts))))
            ms = [x * 1000 for x in latencies if x is not None]
    return {
        "ballot_click_p50_ms": round(statistics.median(ms), 2),
        "ballot_click_p99_ms": round(percentile(ms, 0.99), 2),
        "rss_1000_games_mb": round(memory, 1),
    }


def run(tmpdir: str, concurrent_games: int = 500, live_games: int = 1000) -> dict[str, float]:
    return asyncio.run(_run(tmpdir, concurrent_games, live_games))


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(run(tmp))
