"""Seats (`store.seats`): who plays a seat once a game runs (replacement, AI takeover,
autopilot), its notification preference and its clock's bookkeeping. None of this
touches the engine state or the game version: the engine knows seats by index, and the
table service decides who acts for them. Also the
name a seat's holder goes by (`own_name`, `holders_names`): a seat handed on carries
its new holder's name, never the one who left."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.backends.sql import Conn, fetch_all, fetch_one
from bot.store.errors import SeatError
from bot.store.rows import LOBBY, OPEN_STATUSES, Seat, dumps
from bot.store.shared import Core


class Seats:
    """Who plays each seat of a game, and the seat's own bookkeeping (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db

    async def replace_seat_user(
        self, game_id: int, seat: int, *, user_id: int, name: str | None = None
    ) -> Seat:
        """Hand a seat to another user (a substitute, or a human taking over an AI seat).
        The previous user is kept in replaced_from. From now on the seat carries the new
        user's name: `name` (what Discord calls them; callers should pass it), else the
        name they last joined a table with (`own_name`); only a user the store has never
        seen keeps the seat's old name."""
        async with self._db.transaction() as conn:
            status = await self._core.require_status(conn, game_id, *OPEN_STATUSES)
            current = await existing_seat(self._core, conn, game_id, seat)
            shown = name or await own_name(conn, user_id, game_id) or current.name
            # A computer seat taken over keeps the trace that the computer played it (in a
            # lobby it has not played yet).
            played = int(status != LOBBY)
            await conn.execute(
                "UPDATE seats SET user_id = ?, name = ?, is_bot = 0, autopilot = 0, "
                "computer_played = CASE WHEN is_bot = 1 AND ? = 1 THEN 1 ELSE computer_played "
                "END, replaced_from = ? WHERE game_id = ? AND seat = ?",
                (user_id, shown, played, current.user_id, game_id, seat),
            )
            await self._core.touch(conn, game_id)
            return await existing_seat(self._core, conn, game_id, seat)

    async def hand_seat_to_ai(self, game_id: int, seat: int) -> Seat:
        """The bot plays this seat for good (a player left). The user is kept in
        replaced_from so a moderator can see who it was; computer_played stays set even
        if a person takes the seat later, as the game then had a computer player."""
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, *OPEN_STATUSES)
            current = await existing_seat(self._core, conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET user_id = NULL, is_bot = 1, autopilot = 0, "
                "computer_played = 1, replaced_from = coalesce(?, replaced_from) "
                "WHERE game_id = ? AND seat = ?",
                (current.user_id, game_id, seat),
            )
            await self._core.touch(conn, game_id)
            return await existing_seat(self._core, conn, game_id, seat)

    async def set_autopilot(self, game_id: int, seat: int, on: bool) -> Seat:
        """The bot plays for a seat while its user stays seated (away, timed out)."""
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, *OPEN_STATUSES)
            await existing_seat(self._core, conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET autopilot = ? WHERE game_id = ? AND seat = ?",
                (int(on), game_id, seat),
            )
            return await existing_seat(self._core, conn, game_id, seat)

    async def set_notify(self, game_id: int, seat: int, notify: str) -> Seat:
        """How the seat wants to hear it is their turn (the table service gives the
        values meaning: e.g. mention, dm, none)."""
        if not notify or len(notify) > 32:
            raise SeatError("a notify preference is a short non-empty word")
        async with self._db.transaction() as conn:
            await existing_seat(self._core, conn, game_id, seat)
            await conn.execute(
                "UPDATE seats SET notify = ? WHERE game_id = ? AND seat = ?",
                (notify, game_id, seat),
            )
            return await existing_seat(self._core, conn, game_id, seat)

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
            await existing_seat(self._core, conn, game_id, seat)
            if sets:
                await conn.execute(
                    f"UPDATE seats SET {', '.join(sets)} WHERE game_id = ? AND seat = ?",
                    (*params, game_id, seat))
            return await existing_seat(self._core, conn, game_id, seat)

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


async def existing_seat(core: Core, conn: Conn, game_id: int, seat: int) -> Seat:
    """The seat; SeatError when the game has no such seat (UnknownGame first, if that is
    the problem)."""
    found = await core.seat(conn, game_id, seat)
    if found is None:
        await core.status(conn, game_id)
        raise SeatError(f"game {game_id} has no seat {seat}")
    return found


async def own_name(conn: Conn, user_id: int, game_id: int) -> str | None:
    """The name the user last joined a table with, in the server of `game_id` if they
    played there (a nickname is per server): a seat they took themselves, never one
    handed to them, whose name may be whoever held it before."""
    row = await fetch_one(
        conn,
        "SELECT s.name FROM seats AS s JOIN games AS g ON g.id = s.game_id "
        "WHERE s.user_id = ? AND s.is_bot = 0 AND s.replaced_from IS NULL "
        "AND s.computer_played = 0 "
        "ORDER BY CASE WHEN g.guild_id = (SELECT guild_id FROM games WHERE id = ?) "
        "THEN 0 ELSE 1 END, s.joined_at DESC, s.game_id DESC LIMIT 1",
        (user_id, game_id),
    )
    return None if row is None else str(row["name"])


async def holders_names(conn: Conn, game_id: int, players: str,
                        seats: Sequence[Any]) -> dict[int, str]:
    """Each seat holder's own name in a game (seat rows with seat, user_id, name,
    replaced_from, computer_played; `players`: the game's players as it started, JSON).
    A seat handed on that still bears its starting name was renamed by nobody (a
    replacement made before seats took the new holder's name): its holder is named as
    they last joined a table, if the store knows."""
    started = [p.get("name") for p in json.loads(players or "[]")]
    names: dict[int, str] = {}
    for s in seats:
        if s["user_id"] is None:
            continue
        handed_on = s["replaced_from"] is not None or bool(s["computer_played"])
        stale = handed_on and s["seat"] < len(started) and s["name"] == started[s["seat"]]
        own = await own_name(conn, int(s["user_id"]), game_id) if stale else None
        names[int(s["user_id"])] = own or s["name"]
    return names
