"""Who a game's segment messages have pinged for their turns (migration 0010): one row
per live segment message, written by whichever process shows the game's step
(cogs/common/bells.py), so another process, or this one after a restart, goes on from it.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from bot.store.backends.sql import fetch_one
from bot.store.shared import Core


class TurnPings(NamedTuple):
    """Those pinged for the turn they are asked now in a message, and when each person
    was last told of a turn there ahead of it, or finished one (seconds)."""

    pinged: frozenset[int]
    told: dict[int, float]


class Pings:
    """Who each segment message has pinged (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db

    async def get_turn_pings(self, game_id: int, message_id: int) -> TurnPings | None:
        """None: nothing is known of the message (posted before this record was kept)."""
        async with self._db.reading() as conn:
            row = await fetch_one(conn, "SELECT pinged, told FROM turn_pings "
                                        "WHERE game_id = ? AND message_id = ?",
                                  (game_id, message_id))
        if row is None:
            return None
        told = json.loads(row["told"])
        return TurnPings(frozenset(json.loads(row["pinged"])),
                         {int(user): float(at) for user, at in told.items()})

    async def set_turn_pings(self, game_id: int, message_id: int, pings: TurnPings) -> None:
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO turn_pings (game_id, message_id, pinged, told) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, message_id) DO UPDATE SET "
                "pinged = excluded.pinged, told = excluded.told",
                (game_id, message_id, json.dumps(sorted(pings.pinged)),
                 json.dumps({str(user): at for user, at in sorted(pings.told.items())})))

    async def drop_turn_pings(self, game_id: int, message_id: int | None = None) -> None:
        """Forget one message's pings (it is closed), or with no message the whole
        game's (it is over)."""
        sql, params = "DELETE FROM turn_pings WHERE game_id = ?", (game_id,)
        if message_id is not None:
            sql, params = sql + " AND message_id = ?", (game_id, message_id)
        async with self._db.transaction() as conn:
            await conn.execute(sql, params)
