"""A finished game is rated even when the database refuses the rating's writes right
after the finish was committed: the finish records its rating as owed in its own
transaction (bot/store/after_commit.py), and the table clock's next tick, at the next
start-up or in the same process, does it, once. On SQLite and PostgreSQL; the database
itself refuses (a trigger stands for a database read-only for a moment), or the process
is killed right after the finish's commit."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.store import FINISHED, Store
from bot.store.after_commit import RATE
from bot.tables.service import TableService
from tests.community.helpers import Clock, play, start, table
from tests.postgres import server_let_go
from tests.store.backends import Backend
from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures: both backends)

RATED = "SELECT user_id, games FROM ratings ORDER BY user_id"
USERS = [101, 102, 103]
ROOT = Path(__file__).resolve().parents[2]
VICTIM_S = 120.0  # a bound for the victim's game, not a measure of it

_REFUSE = {
    "sqlite": ["CREATE TRIGGER refuse_ratings BEFORE INSERT ON rated_games BEGIN "
               "SELECT RAISE(ABORT, 'attempt to write a readonly database'); END"],
    "postgresql": [
        "CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "RAISE EXCEPTION 'cannot execute INSERT in a read-only transaction' "
        "USING ERRCODE = 'read_only_sql_transaction'; END $$",
        "CREATE TRIGGER refuse_ratings BEFORE INSERT ON rated_games "
        "FOR EACH ROW EXECUTE FUNCTION refuse_write()"],
}


async def refuse_ratings(backend: Backend) -> None:  # noqa: F811
    for statement in _REFUSE[backend.name]:
        await backend.execute(statement)


async def finish_refused(backend: Backend) -> Store:  # noqa: F811
    """A store whose game's last move is committed while the database refuses to rate
    it; the database writes again afterwards."""
    store = await Store.open(backend.target, clock=Clock())
    game_id = await start(store, "clans", USERS)
    last = await play(store, game_id, stop_before_end=True)
    await refuse_ratings(backend)
    assert (await store.actions.submit(game_id, last, expected_version=None)).finished
    assert await table(store, RATED) == []  # the finish stands; its rating was refused
    await backend.drop_trigger("refuse_ratings", "rated_games")
    return store


async def test_a_refused_rating_is_done_at_the_next_start(backend: Backend) -> None:  # noqa: F811
    store = await finish_refused(backend)
    await store.close()  # the process stops with the rating undone

    store = await Store.open(backend.target, clock=Clock())
    try:
        service = TableService(store, clock=Clock())
        await service.clock.tick()  # the clock's first tick at start-up
        assert await table(store, RATED) == [(u, 1) for u in USERS]
        await service.clock.tick()  # done once: a later tick counts nothing again
        assert await table(store, RATED) == [(u, 1) for u in USERS]
        assert await store.after_commit.owed() == []
    finally:
        await store.close()


async def test_a_refused_rating_is_done_on_the_clocks_next_tick(
        backend: Backend) -> None:  # noqa: F811
    store = await finish_refused(backend)
    try:
        await TableService(store, clock=Clock()).clock.tick()
        assert await table(store, RATED) == [(u, 1) for u in USERS]
        assert await store.after_commit.owed() == []
    finally:
        await store.close()


async def test_a_process_killed_between_the_finish_and_its_rating_rates_it_at_the_next_start(
        backend: Backend) -> None:  # noqa: F811
    """SIGKILL after the finishing commit, before the rating handler did anything: the
    next start's first tick rates the game, once."""
    victim = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.community.rate_victim", backend.target,
        cwd=ROOT, stdout=asyncio.subprocess.PIPE)
    assert victim.stdout is not None
    try:
        said = await asyncio.wait_for(victim.stdout.readline(), VICTIM_S)
        assert said.startswith(b"committed "), said
        game_id = int(said.split()[1])
    finally:
        victim.kill()
        await victim.wait()
    await let_go(backend)

    store = await Store.open(backend.target, clock=Clock())
    try:
        assert (await store.games.get_game(game_id)).status == FINISHED
        assert await table(store, RATED) == []
        assert [o.kind for o in await store.after_commit.owed()] == [RATE]
        service = TableService(store, clock=Clock())
        await service.clock.tick()  # the clock's first tick at start-up
        assert await table(store, RATED) == [(u, 1) for u in USERS]
        await service.clock.tick()
        assert await table(store, RATED) == [(u, 1) for u in USERS]
        assert await store.after_commit.owed() == []
    finally:
        await store.close()


async def let_go(backend: Backend) -> None:  # noqa: F811
    """The killed process's PostgreSQL sessions are gone (a statement it had sent runs
    to its end first)."""
    if backend.name == "postgresql":
        await server_let_go(backend.target)
