"""`Store`: the game store, on SQLite or PostgreSQL. It owns the connection and its
transactions; what it keeps is read and written through its named parts:

| part | owns |
|---|---|
| `games` | games from start to end: start, end, find, list, count |
| `lobbies` | tables waiting for players: join, leave, colours, settings |
| `actions` | a game's state and log: load, submit (one action, one transaction), commitments |
| `checks` | stored games checked against their replay |
| `records` | records out and in: export, import, a spectator's export |
| `seats` | who plays a seat, its notifications and clock bookkeeping |
| `tables` | server, table and personal settings; digests |
| `deadlines` | deadlines, reminder stages, the clocks' claims, what each game's are in step with |
| `messages` | the ids of each game's Discord messages |
| `moderation` | undo and the moderators' audit log |
| `ratings` | ratings, leaderboards, voids (rated after each finished game's commit) |
| `pings`, `shown` | who a message pinged; the version a channel shows |
| `web_pages` | page tokens, whether a server shows pages, link keys |
| `processes` | the roll call of the bot processes |

Each part is handed the store's `Core` (bot/store/shared.py: the database, engines,
clock, live-state cache, after-commit handlers) and, where it needs one, another part;
no part extends another.
"""

from __future__ import annotations

import time
from contextlib import AbstractAsyncContextManager
from os import PathLike

from bot.games.base import GameEngine
from bot.games.registry import get_engine
from bot.secret_logs import keep_secrets_out_of_logs
from bot.store.actions import Actions
from bot.store.after_commit import RATE, WEB_NOTICE
from bot.store.backends.postgres import DEFAULT_CONNECTIONS, Connections, is_postgres_url
from bot.store.backends.sql import Database as Backend
from bot.store.backends.sql import fetch_one
from bot.store.backends.sqlite import BUSY_TIMEOUT_MS, DEFAULT_SYNCHRONOUS, Database
from bot.store.checks import Checks
from bot.store.deadlines import Deadlines
from bot.store.games import Games
from bot.store.lobbies import Lobbies
from bot.store.messages import Messages
from bot.store.moderation import Moderation
from bot.store.pings import Pings
from bot.store.processes import Processes
from bot.store.ratings import Ratings
from bot.store.records import Records
from bot.store.seats import Seats
from bot.store.shared import DEFAULT_CACHE_SIZE, DEFAULT_SNAPSHOT_EVERY, Clock, Core, EngineLookup
from bot.store.shown import Shown
from bot.store.tables import Tables
from bot.store.web_pages import WebPages


class Store:
    """Persistent games for any engine of the registry, on one SQLite file or on a
    PostgreSQL database that several processes share.

    Open with `store = await Store.open(path)` (or a `postgresql://...` URL) and
    `await store.close()` at shutdown (or `async with await Store.open(path) as store:`).
    All methods are coroutines that may be called concurrently; the store serializes its
    transactions.
    """

    def __init__(
        self,
        db: Backend,
        *,
        engines: EngineLookup = get_engine,
        clock: Clock = time.time,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        self._db = db
        self.core = core = Core(db, engines=engines, clock=clock,
                                snapshot_every=snapshot_every, cache_size=cache_size)
        # What follows a committed step, by name (bot/store/after_commit.py).
        self.after_commit = core.after_commit
        self.checks = Checks(core)
        self.actions = Actions(core, self.checks)
        self.games = Games(core)
        self.lobbies = Lobbies(core, self.games)
        self.records = Records(core, self.games, self.actions)
        self.seats = Seats(core)
        self.tables = Tables(core)
        self.deadlines = Deadlines(core)
        self.messages = Messages(core)
        self.moderation = Moderation(core)
        self.ratings = Ratings(core)
        self.pings = Pings(core)
        self.shown = Shown(core)
        self.web_pages = WebPages(core, self.tables)
        self.processes = Processes(core)
        # The store's own after-commit handlers; the Discord side registers those that
        # talk to Discord.
        self.after_commit.register(RATE, self.ratings.rate_owed, all_at_once=True)
        self.after_commit.register_told(WEB_NOTICE, db.game_changed)

    @classmethod
    async def open(
        cls,
        path: str | PathLike[str],
        *,
        engines: EngineLookup = get_engine,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        clock: Clock = time.time,
        synchronous: str = DEFAULT_SYNCHRONOUS,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        cache_size: int = DEFAULT_CACHE_SIZE,
        connections: Connections = DEFAULT_CONNECTIONS,
    ) -> Store:
        """Open (creating if need be) and migrate the database at `path`: an SQLite file,
        or a PostgreSQL database given as a `postgresql://` URL (`synchronous` and
        `busy_timeout_ms` are SQLite's; `connections`, the most this process opens, is
        PostgreSQL's)."""
        keep_secrets_out_of_logs()  # statements carry ballots, states and seeds
        db: Backend
        if is_postgres_url(path):
            from bot.store.backends.postgres import PgDatabase

            db = await PgDatabase.open(str(path), connections=connections)
        else:
            db = await Database.open(path, synchronous=synchronous,
                                     busy_timeout_ms=busy_timeout_ms)
        return cls(
            db, engines=engines, clock=clock, snapshot_every=snapshot_every, cache_size=cache_size
        )

    async def close(self) -> None:
        self.core.live.clear()
        await self._db.close()

    @property
    def dialect(self) -> str:
        """"sqlite" or "postgresql"."""
        return self._db.dialect

    def engine(self, game: str) -> GameEngine:
        """The engine of a game name; StoreError if there is none."""
        return self.core.engine(game)

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def integrity_check(self) -> list[str]:
        """The database's own check (SQLite: the file and its foreign keys); empty when
        all is well."""
        return await self._db.integrity_problems()

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Held by one process at a time, for as long as the block runs (the table
        service's lock of a game; on SQLite, with one process, it holds nothing)."""
        return self._db.game_lock(game_id)

    def show_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """As `game_lock`, for showing a game's step in its channel: two processes never
        decide a game's messages at once (a click in one, a deadline in the other)."""
        return self._db.game_lock(game_id, "show")

    async def ping(self) -> None:
        """A trivial query; raises when the database does not answer it (the host's
        health check)."""
        async with self._db.reading_each() as conn:
            await fetch_one(conn, "SELECT 1 AS one")

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
