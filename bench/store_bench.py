"""Game store: the cost of storing one Doge action relative to a bare one-row SQLite commit,
and the time to load 1,000 stored games.

The bare commit runs on a connection opened exactly like the store's (aiosqlite, WAL, the
same synchronous setting) in the same folder, and its samples alternate with the store's,
so disk, machine load and thread hand-offs weigh on both sides alike. A stored action
includes the engine's apply and the state's serialisation, as the store must do both.

The headline bare commit is the plain one: BEGIN IMMEDIATE, INSERT, COMMIT, each awaited.
The store queues its BEGIN, write and COMMIT to the connection's thread together, so the
"strict" ratios also compare it with a bare commit queued the same way.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.games.base import Action, GameEngine, PlayerSpec
from bot.games.registry import get_engine
from bot.store import LoadedGame, Store
from bot.store.backends.sqlite import connect

PLAYERS = [PlayerSpec("Anna", "red"), PlayerSpec("Bernd", "blue"), PlayerSpec("Carla", "green"),
           PlayerSpec("Dario", "yellow")]
SAMPLES = 3000
WARMUP = 200
LOAD_GAMES = 1000
ACTIONS_PER_LOADED_GAME = 40


def _pick(engine: GameEngine, state: Any, rng: random.Random) -> Action:
    seat = rng.choice(engine.pending(state))
    legal = engine.legal_actions(state, seat)
    return rng.choice(legal) if legal else engine.default_action(state, seat)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _action_costs(folder: Path) -> dict[str, float]:
    bare = await connect(folder / "bare.db")
    store = await Store.open(folder / "store.db")
    try:
        await bare.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        engine = get_engine("doge")
        rng = random.Random(1)
        channel = 0

        async def fresh_game() -> LoadedGame:
            nonlocal channel
            channel += 1
            return await store.games.create_game(
                "doge", guild_id=1, channel_id=channel, players=PLAYERS, seed=channel
            )

        games = [await fresh_game() for _ in range(8)]
        states = {g.id: (g.version, g.state) for g in games}
        bare_times: list[float] = []
        queued_times: list[float] = []
        store_times: list[float] = []
        engine_times: list[float] = []
        clock = time.perf_counter
        for i in range(WARMUP + SAMPLES):
            t0 = clock()
            await bare.execute("BEGIN IMMEDIATE")
            await bare.execute("INSERT INTO t (v) VALUES (?)", (f"row {i}",))
            await bare.execute("COMMIT")
            t1 = clock()
            await asyncio.gather(
                bare.execute("BEGIN IMMEDIATE"),
                bare.execute("INSERT INTO t (v) VALUES (?)", (f"queued {i}",)),
                bare.execute("COMMIT"),
            )
            t1q = clock()

            game = games[i % len(games)]
            version, state = states[game.id]
            if engine.is_over(state):
                game = games[i % len(games)] = await fresh_game()
                version, state = game.version, game.state
            action = _pick(engine, state, rng)
            t2 = clock()
            result = await store.actions.submit(
                game.id, action, expected_version=version, actor_id=1,
                idempotency_key=f"bench-{i}",
            )
            t3 = clock()
            states[game.id] = (result.version, result.state)

            # The engine's share, for the reader: apply + serialise the same action.
            t4 = clock()
            json.dumps(engine.state_to_json(engine.apply(state, action).state))
            t5 = clock()
            if i >= WARMUP:
                bare_times.append(t1 - t0)
                queued_times.append(t1q - t1)
                store_times.append(t3 - t2)
                engine_times.append(t5 - t4)
    finally:
        await store.close()
        await bare.close()
    bare50, bare99 = statistics.median(bare_times), _quantile(bare_times, 0.99)
    store50, store99 = statistics.median(store_times), _quantile(store_times, 0.99)
    queued50, queued99 = statistics.median(queued_times), _quantile(queued_times, 0.99)
    return {
        "store_action_ratio_p50": round(store50 / bare50, 2),
        "store_action_ratio_p99": round(store99 / bare99, 2),
        "store_action_ratio_strict_p50": round(store50 / queued50, 2),
        "store_action_ratio_strict_p99": round(store99 / queued99, 2),
        "store_action_p50_us": round(store50 * 1e6, 1),
        "store_action_p99_us": round(store99 * 1e6, 1),
        "store_bare_commit_p50_us": round(bare50 * 1e6, 1),
        "store_bare_commit_p99_us": round(bare99 * 1e6, 1),
        "store_queued_commit_p50_us": round(queued50 * 1e6, 1),
        "store_engine_share_p50_us": round(statistics.median(engine_times) * 1e6, 1),
    }


async def _load_time(folder: Path) -> dict[str, float]:
    path = folder / "load.db"
    engine = get_engine("doge")
    store = await Store.open(path)
    try:
        # Filled through the record import: the same rows as played games, written fast.
        for n in range(LOAD_GAMES):
            rng = random.Random(n)
            state = engine.new_game(PLAYERS, {}, random.Random(n))
            actions = []
            for _ in range(ACTIONS_PER_LOADED_GAME):
                action = _pick(engine, state, rng)
                state = engine.apply(state, action).state
                actions.append(action)
            record = {"format": "colovini-game-record", "version": 1, "game": "doge",
                      "seed": n, "players": [p.to_json() for p in PLAYERS], "settings": {},
                      "actions": actions}
            await store.records.import_game(record, guild_id=1, channel_id=10_000 + n)
    finally:
        await store.close()

    store = await Store.open(path)  # a cold start: nothing cached
    try:
        ids = [g.id for g in await store.games.list_games(limit=LOAD_GAMES)]
        started = time.perf_counter()
        for game_id in ids:
            await store.actions.load(game_id)
        loaded = time.perf_counter() - started
        started = time.perf_counter()
        for game_id in ids:
            await store.checks.verify_game(game_id)
        verified = time.perf_counter() - started
    finally:
        await store.close()
    return {
        "store_load_1000_games_s": round(loaded * LOAD_GAMES / len(ids), 3),
        "store_verify_1000_games_s": round(verified * LOAD_GAMES / len(ids), 3),
    }


async def _run(folder: Path) -> dict[str, float]:
    figures = await _action_costs(folder)
    figures.update(await _load_time(folder))
    return figures


def run(tmpdir: str) -> dict[str, float]:
    return asyncio.run(_run(Path(tmpdir)))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as scratch:
        print(json.dumps(run(scratch), indent=2))
