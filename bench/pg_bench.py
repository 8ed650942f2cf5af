"""The store on PostgreSQL, with several processes: what one stored action costs against a
bare one-row commit; that deadlines falling due under two processes' clocks fire once
each; and how the work scales with processes, measured per process (bench/pg_scaling.py).

Scaling is measured for actions stored straight into the store ("store"); for clicks
through the table service ("table"), which adds to each action what a bot does around
it (the table lock, the checks, the deadlines of the next decision, the narration); for
those clicks with the board drawn after each ("bot"), as a bot shows every step; and for
bare one-row commits by as many writers ("bare"), the least a stored action can cost.
Each is run with one worker process and with two, on the same number of fresh games
split between them; one and two take turns, a few rounds each, so the machine's drift
weighs on both alike. The CPU time of the workers and of this database's backends is
read from /proc, so the figures are those of the work itself, whatever else the machine
runs; what else it ran is reported beside them.

Runs against TEST_POSTGRES_URL (default postgres on 127.0.0.1:5432) in a database of its
own; without a reachable server it returns a note instead of figures. The figures per
process need Linux's /proc and a server on the same machine.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import secrets
import statistics
import time
from typing import Any

import asyncpg

from bench.pg_scaling import Window, figures, together
from bench.pg_workers import PLAYERS, lanes_arg, pick, users
from bot.store import Store

ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
SAMPLES = 1500
WARMUP = 100
DEADLINES = 5000
# Lanes (coroutines, one game at a time each) in all, split between the processes.
SPEEDUP_GAMES = 16
SPEEDUP_SECONDS = 3.0
# One and two processes are measured in turns (1 2, 2 1, 1 2, 2 1): a machine's disk and
# CPU drift over seconds, and a drift then weighs on both counts alike.
SPEEDUP_ROUNDS = 4
# Games are queued per lane for this many actions a second in all, so that no lane runs
# dry within the window on a fast machine: about twenty to forty times what one process
# makes on a small one (two cores shared with the database server: store ~1,000 actions a
# second, table ~230, bot ~11). A random 4-player Doge game takes 420 to 1,420 moves.
FAST_MACHINE_ACTIONS_PER_S = {"store": 20_000, "table": 5_000, "bot": 500}
SHORTEST_GAME = 400


async def _action_ratio(url: str) -> dict[str, float]:
    """A stored Doge action (engine included) against INSERT of one row as a transaction
    of its own, samples alternating so server load weighs on both alike."""
    bare = await asyncpg.connect(url)
    store = await Store.open(url)
    try:
        await bare.execute("CREATE TABLE bare (id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)")
        rng = random.Random(1)
        games = [await store.games.create_game("doge", guild_id=1, channel_id=n, players=PLAYERS,
                                               seed=n) for n in range(8)]
        states = {g.id: (g.version, g.state) for g in games}
        engine = games[0].engine
        bare_times: list[float] = []
        store_times: list[float] = []
        for i in range(WARMUP + SAMPLES):
            t0 = time.perf_counter()
            await bare.execute("INSERT INTO bare (v) VALUES ($1)", f"row {i}")
            t1 = time.perf_counter()
            game = games[i % len(games)]
            version, state = states[game.id]
            if engine.is_over(state):
                game = games[i % len(games)] = await store.games.create_game(
                    "doge", guild_id=1, channel_id=1000 + i, players=PLAYERS, seed=i)
                version, state = game.version, game.state
            action = pick(engine, state, rng)
            t2 = time.perf_counter()
            result = await store.actions.submit(game.id, action, expected_version=version,
                                                actor_id=1, idempotency_key=f"b{i}")
            t3 = time.perf_counter()
            states[game.id] = (result.version, result.state)
            if i >= WARMUP:
                bare_times.append(t1 - t0)
                store_times.append(t3 - t2)
    finally:
        await store.close()
        await bare.close()
    bare50, store50 = statistics.median(bare_times), statistics.median(store_times)
    return {"pg_store_action_ratio_p50": round(store50 / bare50, 2),
            "pg_store_action_p50_us": round(store50 * 1e6, 1),
            "pg_bare_commit_p50_us": round(bare50 * 1e6, 1)}


async def _fill_deadlines(url: str) -> None:
    store = await Store.open(url)
    try:
        games = [await store.lobbies.create("doge", guild_id=1, channel_id=5000 + n)
                 for n in range(10)]
        for game in games:
            await store.games.end_game(game.id)  # void deadlines: each handled by removing it
    finally:
        await store.close()
    conn = await asyncpg.connect(url)
    try:
        await conn.executemany(
            "INSERT INTO deadlines (game_id, seat, kind, due_at, created_at) "
            "VALUES ($1, NULL, $2, $3, $3)",
            [(games[n % len(games)].id, f"due:x{n}", time.time() - 1) for n in range(DEADLINES)])
    finally:
        await conn.close()


def _deadlines_twice(url: str) -> dict[str, int]:
    asyncio.run(_fill_deadlines(url))
    answers, _ = asyncio.run(together(ADMIN_URL, url, [["clock"], ["clock"]]))
    handled = [i for ids in answers for i in ids]
    return {"pg_deadlines_fired_twice": len(handled) - len(set(handled)),
            "pg_deadlines_handled": len(set(handled))}


async def _new_games(url: str, count: int, first_channel: int) -> list[int]:
    """`count` fresh async Doge tables, made over a few connections at once."""
    store = await Store.open(url)
    try:
        async def make(n: int) -> int:
            game = await store.games.create_game("doge", guild_id=1, channel_id=first_channel + n,
                                                 players=PLAYERS, user_ids=users(n), seed=n,
                                                 settings={"timing": "async"})
            return game.id

        ids: list[int] = []
        for start in range(0, count, 8):
            batch = range(start, min(count, start + 8))
            ids += await asyncio.gather(*(make(n) for n in batch))
        return ids
    finally:
        await store.close()


def _run(url: str, processes: int, work: str, first_channel: int) -> Window:
    """One measured run of `processes` workers doing `work` for SPEEDUP_SECONDS."""
    seconds = str(SPEEDUP_SECONDS)
    if work == "bare":
        asyncio.run(_on_database(url, "CREATE TABLE IF NOT EXISTS bare "
                                      "(id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)"))
        commands = [[work, str(SPEEDUP_GAMES // processes), seconds]] * processes
    else:
        per_lane = math.ceil(FAST_MACHINE_ACTIONS_PER_S[work] * SPEEDUP_SECONDS
                             / SPEEDUP_GAMES / SHORTEST_GAME)
        ids = asyncio.run(_new_games(url, SPEEDUP_GAMES * per_lane, first_channel))
        lanes = [ids[lane::SPEEDUP_GAMES] for lane in range(SPEEDUP_GAMES)]
        commands = [[work, lanes_arg(lanes[p::processes]), seconds]
                    for p in range(processes)]
    return asyncio.run(together(ADMIN_URL, url, commands))[1]


def _scaling(url: str, work: str) -> tuple[Window, Window]:
    """The windows of one process and of two, each summed over the rounds it ran in."""
    done = {1: Window(), 2: Window()}
    for round_no in range(SPEEDUP_ROUNDS):
        for processes in ((1, 2) if round_no % 2 == 0 else (2, 1)):
            channel = 100_000 * (1 + 2 * round_no + processes)
            done[processes] += _run(url, processes, work, channel)
    return done[1], done[2]


# -- the benchmark ----------------------------------------------------------------------


async def _on_database(url: str, sql: str) -> None:
    conn = await asyncpg.connect(url, timeout=3)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _on_server(sql: str) -> None:
    await _on_database(ADMIN_URL, sql)


async def _create(name: str) -> str:
    await _on_server(f'CREATE DATABASE "{name}"')
    return ADMIN_URL.rsplit("/", 1)[0] + "/" + name


async def _drop(name: str) -> None:
    await _on_server(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


WORK = ("store", "table", "bot", "bare")


def run() -> dict[str, Any]:
    found: dict[str, Any] = {}
    dry = 0
    for part in ("ratio", "deadlines", *WORK):
        name = f"bench_{part}_{secrets.token_hex(4)}"
        try:
            url = asyncio.run(_create(name))
        except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
            return {"pg_skipped": f"no PostgreSQL reachable ({type(exc).__name__})"}
        try:
            if part == "ratio":
                found.update(asyncio.run(_action_ratio(url)))
            elif part == "deadlines":
                found.update(_deadlines_twice(url))
            else:
                one, two = _scaling(url, part)
                found.update(figures(part, one, two))
                dry += one.dry + two.dry
        finally:
            asyncio.run(_drop(name))
    found["pg_lock_wait_share"] = max(found[f"pg_{w}_lock_wait_share"] for w in WORK)
    found["pg_other_process_cores"] = round(statistics.fmean(
        found[f"pg_{w}_other_process_cores"] for w in WORK), 2)
    found["pg_lanes_ran_dry"] = dry
    found["pg_machine_cores"] = os.cpu_count() or 1
    return found


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
