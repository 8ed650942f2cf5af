"""Sealed stacks of hidden values (bot/games/sealing.py: a game's face-down ballots),
kept with their salts; each game's sealing says what is hashed. Nothing here makes
salts: the table layer installs a `Sealer` (bot/tables/commitments.py), and the store
writes what it returns in the same transaction as the action that revealed them
(bot/store/actions.py), and `store.actions.commitments` reads them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.base import Action, Event
from bot.games.sealing import Commitment
from bot.store.backends.sql import Conn, fetch_all

# (game name, game id, the state before the action, the action, its events) -> the
# commitments of the stacks it revealed, if any.
Sealer = Callable[[str, int, Any, Action, list[Event]], list[Commitment]]

_COLUMNS = "year, area, seat, version, markers, salt, sha256"


async def insert_commitments(conn: Conn, game_id: int, version: int, now: float,
                             rows: Sequence[Commitment]) -> None:
    """Inside the action's own transaction; a second row for a stack is refused by the
    primary key, and the whole action with it."""
    await conn.executemany(
        f"INSERT INTO commitments (game_id, {_COLUMNS}, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game_id, c.year, c.area, c.seat, version, json.dumps(list(c.markers)), c.salt,
          c.sha256, now) for c in rows],
    )


async def read_commitments(conn: Conn, game_id: int) -> list[Commitment]:
    rows = await fetch_all(
        conn, f"SELECT {_COLUMNS} FROM commitments WHERE game_id = ? "
              "ORDER BY version, year, seat, area", (game_id,))
    return [Commitment(r["year"], r["area"], r["seat"], tuple(json.loads(r["markers"])),
                       r["salt"], r["sha256"], r["version"]) for r in rows]
