"""Changing who plays a seat once a game runs: replacement, AI takeover, autopilot and
notification preference. None of this touches the engine state or the game version: the
engine knows seats by index, and the table service decides who acts for them."""

from __future__ import annotations

from bot.store.backends.sql import Conn, fetch_all
from bot.store.errors import SeatError
from bot.store.rows import OPEN_STATUSES, Seat
from bot.store.shared import StoreBase


class SeatsMixin(StoreBase):
    async def replace_seat_user(
        self, game_id: int, seat: int, *, user_id: int, name: str | None = None
    ) -> Seat:
        """Hand a seat to another user (a substitute, or a human taking over an AI seat).
        The previous user is kept in replaced_from."""
        async with self._db.transaction() as conn:
            await self._require_status(conn, game_id, *OPEN_STATUSES)
            current = await self._existing_seat(conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET user_id = ?, name = ?, is_bot = 0, autopilot = 0, "
                "replaced_from = ? WHERE game_id = ? AND seat = ?",
                (user_id, name or current.name, current.user_id, game_id, seat),
            )
            await self._touch(conn, game_id)
            return await self._existing_seat(conn, game_id, seat)

    async def hand_seat_to_ai(self, game_id: int, seat: int) -> Seat:
        """The bot plays this seat for good (a player left). The user is kept in
        replaced_from so a moderator can see who it was."""
        async with self._db.transaction() as conn:
            await self._require_status(conn, game_id, *OPEN_STATUSES)
            current = await self._existing_seat(conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET user_id = NULL, is_bot = 1, autopilot = 0, "
                "replaced_from = coalesce(?, replaced_from) WHERE game_id = ? AND seat = ?",
                (current.user_id, game_id, seat),
            )
            await self._touch(conn, game_id)
            return await self._existing_seat(conn, game_id, seat)

    async def set_autopilot(self, game_id: int, seat: int, on: bool) -> Seat:
        """The bot plays for a seat while its user stays seated (away, timed out)."""
        async with self._db.transaction() as conn:
            await self._require_status(conn, game_id, *OPEN_STATUSES)
            await self._existing_seat(conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET autopilot = ? WHERE game_id = ? AND seat = ?",
                (int(on), game_id, seat),
            )
            return await self._existing_seat(conn, game_id, seat)

    async def set_notify(self, game_id: int, seat: int, notify: str) -> Seat:
        """How the seat wants to hear it is their turn (the table service gives the
        values meaning: e.g. mention, dm, none)."""
        if not notify or len(notify) > 32:
            raise SeatError("a notify preference is a short non-empty word")
        async with self._db.transaction() as conn:
            await self._existing_seat(conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET notify = ? WHERE game_id = ? AND seat = ?",
                (notify, game_id, seat),
            )
            return await self._existing_seat(conn, game_id, seat)

    async def seats_of_user(self, user_id: int, *, open_only: bool = True) -> list[Seat]:
        """Every seat the user holds, to answer "my games"."""
        sql = (
            "SELECT s.game_id, s.seat, s.user_id, s.name, s.colour, s.is_bot, s.replaced_from, "
            "s.notify, s.autopilot, s.joined_at, s.misses, s.away_until, s.away_used, s.orders "
            "FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.user_id = ?"
        )
        if open_only:
            sql += " AND g.status IN ('lobby', 'active')"
        sql += " ORDER BY s.game_id, s.seat"
        async with self._db.reading() as conn:
            rows = await fetch_all(conn, sql, (user_id,))
        return [Seat.from_row(r) for r in rows]

    async def _existing_seat(self, conn: Conn, game_id: int, seat: int) -> Seat:
        found = await self._seat(conn, game_id, seat)
        if found is None:
            await self._status(conn, game_id)  # UnknownGame first, if that is the problem
            raise SeatError(f"game {game_id} has no seat {seat}")
        return found
