"""The store on PostgreSQL, with several processes: what one stored action costs against a
bare one-row commit, that deadlines falling due under two processes' clocks fire once
each, and how many actions per second two processes store against one. The last is
measured for bare one-row commits too, in the same way: what two processes can gain on
this machine at all when they share its cores with the database server; for clicks
through the table service, which adds to each action what a bot does around it (the
table lock, the checks, the deadlines of the next decision, the narration); and for those
clicks with the board drawn after each, as a bot shows every step. One and two processes
take turns, a few rounds each, so the machine's drift weighs on both alike; how many of
the machine's cores were busy while one process ran tells what a second one could gain.

Runs against TEST_POSTGRES_URL (default postgres on 127.0.0.1:5432) in a database of its
own; without a reachable server it returns a note instead of figures.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg

from bot.games.base import PlayerSpec
from bot.store import Store
from bot.store.backends.postgres import DEFAULT_CONNECTIONS
from bot.tables.service import TableService
from cogs.doge.board import render_doge

ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
PLAYERS = [PlayerSpec("Anna", "red"), PlayerSpec("Bernd", "blue"), PlayerSpec("Carla", "green"),
           PlayerSpec("Dario", "yellow")]
ROOT = Path(__file__).resolve().parents[1]
SAMPLES = 1500
WARMUP = 100
DEADLINES = 5000
SPEEDUP_GAMES = 16
SPEEDUP_SECONDS = 2.0
# One and two processes are measured in turns (1 2, 2 1, 1 2): this machine's disk and
# CPU drift over seconds, and a drift then weighs on both counts alike.
SPEEDUP_ROUNDS = 3
HANDLED = re.compile(r"deadline (\d+) \(")


def _users(game: int) -> list[int]:
    return [1000 + 10 * game + seat for seat in range(len(PLAYERS))]


def _pick(engine: Any, state: Any, rng: random.Random) -> dict[str, Any]:
    seat = rng.choice(engine.pending(state))
    legal = engine.legal_actions(state, seat)
    return rng.choice(legal) if legal else engine.default_action(state, seat)


async def _action_ratio(url: str) -> dict[str, float]:
    """A stored Doge action (engine included) against INSERT of one row as a transaction
    of its own, samples alternating so server load weighs on both alike."""
    bare = await asyncpg.connect(url)
    store = await Store.open(url)
    try:
        await bare.execute("CREATE TABLE bare (id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)")
        rng = random.Random(1)
        games = [await store.create_game("doge", guild_id=1, channel_id=n, players=PLAYERS,
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
                game = games[i % len(games)] = await store.create_game(
                    "doge", guild_id=1, channel_id=1000 + i, players=PLAYERS, seed=i)
                version, state = game.version, game.state
            action = _pick(engine, state, rng)
            t2 = time.perf_counter()
            result = await store.submit_action(game.id, action, expected_version=version,
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


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bench.pg_bench", *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _together(procs: list[subprocess.Popen[str]]) -> tuple[list[Any], float]:
    """Wait until every process is ready, let them go at once, collect their answers; and
    how many of the machine's cores were busy meanwhile (the database server's work and
    everything else included; 0 where the system does not tell)."""
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    before = _cpu_ticks()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    answers = [json.loads(proc.communicate(timeout=300)[0]) for proc in procs]
    assert all(proc.returncode == 0 for proc in procs)
    after = _cpu_ticks()
    busy = (after[0] - before[0]) / max(1, after[1] - before[1]) * (os.cpu_count() or 1)
    return answers, busy


def _cpu_ticks() -> tuple[int, int]:
    """The machine's busy and total CPU ticks so far, over all cores (Linux)."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(t) for t in stat.readline().split()[1:]]
    except OSError:
        return 0, 0
    idle = ticks[3] + ticks[4]  # idle and waiting for the disk
    return sum(ticks) - idle, sum(ticks)


async def _fill_deadlines(url: str) -> None:
    store = await Store.open(url)
    try:
        games = [await store.create_lobby("doge", guild_id=1, channel_id=5000 + n)
                 for n in range(10)]
        for game in games:
            await store.end_game(game.id)  # void deadlines: each handled by removing it
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
    handled = [i for ids in _together([_spawn("clock", url), _spawn("clock", url)])[0]
               for i in ids]
    return {"pg_deadlines_fired_twice": len(handled) - len(set(handled)),
            "pg_deadlines_handled": len(set(handled))}


async def _new_games(url: str, count: int, first_channel: int) -> list[int]:
    store = await Store.open(url)
    try:
        return [(await store.create_game("doge", guild_id=1, channel_id=first_channel + n,
                                         players=PLAYERS, user_ids=_users(n), seed=n,
                                         settings={"timing": "async"})).id
                for n in range(count)]
    finally:
        await store.close()


def _rate(url: str, processes: int, worker: str, first_channel: int) -> float:
    """Per second, with `processes` workers: actions into the store ("store"), clicks
    through the table service ("table") or those clicks with the board drawn after each
    ("bot"), in the same fresh games, split between them; or ("bare") one-row commits by
    as many writers."""
    if worker == "bare":
        asyncio.run(_on_database(url, "CREATE TABLE IF NOT EXISTS bare "
                                      "(id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)"))
        work = [(str(SPEEDUP_GAMES // processes),)] * processes
    else:
        ids = asyncio.run(_new_games(url, SPEEDUP_GAMES, first_channel))
        work = [(",".join(map(str, ids[p::processes])),) for p in range(processes)]
    counts, busy = _together([_spawn(worker, url, *args, str(SPEEDUP_SECONDS))
                              for args in work])
    return sum(counts) / SPEEDUP_SECONDS, busy


def _speedup(url: str, worker: str) -> tuple[float, float, float]:
    """The rates of one process and of two, each averaged over the rounds it ran in; and
    the cores the machine had busy while one process ran."""
    done: dict[int, list[float]] = {1: [], 2: []}
    busy_one: list[float] = []
    for round_no in range(SPEEDUP_ROUNDS):
        for processes in ((1, 2) if round_no % 2 == 0 else (2, 1)):
            channel = 10_000 * (1 + len(done[1]) + len(done[2]))
            rate, busy = _rate(url, processes, worker, channel)
            done[processes].append(rate)
            if processes == 1:
                busy_one.append(busy)
    return statistics.fmean(done[1]), statistics.fmean(done[2]), statistics.fmean(busy_one)


# -- the worker processes ---------------------------------------------------------------
# They import this module afresh, so sizes the parent uses (SPEEDUP_SECONDS, which a test
# may have shrunk) reach them on their command line, never through the module constants.


async def _clock_worker(url: str) -> list[int]:
    """Tick a table clock until nothing is due; the ids of the rows it handled."""
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
    finally:
        await store.close()
    return ids


async def _play_worker(url: str, game_ids: list[int], seconds: float,
                       how: str = "store") -> int:
    """Random legal moves into its games, one coroutine per game, for `seconds`: into the
    store; as the seats' players' clicks through the table service ("table": its lock,
    checks, deadlines and narration); or ("bot") as those clicks with the board drawn
    after each, which is what a bot process does for every step it shows."""
    store = await Store.open(url)
    try:
        service = TableService(store)
        await _ready()
        end = time.perf_counter() + seconds
        counts = await asyncio.gather(*(
            _play_one(store, g, end) if how == "store"
            else _click_one(service, g, end, drawn=how == "bot") for g in game_ids))
    finally:
        await store.close()
    return sum(counts)


async def _bare_worker(url: str, writers: int, seconds: float) -> int:
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

        return sum(await asyncio.gather(*(write(n) for n in range(writers))))
    finally:
        for lane in lanes:
            await lane.close()


async def _click_one(service: TableService, game_id: int, end: float,
                     drawn: bool = False) -> int:
    rng = random.Random(game_id)
    made = 0
    game = await service.load(game_id)
    while time.perf_counter() < end and not game.engine.is_over(game.state):
        action = dict(_pick(game.engine, game.state, rng))
        seat = action.pop("seat")  # the table seats the clicker itself
        step = await service.act(game_id, game.seats[seat].user_id, action)
        game = step.game
        if drawn:  # the board the channel is shown after the step, as the poster draws it
            await render_doge(game, step.lines[-1] if step.lines else "")
        made += 1
    return made


async def _play_one(store: Store, game_id: int, end: float) -> int:
    rng = random.Random(game_id)
    game = await store.load_game(game_id)
    state, version, made = game.state, game.version, 0
    while time.perf_counter() < end and not game.engine.is_over(state):
        result = await store.submit_action(game_id, _pick(game.engine, state, rng),
                                           expected_version=version)
        state, version, made = result.state, result.version, made + 1
    return made


async def _ready() -> None:
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)


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


SPEEDUPS = {  # the worker, and the names of its figures
    "store": ("pg_actions_per_s_{}_process", "pg_two_process_speedup"),
    "bot": ("pg_bot_actions_per_s_{}_process", "pg_bot_two_process_speedup"),
    "table": ("pg_table_actions_per_s_{}_process", "pg_table_two_process_speedup"),
    "bare": ("pg_bare_commits_per_s_{}_process", "pg_bare_two_process_speedup"),
}


def run() -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for part in ("ratio", "deadlines", *SPEEDUPS):
        name = f"bench_{part}_{secrets.token_hex(4)}"
        try:
            url = asyncio.run(_create(name))
        except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
            return {"pg_skipped": f"no PostgreSQL reachable ({type(exc).__name__})"}
        try:
            if part == "ratio":
                figures.update(asyncio.run(_action_ratio(url)))
            elif part == "deadlines":
                figures.update(_deadlines_twice(url))
            else:
                rates, speedup = SPEEDUPS[part]
                one, two, busy = _speedup(url, part)
                figures[rates.format("one")] = round(one, 1)
                figures[rates.format("two")] = round(two, 1)
                figures[speedup] = round(two / one, 2)
                figures[f"pg_{part}_one_process_busy_cores"] = round(busy, 2)
        finally:
            asyncio.run(_drop(name))
    figures["pg_machine_cores"] = os.cpu_count() or 1
    return figures


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "clock":
        print(json.dumps(asyncio.run(_clock_worker(sys.argv[2]))))
    elif len(sys.argv) > 1 and sys.argv[1] == "bare":
        print(json.dumps(asyncio.run(_bare_worker(sys.argv[2], int(sys.argv[3]),
                                                  float(sys.argv[4])))))
    elif len(sys.argv) > 1 and sys.argv[1] in ("bot", "store", "table"):
        ids = [int(i) for i in sys.argv[3].split(",")]
        print(json.dumps(asyncio.run(_play_worker(sys.argv[2], ids, float(sys.argv[4]),
                                                  how=sys.argv[1]))))
    else:
        print(json.dumps(run(), indent=2))
