"""Deadlines (`store.deadlines`): when each seat or table must act, the reminder stages
sent before it, paused and moved clocks, and the claims by which the table clocks of
several processes share them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from bot.store.backends.sql import Conn, fetch_all, fetch_one
from bot.store.errors import StoreError
from bot.store.rows import (
    DEADLINE_COLUMNS,
    Deadline,
)
from bot.store.shared import Core


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()
MAX_STAGE = 30  # stages are bits of an INTEGER column

_DEADLINE_SLOT = "(game_id, ifnull(seat, -1), kind)"
# Creates the (game, seat, kind) deadline or moves it, starting its reminders afresh.
_SET_DEADLINE = (
    "INSERT INTO deadlines (game_id, seat, kind, due_at, created_at) "
    f"VALUES (?, ?, ?, ?, ?) ON CONFLICT {_DEADLINE_SLOT} DO UPDATE SET "
    "due_at = excluded.due_at, stages_sent = 0, paused_remaining = NULL, "
    "claimed_by = NULL, claimed_until = NULL"
)
# Every process's table clock re-reads the deadlines at least this often
# (bot/tables/clock.py), so only a row due sooner has to wake the other processes' clocks
# at once: NOTIFY, whose commits PostgreSQL serializes across the whole server, is kept
# for those.
WAKE_HORIZON_S = 300.0
# When a row next needs someone: its due time, or the end of another process's claim.
_WAKE_AT = "CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END"
# The version a game's deadlines are in step with (migration 0015).
_IN_STEP = ("INSERT INTO deadlines_in_step (game_id, version) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version")
# Running games whose deadlines trail a step: owed to the `deadlines` handler.
_BEHIND = ("SELECT g.id FROM games g JOIN deadlines_in_step d ON d.game_id = g.id "
           "WHERE g.status = 'active' AND d.version <> g.version ORDER BY g.id")


class DeadlineSlot(NamedTuple):
    """A deadline to create or move: the seat it waits for (None: the table), its kind
    and when it falls due."""

    seat: int | None
    kind: str
    due_at: float


async def _pause(conn: Conn, game_id: int, now: float) -> int:
    return await conn.execute(
        "UPDATE deadlines SET due_at = NULL, paused_remaining = "
        "CASE WHEN due_at > ? THEN due_at - ? ELSE 0.0 END "
        "WHERE game_id = ? AND due_at IS NOT NULL",
        (float(now), float(now), game_id),
    )


class Deadlines:
    """A game's deadlines and their reminder stages, claimed by the table clocks (one
    store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    # -- deadlines --------------------------------------------------------------------

    async def set_deadline(
        self, game_id: int, kind: str, due_at: float, *, seat: int | None = None
    ) -> Deadline:
        """Create or move the (game, seat, kind) deadline. Moving it starts its reminders
        afresh and unpauses it."""
        async with self._db.transaction() as conn:
            await self._core.status(conn, game_id)
            row = await fetch_one(conn, f"{_SET_DEADLINE} RETURNING {DEADLINE_COLUMNS}",
                                  (game_id, seat, kind, float(due_at), self._clock()))
            if self._soon(due_at):
                await self._db.notify_deadlines(conn)
        assert row is not None
        return Deadline.from_row(row)

    async def change_deadlines(
        self, game_id: int, *, drop: Sequence[int] = (), add: Sequence[DeadlineSlot] = (),
        pause_at: float | None = None, in_step: int | None = None,
    ) -> None:
        """A step's deadline changes as one transaction: the rows `drop` names go, the
        `add` slots are created or moved (as set_deadline does), with `pause_at` the
        game's clocks stop at that moment (a paused table), and with `in_step` the game's
        deadlines are marked in step with that version. Nothing to change, no
        transaction. Dropping alone (a seat answered, others are still awaited) is one
        statement: it takes only the game's own rows, so it need not look at the game;
        nor need dropping and marking, in one transaction."""
        if not drop and not add and pause_at is None and in_step is None:
            return
        dropping = (f"DELETE FROM deadlines WHERE game_id = ? "
                    f"AND id IN ({', '.join('?' * len(drop))})", (game_id, *drop))
        if not add and pause_at is None and in_step is None:
            async with self._db.exclusive(game_id) as session:
                await session.write_one(*dropping)
            return
        async with self._db.transaction() as conn:
            if add or pause_at is not None:
                await self._core.status(conn, game_id)
            if in_step is not None:
                await conn.execute(_IN_STEP, (game_id, in_step))
            if drop:
                await conn.execute(*dropping)
            if add:
                now = self._clock()
                await conn.executemany(_SET_DEADLINE, [
                    (game_id, slot.seat, slot.kind, float(slot.due_at), now) for slot in add])
            if pause_at is not None:
                await _pause(conn, game_id, pause_at)
            elif any(self._soon(slot.due_at) for slot in add):
                await self._db.notify_deadlines(conn)

    async def games_behind(self) -> list[int]:
        """Running games whose deadlines trail a step (the `deadlines` after-commit
        handler's work, bot/tables/clock.py)."""
        async with self._db.reading_each() as conn:
            return [int(r["id"]) for r in await fetch_all(conn, _BEHIND, ())]

    async def in_step_versions(self) -> dict[int, int]:
        """Every running game's version its deadlines are in step with, by game."""
        async with self._db.reading_each() as conn:
            rows = await fetch_all(
                conn, "SELECT d.game_id, d.version FROM deadlines_in_step d "
                      "JOIN games g ON g.id = d.game_id WHERE g.status = 'active'", ())
        return {int(r["game_id"]): int(r["version"]) for r in rows}

    async def in_step_version(self, game_id: int) -> int | None:
        """The version the game's deadlines were last brought in step at."""
        async with self._db.reading_each() as conn:
            row = await fetch_one(conn, "SELECT version FROM deadlines_in_step "
                                        "WHERE game_id = ?", (game_id,))
        return None if row is None else int(row["version"])

    def _soon(self, due_at: float) -> bool:
        """Whether a row falls due before every other clock looks again by itself."""
        return due_at < self._clock() + WAKE_HORIZON_S

    async def get_deadlines(self, game_id: int) -> list[Deadline]:
        async with self._db.reading_each() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT {DEADLINE_COLUMNS} FROM deadlines WHERE game_id = ? ORDER BY id",
                (game_id,),
            )
        return [Deadline.from_row(r) for r in rows]

    async def due_deadlines(self, before: float, *, limit: int = 100) -> list[Deadline]:
        """Unpaused deadlines due at or before `before`, soonest first."""
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT {DEADLINE_COLUMNS} FROM deadlines WHERE due_at <= ? "
                "ORDER BY due_at, id LIMIT ?",
                (before, limit),
            )
        return [Deadline.from_row(r) for r in rows]

    async def claim_due_deadlines(
        self, before: float, *, owner: str, lease: float, limit: int = 100
    ) -> list[Deadline]:
        """Claim unpaused deadlines due at or before `before` that nobody holds (or whose
        holder's claim ran out), soonest first: for `lease` seconds no other caller, in
        any process, gets them. A game's due rows are claimed together (the games of the
        `limit` soonest rows, each whole), so one caller tells a game's reminders in one
        message. Games another process is claiming right now are skipped, not waited for
        (PostgreSQL: an advisory lock per game and SKIP LOCKED)."""
        due = "due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
        async with self._db.transaction() as conn:
            rows = await fetch_all(
                conn,
                "UPDATE deadlines SET claimed_by = ?, claimed_until = ? WHERE id IN ("
                f"SELECT id FROM deadlines WHERE {due} AND game_id IN ("
                # The soonest rows in order, each one's game tried as it comes, until
                # `limit` rows are taken: MATERIALIZED keeps the try out of the sorted
                # scan, which would otherwise try (and take) every due game at once.
                f"WITH soonest AS MATERIALIZED (SELECT game_id FROM deadlines WHERE {due} "
                f"ORDER BY due_at, id) "
                f"SELECT game_id FROM soonest WHERE {self._db.takes_game} LIMIT ?)"
                f"{self._db.skip_locked}) RETURNING {DEADLINE_COLUMNS}",
                (owner, before + lease, *(float(before),) * 4, limit),
            )
        found = [Deadline.from_row(r) for r in rows]
        return sorted(found, key=lambda d: (d.due_at or 0.0, d.id))

    async def next_due_at(self) -> float | None:
        """When the soonest unpaused deadline falls due, or another process's claim on
        it runs out (for the scheduler's sleep)."""
        async with self._db.reading() as conn:
            row = await fetch_one(conn, f"SELECT min({_WAKE_AT}) AS t FROM deadlines")
        return None if row is None else row["t"]

    async def mark_reminder_sent(self, deadline_id: int, stage: int) -> bool:
        """Record that reminder `stage` went out. True only the first time, so two
        schedulers racing (or a retry after a crash) send each reminder once."""
        if not 0 <= stage <= MAX_STAGE:
            raise StoreError(f"a reminder stage is 0..{MAX_STAGE}, not {stage}")
        bit = 1 << stage
        async with self._db.transaction() as conn:
            changed = await conn.execute(
                "UPDATE deadlines SET stages_sent = stages_sent | ? "
                "WHERE id = ? AND stages_sent & ? = 0",
                (bit, deadline_id, bit),
            )
            return changed == 1

    async def delete_deadline(self, deadline_id: int) -> bool:
        async with self._db.transaction() as conn:
            return await conn.execute("DELETE FROM deadlines WHERE id = ?", (deadline_id,)) == 1

    async def delete_deadlines(self, ids: list[int], *, claimed_by: str) -> int:
        """Delete deadlines that `claimed_by` holds; rows moved meanwhile (a new deadline
        in the same slot, claim cleared) or claimed by someone else stay."""
        if not ids:
            return 0
        async with self._db.transaction() as conn:
            return await conn.execute(
                f"DELETE FROM deadlines WHERE claimed_by = ? "
                f"AND id IN ({', '.join('?' * len(ids))})", (claimed_by, *ids))

    async def release_claims(self, owner: str) -> int:
        """Let go of every row `owner` claimed and has not handled (a clock stopping):
        another process, or this one started again, takes them at once instead of after
        the lease. A row handled but not yet removed is found answered and dropped."""
        async with self._db.transaction() as conn:
            return await conn.execute(
                "UPDATE deadlines SET claimed_by = NULL, claimed_until = NULL "
                "WHERE claimed_by = ?", (owner,))

    async def clear_deadlines(
        self, game_id: int, *, seat: int | None | _Unset = UNSET, kind: str | None = None
    ) -> int:
        """Delete a game's deadlines, all of them or those of one seat and/or kind
        (seat=None means the table-wide ones)."""
        sql = "DELETE FROM deadlines WHERE game_id = ?"
        params: list[Any] = [game_id]
        if not isinstance(seat, _Unset):
            sql += " AND ifnull(seat, -1) = ?"
            params.append(-1 if seat is None else seat)
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        async with self._db.transaction() as conn:
            return await conn.execute(sql, params)

    async def pause_deadlines(self, game_id: int, *, now: float | None = None) -> int:
        """Stop a game's clocks, keeping the time each deadline had left."""
        now = self._clock() if now is None else now
        async with self._db.transaction() as conn:
            return await _pause(conn, game_id, now)

    async def resume_deadlines(self, game_id: int, *, now: float | None = None) -> int:
        now = self._clock() if now is None else now
        async with self._db.transaction() as conn:
            resumed = await conn.execute(
                "UPDATE deadlines SET due_at = ? + paused_remaining, paused_remaining = NULL "
                "WHERE game_id = ? AND due_at IS NULL",
                (float(now), game_id),
            )
            await self._db.notify_deadlines(conn)
            return resumed

    async def shift_deadlines(self, game_id: int, seconds: float, *,
                              seat: int | None = None) -> int:
        """Move a game's running clocks (or one seat's) by `seconds`; paused ones keep
        `seconds` more when they resume. A computer seat's `think:` row is no clock of a
        player's and stays (bot/tables/clock.py)."""
        where = "game_id = ? AND kind NOT LIKE 'think:%'" + ("" if seat is None
                                                             else " AND seat = ?")
        params: tuple[Any, ...] = (game_id,) if seat is None else (game_id, seat)
        async with self._db.transaction() as conn:
            moved = await conn.execute(
                "UPDATE deadlines SET due_at = due_at + ? "
                f"WHERE {where} AND due_at IS NOT NULL", (float(seconds), *params))
            moved += await conn.execute(
                "UPDATE deadlines SET paused_remaining = paused_remaining + ? "
                f"WHERE {where} AND due_at IS NULL", (float(seconds), *params))
            await self._db.notify_deadlines(conn)
            return moved

    async def watch(self, wake: Callable[[], None]) -> None:
        """Call `wake()` whenever another process changes deadlines."""
        await self._db.watch_deadlines(wake)
