"""A finished game its server has had already does not count for the ratings again:
importing one finished record many times, with the importer in the winning seat, would
otherwise count the same win once per import."""

from __future__ import annotations

import json
from typing import Any

from bot.store.backends.sql import Conn, fetch_all


async def copy_of_a_game_looked_at(conn: Conn, row: Any) -> bool:
    """Is this finished game one its server has had already: the same game, seed and
    actions (its record imported again)? Counting it again would count the same wins
    once per import."""
    earlier = await fetch_all(
        conn,
        "SELECT g.id FROM games AS g JOIN rated_games AS r ON r.game_id = g.id "
        "WHERE g.guild_id = ? AND g.game = ? AND g.seed = ? AND g.version = ? AND g.id <> ?",
        (row["guild_id"], row["game"], row["seed"], row["version"], row["id"]))
    actions = await _actions_of(conn, row["id"]) if earlier else None
    for other in earlier:
        if await _actions_of(conn, other["id"]) == actions:
            return True
    return False


async def _actions_of(conn: Conn, game_id: int) -> list[Any]:
    rows = await fetch_all(conn, "SELECT action FROM actions WHERE game_id = ? ORDER BY seq",
                           (game_id,))
    return [json.loads(r["action"]) for r in rows]
