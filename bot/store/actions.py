"""Games and their actions (`store.actions`): loading a game, applying one action in one
transaction, and reading the action log.

The hot path of a step reads top to bottom here: `submit` loads the game's latest state
(the cache, or its row and the actions since its snapshot), checks the version, applies
the engine, appends the action (with a snapshot every `snapshot_every` actions) and
commits; then it runs the after-commit work that follows (the pages told, a finished
game's rating: bot/store/after_commit.py)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from bot.games.base import Action, Event, GameEngine, IllegalAction, Outcome
from bot.i18n import _
from bot.store.after_commit import RATE, owe
from bot.store.backends.sql import Conn, IntegrityViolation, Session, fetch_all, fetch_one
from bot.store.checks import Checks
from bot.store.commitments import (
    Commitment,
    Sealer,
    insert_commitments,
    read_commitments,
)
from bot.store.errors import (
    BadAction,
    KeyReused,
    StaleVersion,
    StateMismatch,
    StoreError,
    UnknownGame,
    WrongStatus,
)
from bot.store.rows import (
    ACTION_COLUMNS,
    ACTIVE,
    FINISHED,
    ActionEntry,
    ActionResult,
    GameRow,
    LoadedGame,
    Seat,
    dumps,
    normalized,
)
from bot.store.shared import (
    ROW_AND_SEATS,
    ROW_WITH_STATE,
    SEAT_NAMES,
    Core,
    Live,
    current_state,
    logged_actions,
    state_text,
)

MAX_KEY_LENGTH = 200
# Another process moving the game between our read and our write costs a retry.
_RETRIES = 5

# The whole write is this one statement; see migrations/0003_action_writes.sql.
_WRITE = (
    "INSERT INTO action_writes (game_id, version, actor_id, created_at, action, events, "
    "idem_key, state, snapshot, finished, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_MOVED_MARK = "action_writes: game moved on"


class _Moved(Exception):
    """The game's row changed behind the cache (another process); start over."""


def clean_action(action: Any) -> tuple[Action, str]:
    """Check an action is loggable and return it as it will replay: decoded from the very
    JSON that is stored, so a tuple or an int key can never behave differently later."""
    if not isinstance(action, dict):
        raise BadAction(_("an action must be a JSON object, not {kind}",
                          kind=type(action).__name__))
    if "seat" not in action:
        raise BadAction(_("an action needs a \"seat\" (null only for table-wide actions)"))
    seat = action["seat"]
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise BadAction(_("an action's \"seat\" is a seat number, not {seat}",
                          seat=repr(seat)))
    if not isinstance(action.get("type"), str) or not action["type"]:
        raise BadAction(_("an action needs a \"type\" string"))
    try:
        text = dumps(action)
    except (TypeError, ValueError) as exc:
        raise BadAction(_("the action is not JSON: {why}", why=exc)) from None
    return json.loads(text), text


def apply_checked(engine: GameEngine, state: Any, action: Action) -> Outcome:
    """engine.apply, with IllegalAction passed through untouched and an action the engine
    cannot even read (a missing field, a wrong type) turned into BadAction."""
    try:
        return engine.apply(state, action)
    except IllegalAction:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise BadAction(_("the game cannot read this action: {why}", why=repr(exc))) from exc


class Actions:
    """Games and their actions: load, submit, the log (one store's part)."""

    def __init__(self, core: Core, checks: Checks) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock
        self._checks = checks
        # Installed by the table service; without one no commitments are made.
        self.sealer: Sealer | None = None
        # Told the game's name after each committed step (the host's metrics count them).
        self.counted: Callable[[str], None] | None = None

    # -- loading ------------------------------------------------------------------------

    async def load(self, game_id: int, *, verify: bool = False) -> LoadedGame:
        """The game with its current state. Fast: the state comes from the cache, or from
        the games row (its latest snapshot) and the few actions after it. With
        verify=True it is also rebuilt from an earlier snapshot and the log, and compared."""
        loaded = await self._load_cached(game_id)
        if loaded is None:
            loaded = await self._load_stored(game_id)
        if verify:
            await self._checks.verify_game(game_id)
        return loaded

    async def _load_cached(self, game_id: int) -> LoadedGame | None:
        """The game row and its seats in one statement, the state from the cache; None
        when the cache cannot serve it (the common case costs one round trip)."""
        async with self._db.reading_each() as conn:
            rows = await fetch_all(conn, ROW_AND_SEATS, (game_id,))
        if not rows:
            raise UnknownGame(game_id)
        game = GameRow.from_row(rows[0])
        live = self._core.live.get(game_id)
        if rows[0]["stateless"]:
            state = None
        elif live is not None and live.version == game.version \
                and live.status == game.status:
            state = live.state
        else:
            return None
        seats = [Seat.from_row({c: r[f"s_{c}"] for c in SEAT_NAMES})
                 for r in rows if r["s_seat"] is not None]
        return LoadedGame(game, seats, state, self._core.engine(game.game))

    async def _load_stored(self, game_id: int) -> LoadedGame:
        """The game from its row's snapshot and the actions after it, in one snapshot of
        the database; the cache learns it."""
        async with self._db.reading() as conn:
            row = await fetch_one(conn, ROW_WITH_STATE, (game_id,))
            if row is None:
                raise UnknownGame(game_id)
            game = GameRow.from_row(row)
            seats = await self._core.seats(conn, game_id)
            engine = self._core.engine(game.game)
            state = await current_state(conn, engine, row)
            if state is not None:
                self._core.remember(game_id, Live(game.version, game.status, state, engine))
        return LoadedGame(game, seats, state, engine)

    # -- one action, one transaction ------------------------------------------------------

    async def submit(
        self,
        game_id: int,
        action: Any,
        *,
        expected_version: int | None,
        actor_id: int | None = None,
        idempotency_key: str | None = None,
    ) -> ActionResult:
        """Apply one action in one transaction.

        `expected_version` is the version the actor saw (None: whatever is current, for
        the bot's own moves). A stale one raises StaleVersion; an illegal action raises
        the engine's IllegalAction; neither changes anything. An `idempotency_key` already
        applied returns that first result with duplicate=True.
        """
        clean, action_text = clean_action(action)
        if idempotency_key is not None and (
            not isinstance(idempotency_key, str) or not 0 < len(idempotency_key) <= MAX_KEY_LENGTH
        ):
            raise BadAction(f"an idempotency key is a string of 1 to {MAX_KEY_LENGTH} characters")
        result = None
        async with self._db.exclusive(game_id) as session:
            for _attempt in range(_RETRIES):
                try:
                    result = await self._submit_locked(
                        session, game_id, clean, action_text, expected_version, actor_id,
                        idempotency_key,
                    )
                    break
                except _Moved:
                    continue
        if result is None:
            raise StoreError(_("game {game} kept changing while applying an action; retry",
                               game=game_id))
        if not result.duplicate:
            # The pages hear of it; a finish's transaction owes the game's rating
            # (`_write`): done now, or by a later run.
            await self._core.after_commit.committed(
                game_id, owed=(RATE,) if result.finished else ())
        return result

    async def _submit_locked(
        self,
        session: Session,
        game_id: int,
        action: Action,
        action_text: str,
        expected: int | None,
        actor_id: int | None,
        key: str | None,
    ) -> ActionResult:
        conn = session.conn
        # Load: the cache, else the row and the actions since its snapshot.
        live = self._core.live.get(game_id)
        if live is None:
            live = await self._core.read_live(conn, game_id)
        # Check the version.
        if expected is not None and expected != live.version:
            # The cache could trail a write made by another process: look before refusing.
            live = await self._core.read_live(conn, game_id)
        if key is not None and expected != live.version:
            # A retry carries the version it was first made for, so it looks stale.
            dup = await self._duplicate(conn, game_id, key, action, live)
            if dup is not None:
                return dup
        if expected is not None and expected != live.version:
            raise StaleVersion(game_id, live.version, expected)
        if live.status != ACTIVE:
            raise WrongStatus(game_id, live.status, ACTIVE)

        # Apply the rules.
        engine = live.engine
        outcome = apply_checked(engine, live.state, action)  # nothing written yet
        events = list(outcome.events)
        events_text = dumps(events)
        version = live.version + 1
        over = engine.is_over(outcome.state)
        now = self._clock()

        # Append, with a snapshot now and then, and commit.
        result = dumps(game_result(engine, outcome.state, version)) if over else None
        snapshot = over or version % self._core.snapshot_every == 0
        # The state is written only with a snapshot; loading replays the moves after it.
        text = state_text(engine, outcome.state) if snapshot else None
        sealed = self._seal(engine.name, game_id, live.state, action, events)

        try:
            await _write(session, (game_id, version, actor_id, now, action_text, events_text,
                                   key, text, snapshot, over, result), sealed)
        except IntegrityViolation as exc:
            if _MOVED_MARK in str(exc):
                # Someone else (another process) moved the game: start over from the file.
                self._core.forget(game_id)
                raise _Moved from None
            if key is None or "idem_key" not in str(exc):
                self._core.forget(game_id)
                raise
            # The key was used at an earlier version and the caller refreshed its version.
            dup = await self._duplicate(conn, game_id, key, action, live)
            if dup is None:
                raise
            return dup
        except BaseException:
            self._core.forget(game_id)
            raise
        status = FINISHED if over else ACTIVE
        self._core.remember(game_id, Live(version, status, outcome.state, engine))
        if self.counted is not None:
            self.counted(engine.name)
        return ActionResult(game_id, version, outcome.state, events, duplicate=False,
                            finished=over, at=now)

    def _seal(self, game: str, game_id: int, before: Any, action: Action,
              events: list[Event]) -> list[Commitment]:
        return [] if self.sealer is None else self.sealer(game, game_id, before, action,
                                                           events)

    @staticmethod
    def after_action(game: LoadedGame, result: ActionResult) -> LoadedGame | None:
        """`game` as `result` left it, built without reading, when the action was applied
        now to exactly that game and it goes on (what a click answers with); None when it
        must be loaded: a retry's first result, or the game's end (its result row)."""
        if result.duplicate or result.finished or result.at is None \
                or result.version != game.version + 1 or result.game_id != game.id:
            return None
        row = dataclasses.replace(game.row, version=result.version, updated_at=result.at)
        return LoadedGame(row, game.seats, result.state, game.engine)

    async def _duplicate(
        self, conn: Conn, game_id: int, key: str, action: Action, live: Live
    ) -> ActionResult | None:
        row = await fetch_one(
            conn,
            "SELECT action, events, version FROM actions WHERE game_id = ? AND idem_key = ?",
            (game_id, key),
        )
        if row is None:
            return None
        if json.loads(row["action"]) != action:
            raise KeyReused(game_id, key, row["version"])
        version = row["version"]
        if version == live.version:
            state = live.state
        else:
            state = await state_at_locked(conn, game_id, version, live.engine)
        return ActionResult(
            game_id, version, state, json.loads(row["events"]),
            duplicate=True, finished=live.engine.is_over(state),
        )

    # -- the log ----------------------------------------------------------------------

    async def log(
        self, game_id: int, *, after_version: int = 0, limit: int | None = None
    ) -> list[ActionEntry]:
        """The action log in order, from `after_version` + 1 on (history, replays)."""
        async with self._db.reading_each() as conn:  # the log is read by one statement
            await self._core.status(conn, game_id)
            sql = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
            params: tuple[int, ...] = (game_id, after_version)
            if limit is not None:
                sql, params = sql + " LIMIT ?", (*params, limit)
            rows = await fetch_all(conn, sql, params)
        return [ActionEntry.from_row(r) for r in rows]

    async def state_at(self, game_id: int, version: int) -> Any:
        """The state right after `version` (0: the initial state), rebuilt from the log."""
        async with self._db.reading() as conn:
            row = await self._core.game_row(conn, game_id)
            if row.seed is None:
                raise WrongStatus(game_id, row.status, "started")
            if not 0 <= version <= row.version:
                raise StoreError(f"game {game_id} has versions 0..{row.version}, not {version}")
            return await state_at_locked(conn, game_id, version, self._core.engine(row.game))

    async def commitments(self, game_id: int) -> list[Commitment]:
        """Every commitment of a game, in the order they were made. The salts in them
        are secret until their area's election (D-10.2): callers show a salt only then."""
        async with self._db.reading() as conn:
            return await read_commitments(conn, game_id)


async def state_at_locked(conn: Conn, game_id: int, version: int, engine: GameEngine) -> Any:
    """The state right after `version`, from the snapshot at or before it and the log."""
    snap = await fetch_one(
        conn,
        "SELECT version, state FROM snapshots WHERE game_id = ? AND version <= ? "
        "ORDER BY version DESC LIMIT 1",
        (game_id, version),
    )
    if snap is None:
        raise StateMismatch(game_id, version, "no snapshot at or before this version")
    state = engine.state_from_json(json.loads(snap["state"]))
    for action in await logged_actions(conn, game_id, snap["version"], version):
        state = engine.apply(state, action).state
    return state


async def _write(session: Session, params: tuple[Any, ...],
                 sealed: list[Commitment]) -> None:
    """The action alone is one statement; with the commitments of the stacks it revealed,
    or the rating a finish owes, it is one transaction, so a revealed round never lacks
    them and a finished game is never left unrated."""
    game_id, version, now, finished = params[0], params[1], params[3], params[9]
    if not sealed and not finished:
        await session.write_one(_WRITE, params)
        return
    async with session.in_transaction() as conn:
        await conn.execute(_WRITE, params)
        if sealed:
            await insert_commitments(conn, game_id, version, now, sealed)
        if finished:
            await owe(conn, RATE, game_id, now)


def game_result(engine: GameEngine, state: Any, version: int) -> Any:
    """What is kept as a finished game's result: the engine's own summary if it offers one
    (an optional `result(state)`, bot/games/base.py), else the version it ended at."""
    summary = getattr(engine, "result", None)
    if callable(summary):
        return normalized(summary(state))
    return {"version": version}
