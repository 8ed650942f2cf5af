"""A moderator's void of a rated game (`/table-admin void`): the game stops counting for
its server's ratings, and every rating of its (server, game) is recomputed from the games
that still count, in finishing order, as `store.ratings.rebuild()` would. Kept as the game's
decision (reason `VOIDED`), so a rebuild keeps it too; it can be counted again.

Which games a void (or a restore) changes is one SQL condition, `_changes()`: the command
and the list it offers the moderator (`voidable()`) both use it, so the list holds
exactly the games the command would accept."""

from __future__ import annotations

from typing import Any

from bot.store.backends.sql import Database, fetch_all, fetch_one
from bot.store.rating_steps import lock_ratings, replay_scope
from bot.store.rows import GAME_COLUMNS, GameRow
from bot.store.standings import VOIDED

__all__ = ["VOIDED", "void", "voidable"]


def _changes(voided: bool) -> tuple[str, tuple[Any, ...]]:
    """The condition on a `rated_games` row that a void (`voided`) or a restore would
    change, and its parameters: a game that counts can be voided; only a voided game can
    count again (one that does not count for another reason stays as it is)."""
    if voided:
        return "rated = 1", ()
    return "rated = 0 AND reason = ?", (VOIDED,)


async def void(db: Database, guild_id: int, game_id: int, *, voided: bool = True) -> str:
    """Void (or, with `voided` False, count again) a finished game of this server.
    What happened: "changed"; "unchanged" (voided already, or counted already);
    "unknown" (not a finished game of the server); "not counted" (it does not count
    anyway: computers, a moderator's end); "not voided" (nothing to count again)."""
    changes, params = _changes(voided)
    async with db.transaction() as conn:
        await lock_ratings(db, conn)
        row = await fetch_one(
            conn, f"SELECT game, rated, reason, CASE WHEN {changes} THEN 1 ELSE 0 END "
                  f"AS changes FROM rated_games WHERE game_id = ? AND guild_id = ?",
            (*params, game_id, guild_id))
        if row is None:
            return "unknown"
        if not row["changes"]:  # why not: as asked already, or not voided by us
            if voided:
                return "unchanged" if row["reason"] == VOIDED else "not counted"
            return "unchanged" if row["rated"] else "not voided"
        await conn.execute("UPDATE rated_games SET rated = ?, reason = ? WHERE game_id = ?",
                           (not voided, VOIDED if voided else None, game_id))
        await conn.execute("UPDATE game_places SET mu_after = NULL, sigma_after = NULL "
                           "WHERE game_id = ?", (game_id,))
        await replay_scope(conn, guild_id, row["game"])
        return "changed"

async def voidable(db: Database, guild_id: int | None, *, voided: bool = True,
                         limit: int = 25) -> list[GameRow]:
    """The server's finished games that `void(db, guild_id, id, voided=voided)`
    would change ("changed"), newest finish first: those that count, or with
    `voided` False those a moderator voided."""
    if guild_id is None:  # ratings are kept per server
        return []
    changes, params = _changes(voided)
    async with db.reading() as conn:
        rows = await fetch_all(
            conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id IN (SELECT game_id FROM "
                  f"rated_games WHERE guild_id = ? AND ({changes})) "
                  f"ORDER BY finished_at DESC, id DESC LIMIT ?",
            (guild_id, *params, limit))
    return [GameRow.from_row(r) for r in rows]
