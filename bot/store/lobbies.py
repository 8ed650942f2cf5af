"""Lobbies (`store.lobbies`): a table waiting for players, who join, leave and choose
their colours; `store.games.start_game` turns it into a running game."""

from __future__ import annotations

from typing import Any

from bot.store.backends.sql import Conn, fetch_all, fetch_one
from bot.store.errors import SeatError
from bot.store.games import Games
from bot.store.rows import LOBBY, GameRow, Seat, dumps
from bot.store.seats import existing_seat
from bot.store.shared import Core


class Lobbies:
    """Lobbies from opening to start (one store's part)."""

    def __init__(self, core: Core, games: Games) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock
        self._games = games

    async def create(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None = None,
        created_by: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> GameRow:
        """A game waiting for players: no seed and no state until `store.games.start_game`."""
        self._core.engine(game)  # an unknown game name fails here, not at start
        settings_text = dumps(settings or {})
        async with self._db.transaction() as conn:
            game_id = await self._games.insert_game(
                conn, game, LOBBY, guild_id, channel_id, parent_channel_id, created_by,
                settings_text, seed=None, players="[]", state=None,
            )
            return await self._core.game_row(conn, game_id)

    async def join(
        self, game_id: int, *, user_id: int, name: str, colour: str | None = None
    ) -> Seat:
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, LOBBY)
            taken = await fetch_one(
                conn, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if taken is not None:
                raise SeatError(
                    f"user {user_id} already has seat {taken['seat']} in game {game_id}"
                )
            return await self._append_seat(conn, game_id, user_id, name, colour, is_bot=False)

    async def add_ai_seat(self, game_id: int, *, name: str, colour: str | None = None) -> Seat:
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, LOBBY)
            return await self._append_seat(conn, game_id, None, name, colour, is_bot=True)

    async def remove_seat(self, game_id: int, seat: int) -> None:
        """Free a lobby seat; the seats after it move down so seats stay 0..n-1."""
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, LOBBY)
            await self._remove_seat(conn, game_id, seat)

    async def leave(self, game_id: int, user_id: int) -> bool:
        """Remove the user's lobby seat; False if they had none."""
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, LOBBY)
            row = await fetch_one(
                conn, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None:
                return False
            await self._remove_seat(conn, game_id, row["seat"])
            return True

    async def set_settings(self, game_id: int, settings: dict[str, Any]) -> GameRow:
        text = dumps(settings)
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, LOBBY)
            await conn.execute(
                "UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                (text, self._clock(), game_id),
            )
            return await self._core.game_row(conn, game_id)

    async def set_colour(self, game_id: int, seat: int, colour: str | None) -> Seat:
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, LOBBY)
            await existing_seat(self._core, conn, game_id, seat)
            await conn.execute("UPDATE seats SET colour = ? WHERE game_id = ? AND seat = ?",
                               (colour, game_id, seat))
            return await existing_seat(self._core, conn, game_id, seat)

    async def _remove_seat(self, conn: Conn, game_id: int, seat: int) -> None:
        removed = await conn.execute(
            "DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
        )
        if removed != 1:
            raise SeatError(f"game {game_id} has no seat {seat}")
        rows = await fetch_all(
            conn, "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat",
            (game_id, seat),
        )
        # One row at a time, in order, so the primary key never collides mid-update.
        for row in rows:
            await conn.execute(
                "UPDATE seats SET seat = seat - 1 WHERE game_id = ? AND seat = ?",
                (game_id, row["seat"]),
            )
        await self._core.touch(conn, game_id)

    async def _append_seat(
        self,
        conn: Conn,
        game_id: int,
        user_id: int | None,
        name: str,
        colour: str | None,
        *,
        is_bot: bool,
    ) -> Seat:
        row = await fetch_one(
            conn, "SELECT COUNT(*) AS n FROM seats WHERE game_id = ?", (game_id,)
        )
        seat = int(row["n"]) if row is not None else 0
        await conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, colour, is_bot, joined_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seat, user_id, name, colour, int(is_bot), self._clock()),
        )
        await self._core.touch(conn, game_id)
        found = await self._core.seat(conn, game_id, seat)
        assert found is not None
        return found
