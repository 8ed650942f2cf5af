"""A writer for the SIGKILL test: plays random legal Doge moves into the store as fast as
it can, printing "ack GAME VERSION" after each commit, until it is killed.

    python -m tests.store.kill_writer DB_PATH SEED
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.store import Store
from tests.store.doge_play import DOGE_PLAYERS, random_action

OPEN_GAMES = 4


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await Store.open(path, snapshot_every=7)  # small, so kills also hit snapshots
    print("ready", flush=True)
    games = [g.id for g in await store.games.list_games(status="active")]
    step = 0
    while True:
        while len(games) < OPEN_GAMES:
            created = await store.games.create_game(
                "doge", guild_id=1, channel_id=rng.getrandbits(40), players=DOGE_PLAYERS,
                seed=rng.getrandbits(32),
            )
            games.append(created.id)
        game_id = rng.choice(games)
        loaded = await store.actions.load(game_id)
        if loaded.engine.is_over(loaded.state):
            games.remove(game_id)
            continue
        action = random_action(loaded.engine, loaded.state, rng)
        result = await store.actions.submit(
            game_id, action, expected_version=loaded.version, actor_id=seed,
            idempotency_key=f"{seed}-{step}",
        )
        sys.stdout.write(f"ack {game_id} {result.version}\n")
        sys.stdout.flush()
        step += 1
        if step % 9 == 0:  # other kinds of transaction, to be killed in the middle of too
            deadline = await store.deadlines.set_deadline(game_id, "turn", 1e9 + step, seat=0)
            await store.deadlines.mark_reminder_sent(deadline.id, step % 3)
            await store.messages.set_message(game_id, "board", channel_id=1, message_id=step)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
