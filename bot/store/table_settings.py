"""Bookkeeping the table service keeps beside a game: lobby colours, settings of a
running game, per-seat clocks (misses, vacation, standing orders), moved deadlines and
each person's reminder preferences."""

from __future__ import annotations

from typing import Any

from bot.store.backends.sql import fetch_all
from bot.store.errors import SeatError, StoreError
from bot.store.rows import LOBBY, OPEN_STATUSES, GameRow, Seat, UserPrefs, dumps
from bot.store.seats import SeatsMixin

NOTIFY_MODES = ("mention", "dm", "off")


class TablesMixin(SeatsMixin):
    async def set_lobby_colour(self, game_id: int, seat: int, colour: str | None) -> Seat:
        async with self._db.transaction() as conn:
            await self._require_status(conn, game_id, LOBBY)
            await self._existing_seat(conn, game_id, seat)
            await conn.execute("UPDATE seats SET colour = ? WHERE game_id = ? AND seat = ?",
                               (colour, game_id, seat))
            return await self._existing_seat(conn, game_id, seat)

    async def update_settings(self, game_id: int, changes: dict[str, Any]) -> GameRow:
        """Merge `changes` into an open game's settings (timing, pause, autopilot...).
        The engine read its own settings at the start; these are the table's."""
        async with self._db.transaction() as conn:
            await self._require_status(conn, game_id, *OPEN_STATUSES)
            row = await self._game_row(conn, game_id)
            merged = {**row.settings, **changes}
            await conn.execute("UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                               (dumps(merged), self._clock(), game_id))
            return await self._game_row(conn, game_id)

    async def update_seat(self, game_id: int, seat: int, *, misses: int | None = None,
                          away_until: float | None | bool = False,
                          away_used: float | None = None,
                          orders: dict[str, Any] | None = None) -> Seat:
        """Change a seat's clock bookkeeping; arguments left out stay as they are
        (away_until=None clears it, False leaves it)."""
        sets: list[str] = []
        params: list[Any] = []
        if misses is not None:
            sets.append("misses = ?")
            params.append(int(misses))
        if away_until is not False:
            sets.append("away_until = ?")
            params.append(away_until)
        if away_used is not None:
            sets.append("away_used = ?")
            params.append(float(away_used))
        if orders is not None:
            sets.append("orders = ?")
            params.append(dumps(orders))
        async with self._db.transaction() as conn:
            await self._existing_seat(conn, game_id, seat)
            if sets:
                await conn.execute(
                    f"UPDATE seats SET {', '.join(sets)} WHERE game_id = ? AND seat = ?",
                    (*params, game_id, seat))
            return await self._existing_seat(conn, game_id, seat)

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

    # -- reminder preferences -------------------------------------------------------

    async def get_user_prefs(self, user_id: int) -> UserPrefs:
        async with self._db.reading() as conn:
            rows = await fetch_all(conn, "SELECT * FROM user_prefs WHERE user_id = ?", (user_id,))
        return UserPrefs.from_row(rows[0]) if rows else UserPrefs(user_id=user_id)

    async def set_user_prefs(self, user_id: int, **changes: Any) -> UserPrefs:
        allowed = {"notify", "tz", "quiet_start", "quiet_end", "digest", "digest_next"}
        unknown = set(changes) - allowed
        if unknown:
            raise StoreError(f"unknown preference {sorted(unknown)[0]!r}")
        if changes.get("notify", "mention") not in NOTIFY_MODES:
            raise SeatError("reminders are by mention, dm or off")
        current = await self.get_user_prefs(user_id)
        merged = {
            "notify": current.notify, "tz": current.tz, "quiet_start": current.quiet_start,
            "quiet_end": current.quiet_end, "digest": int(current.digest),
            "digest_next": current.digest_next, **changes,
        }
        merged["digest"] = int(bool(merged["digest"]))
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, notify, tz, quiet_start, quiet_end, digest, "
                "digest_next, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, "
                "tz = excluded.tz, quiet_start = excluded.quiet_start, "
                "quiet_end = excluded.quiet_end, digest = excluded.digest, "
                "digest_next = excluded.digest_next, updated_at = excluded.updated_at",
                (user_id, merged["notify"], merged["tz"], merged["quiet_start"],
                 merged["quiet_end"], merged["digest"], merged["digest_next"], self._clock()))
        return await self.get_user_prefs(user_id)

    async def due_digests(self, before: float) -> list[UserPrefs]:
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn, "SELECT * FROM user_prefs WHERE digest = 1 AND digest_next <= ? "
                "ORDER BY digest_next", (before,))
        return [UserPrefs.from_row(r) for r in rows]

    async def claim_digest(self, user_id: int, due: float, next_at: float) -> bool:
        """Move a digest due at `due` on to `next_at`. True only for the one caller, of
        all processes sharing the database, that moved it: that caller sends it."""
        async with self._db.transaction() as conn:
            moved = await conn.execute(
                "UPDATE user_prefs SET digest_next = ? "
                "WHERE user_id = ? AND digest = 1 AND digest_next = ?",
                (float(next_at), user_id, float(due)))
        return moved == 1

    async def next_digest_at(self) -> float | None:
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn, "SELECT min(digest_next) FROM user_prefs WHERE digest = 1")
        return rows[0][0] if rows else None
