"""What the parts of the store share (`Core`): the database, the engines, the clock, a
small cache of live game states and the after-commit handlers, plus row-reading helpers
used by several parts. Every part is handed the one core of its store."""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.base import GameEngine
from bot.store.after_commit import AfterCommit
from bot.store.backends.sql import Conn, Database, fetch_all, fetch_one
from bot.store.errors import StateMismatch, StoreError, UnknownGame, WrongStatus
from bot.store.rows import GAME_COLUMNS, SEAT_COLUMNS, GameRow, Seat, dumps

EngineLookup = Callable[[str], GameEngine]
Clock = Callable[[], float]

DEFAULT_SNAPSHOT_EVERY = 20
DEFAULT_CACHE_SIZE = 512

# A game's row with the state of its latest snapshot (at state_version).
ROW_WITH_STATE = f"SELECT {GAME_COLUMNS}, state, state_version FROM games WHERE id = ?"
SEAT_NAMES = [c.strip() for c in SEAT_COLUMNS.split(",")]
# A game's row without its state's text (the row's bulk) and its seats, as one statement:
# one row per seat (one with empty seat columns for a table nobody sits at yet).
ROW_AND_SEATS = (
    "SELECT " + ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
    + ", g.state IS NULL AS stateless, "
    + ", ".join(f"s.{c} AS s_{c}" for c in SEAT_NAMES)
    + " FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat"
)


@dataclass(slots=True)
class Live:
    """The latest state of a game as last committed by this store. It spares the hot path
    a read and a JSON parse; the conditional UPDATE of the version still guards against
    anyone else (another process) having moved the game on."""

    version: int
    status: str
    state: Any
    engine: GameEngine


class Core:
    """What every part of one store shares; `Store` (store.py) makes it and hands it to
    each part."""

    def __init__(
        self,
        db: Database,
        *,
        engines: EngineLookup,
        clock: Clock = time.time,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.db = db
        self._engines = engines
        self.clock = clock
        self.snapshot_every = snapshot_every
        self._cache_size = cache_size
        self.live: OrderedDict[int, Live] = OrderedDict()
        # What follows a committed step, by name, and the work still owed to it.
        self.after_commit = AfterCommit(db, clock)

    def engine(self, game: str) -> GameEngine:
        """The engine of a game name; StoreError if there is none."""
        try:
            return self._engines(game)
        except KeyError:
            raise StoreError(f"there is no game called {game!r}") from None

    # -- live-state cache -------------------------------------------------------------

    def remember(self, game_id: int, live: Live) -> None:
        self.live[game_id] = live
        self.live.move_to_end(game_id)
        while len(self.live) > self._cache_size:
            self.live.popitem(last=False)

    def forget(self, game_id: int) -> None:
        self.live.pop(game_id, None)

    async def read_live(self, conn: Conn, game_id: int) -> Live:
        row = await fetch_one(
            conn, "SELECT id, game, status, version, state, state_version FROM games "
                  "WHERE id = ?", (game_id,)
        )
        if row is None:
            raise UnknownGame(game_id)
        engine = self.engine(row["game"])
        state = await current_state(conn, engine, row)
        live = Live(row["version"], row["status"], state, engine)
        self.remember(game_id, live)
        return live

    # -- rows -------------------------------------------------------------------------

    async def game_row(self, conn: Conn, game_id: int) -> GameRow:
        row = await fetch_one(
            conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?{conn.row_lock}", (game_id,))
        if row is None:
            raise UnknownGame(game_id)
        return GameRow.from_row(row)

    async def seats(self, conn: Conn, game_id: int) -> list[Seat]:
        rows = await fetch_all(
            conn, f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [Seat.from_row(r) for r in rows]

    async def seat(self, conn: Conn, game_id: int, seat: int) -> Seat | None:
        row = await fetch_one(
            conn,
            f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? AND seat = ?",
            (game_id, seat),
        )
        return None if row is None else Seat.from_row(row)

    async def status(self, conn: Conn, game_id: int) -> str:
        # In a write transaction the game's row stays locked until COMMIT (PostgreSQL),
        # so writes that decide on the status serialize with other processes.
        row = await fetch_one(
            conn, f"SELECT status FROM games WHERE id = ?{conn.row_lock}", (game_id,))
        if row is None:
            raise UnknownGame(game_id)
        return str(row["status"])

    async def require_status(
        self, conn: Conn, game_id: int, *wanted: str
    ) -> str:
        status = await self.status(conn, game_id)
        if status not in wanted:
            raise WrongStatus(game_id, status, " or ".join(wanted))
        return status

    async def touch(self, conn: Conn, game_id: int) -> None:
        await conn.execute(
            "UPDATE games SET updated_at = ? WHERE id = ?", (self.clock(), game_id)
        )


async def logged_actions(conn: Conn, game_id: int, after: int, upto: int) -> list[Any]:
    """The actions that took a game from version `after` to `upto`, in order."""
    rows = await fetch_all(
        conn, "SELECT action FROM actions WHERE game_id = ? AND seq > ? AND seq <= ? "
              "ORDER BY seq", (game_id, after, upto))
    return [json.loads(r["action"]) for r in rows]


async def current_state(conn: Conn, engine: GameEngine, row: Any) -> Any:
    """The state at a games row's version: its `state` is that of the latest snapshot
    (at `state_version`), so the actions after it are replayed. None in a lobby."""
    if row["state"] is None:
        return None
    state = engine.state_from_json(json.loads(row["state"]))
    if row["state_version"] == row["version"]:
        return state
    actions = await logged_actions(conn, row["id"], row["state_version"], row["version"])
    if len(actions) != row["version"] - row["state_version"]:
        raise StateMismatch(row["id"], row["version"], f"the log after version "
                            f"{row['state_version']} holds {len(actions)} actions")
    try:
        for action in actions:
            state = engine.apply(state, action).state
    except (ValueError, KeyError, TypeError) as exc:  # IllegalAction is a ValueError
        raise StateMismatch(row["id"], row["version"],
                            f"an action after version {row['state_version']} is refused "
                            f"on replay: {exc}") from exc
    return state


def state_text(engine: GameEngine, state: Any) -> str:
    return dumps(engine.state_to_json(state))
