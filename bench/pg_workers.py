"""The worker processes of bench/pg_bench.py, each a bot process's share of the work:
`python -m bench.pg_workers KIND URL ...` prints "ready" once set up, works when it reads
"go", prints its answer as one JSON line, and closes once it reads "bye" — so the
process measuring it reads its CPU time while it still runs, and setting up and closing
fall outside the window measured.

Sizes reach a worker on its command line, never through module constants (a test may
have shrunk those in the measuring process only).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
import re
import sys
import time
from typing import Any

import asyncpg

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.store.backends.postgres import DEFAULT_CONNECTIONS
from bot.tables.service import TableService
from cogs.doge.board import render_doge

PLAYERS = [PlayerSpec("Anna", "red"), PlayerSpec("Bernd", "blue"), PlayerSpec("Carla", "green"),
           PlayerSpec("Dario", "yellow")]
HANDLED = re.compile(r"deadline (\d+) \(")
PLAYING = ("store", "table", "bot")  # how a move is made; see _play


def pick(engine: Any, state: Any, rng: random.Random) -> dict[str, Any]:
    """A random legal move of a random seat the game waits for."""
    seat = rng.choice(engine.pending(state))
    legal = engine.legal_actions(state, seat)
    return rng.choice(legal) if legal else engine.default_action(state, seat)


def users(game: int) -> list[int]:
    return [1000 + 10 * game + seat for seat in range(len(PLAYERS))]


def lanes_arg(lanes: list[list[int]]) -> str:
    """Games queued per lane on a command line: "1,3,5;2,4,6"."""
    return ";".join(",".join(map(str, lane)) for lane in lanes)


def _lanes(text: str) -> list[list[int]]:
    return [[int(i) for i in lane.split(",")] for lane in text.split(";") if lane]


async def _ready() -> None:
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)


async def _answer(answer: Any) -> None:
    print(json.dumps(answer), flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # "bye": the CPU time has been read


async def _clock(url: str) -> None:
    """Tick a table clock until nothing is due; answers the ids of the rows it handled."""
    ids: list[int] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found = HANDLED.match(record.getMessage())
            if found:
                ids.append(int(found.group(1)))

    clock_log = logging.getLogger("bot.tables.clock")
    clock_log.setLevel(logging.DEBUG)
    clock_log.addHandler(Collect())
    store = await Store.open(url)
    try:
        clock = TableService(store).clock
        await _ready()
        while await clock.tick():
            pass
        await _answer(ids)
    finally:
        await store.close()


async def _play(url: str, lanes: list[list[int]], seconds: float, how: str) -> None:
    """Random legal moves for `seconds`, one coroutine (lane) per queue of games, each
    game played to its end before the lane takes the next: into the store ("store"); as
    the seats' players' clicks through the table service ("table": its lock, checks,
    deadlines and narration); or ("bot") as those clicks with the board drawn after each,
    which is what a bot process does for every step it shows. Answers the moves made and
    how many lanes ran out of games before the time was up."""
    store = await Store.open(url)
    try:
        service = TableService(store)

        async def moves(game_id: int, end: float, most: int | None = None) -> int:
            if how == "store":
                return await _store_moves(store, game_id, end, most)
            return await _clicks(service, game_id, end, most, drawn=how == "bot")

        # A move in each lane's first game first, all at once, as a warm-up: connections
        # opened, caches filled, as in a process that has been running a while.
        await asyncio.gather(*(moves(ids[0], math.inf, 1) for ids in lanes))
        await _ready()
        end = time.perf_counter() + seconds

        async def lane(game_ids: list[int]) -> tuple[int, bool]:
            made = 0
            for game_id in game_ids:
                made += await moves(game_id, end)
                if time.perf_counter() >= end:
                    return made, False
            return made, True

        done = await asyncio.gather(*(lane(ids) for ids in lanes))
        await _answer({"actions": sum(made for made, _ in done),
                       "dry": sum(dry for _, dry in done)})
    finally:
        await store.close()


async def _bare(url: str, writers: int, seconds: float) -> None:
    """One-row commits from `writers` coroutines over as many connections as the store's
    submit lanes, for `seconds`."""
    lanes = [await asyncpg.connect(url) for _ in range(DEFAULT_CONNECTIONS.lanes)]
    locks = [asyncio.Lock() for _ in lanes]
    try:
        await _ready()
        end = time.perf_counter() + seconds

        async def write(n: int) -> int:
            made = 0
            while time.perf_counter() < end:
                async with locks[n % len(lanes)]:
                    await lanes[n % len(lanes)].execute("INSERT INTO bare (v) VALUES ($1)",
                                                        f"writer {n} row {made}")
                made += 1
            return made

        made = sum(await asyncio.gather(*(write(n) for n in range(writers))))
        await _answer({"actions": made, "dry": 0})
    finally:
        for lane in lanes:
            await lane.close()


def _more(made: int, most: int | None, end: float) -> bool:
    return (most is None or made < most) and time.perf_counter() < end


async def _clicks(service: TableService, game_id: int, end: float, most: int | None,
                  drawn: bool) -> int:
    rng = random.Random(game_id)
    made = 0
    game = await service.load(game_id)
    while _more(made, most, end) and not game.engine.is_over(game.state):
        action = dict(pick(game.engine, game.state, rng))
        seat = action.pop("seat")  # the table seats the clicker itself
        step = await service.act(game_id, game.seats[seat].user_id, action)
        game = step.game
        if drawn:  # the board the channel is shown after the step, as the poster draws it
            await render_doge(game, step.lines[-1] if step.lines else "")
        made += 1
    return made


async def _store_moves(store: Store, game_id: int, end: float, most: int | None) -> int:
    rng = random.Random(game_id)
    game = await store.actions.load(game_id)
    state, version, made = game.state, game.version, 0
    while _more(made, most, end) and not game.engine.is_over(state):
        result = await store.actions.submit(game_id, pick(game.engine, state, rng),
                                            expected_version=version)
        state, version, made = result.state, result.version, made + 1
    return made


def main(args: list[str]) -> None:
    kind, url = args[0], args[1]
    if kind == "clock":
        asyncio.run(_clock(url))
    elif kind == "bare":
        asyncio.run(_bare(url, int(args[2]), float(args[3])))
    elif kind in PLAYING:
        asyncio.run(_play(url, _lanes(args[2]), float(args[3]), kind))
    else:
        raise SystemExit(f"no worker called {kind!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
