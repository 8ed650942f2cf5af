"""Many coroutines, one store: nothing lost, nothing doubled (real Doge engine), on each
backend."""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from typing import Any

from bot.games.record import replay
from bot.store import StaleVersion, Store, WrongStatus
from tests.store.backends import Backend
from tests.store.doge_play import DOGE_PLAYERS, random_action

GAMES = 50
WORKERS = 200
ATTEMPTS = 12


async def test_200_coroutines_on_50_games_lose_and_double_nothing(backend: Backend) -> None:
    store = await Store.open(backend.target, snapshot_every=20)
    try:
        games = [
            await store.games.create_game(
                "doge", guild_id=1, channel_id=1000 + i, players=DOGE_PLAYERS, seed=i
            )
            for i in range(GAMES)
        ]
        engine = games[0].engine
        accepted: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
        resent = 0
        stale = 0

        async def worker(n: int) -> None:
            nonlocal resent, stale
            rng = random.Random(n)
            game_id = games[n % GAMES].id
            for attempt in range(ATTEMPTS):
                loaded = await store.actions.load(game_id)
                if engine.is_over(loaded.state):
                    return
                action = random_action(engine, loaded.state, rng)
                key = f"w{n}-a{attempt}"
                await asyncio.sleep(rng.random() / 1000)  # let the others interleave
                try:
                    result = await store.actions.submit(
                        game_id, action, expected_version=loaded.version,
                        actor_id=n, idempotency_key=key,
                    )
                except (StaleVersion, WrongStatus):
                    stale += 1
                    continue
                assert not result.duplicate and result.version not in accepted[game_id]
                accepted[game_id][result.version] = action
                if rng.random() < 0.2:  # the double click / the retry
                    await asyncio.sleep(0)
                    again = await store.actions.submit(
                        game_id, action, expected_version=loaded.version,
                        actor_id=n, idempotency_key=key,
                    )
                    assert again.duplicate
                    assert (again.version, again.events) == (result.version, result.events)
                    resent += 1

        await asyncio.gather(*(worker(n) for n in range(WORKERS)))

        total = sum(len(v) for v in accepted.values())
        assert total > GAMES  # real progress, not only refusals
        assert stale > 0  # and real contention
        assert resent > 0
        for game in games:
            mine = accepted[game.id]
            log = await store.actions.log(game.id)
            # Versions contiguous, one row per accepted submission, in that order.
            assert [a.version for a in log] == list(range(1, len(mine) + 1))
            assert [a.action for a in log] == [mine[v] for v in sorted(mine)]
            row = await store.games.get_game(game.id)
            assert row.version == len(mine)
            # The state written equals a replay of the log, from snapshots and from seed.
            state = (await store.actions.load(game.id)).state
            rebuilt = await store.checks.verify_game(game.id, from_scratch=True)
            assert engine.state_to_json(rebuilt) == engine.state_to_json(state)
            record_state = replay(await store.records.export_game(game.id)).state
            assert engine.state_to_json(record_state) == engine.state_to_json(state)
        assert await backend.fetch("SELECT count(*) FROM actions") == [(total,)]
        assert await store.integrity_check() == []
    finally:
        await store.close()
