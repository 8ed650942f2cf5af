"""A process killed between a game's finishing commit and its rating: it plays a Clans game
to its last move, with the rating handler (`rate`, bot/store/after_commit.py) replaced by
one that says `committed GAME` and waits to be killed, then makes the last move.

    python -m tests.community.rate_victim TARGET
"""

from __future__ import annotations

import asyncio
import sys

from bot.store import Store
from bot.store.after_commit import RATE, Owed
from tests.community.helpers import Clock, play, start

USERS = [101, 102, 103]


async def main(target: str) -> None:
    store = await Store.open(target, clock=Clock())
    game_id = await start(store, "clans", USERS)
    last = await play(store, game_id, stop_before_end=True)

    async def killed_here(owed: Owed) -> bool:
        print(f"committed {owed.game_id}", flush=True)
        await asyncio.Event().wait()  # until the SIGKILL
        return False

    store.after_commit.register(RATE, killed_here, all_at_once=True)
    await store.actions.submit(game_id, last, expected_version=None)
    print("not killed", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
