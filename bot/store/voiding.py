"""A moderator's void of a rated game (`/table-admin void`): the game stops counting for
its server's ratings, and every rating of its (server, game) is recomputed from the games
that still count, in finishing order, as `rebuild_ratings()` would. Kept as the game's
decision (reason `VOIDED`), so a rebuild keeps it too; it can be counted again."""

from __future__ import annotations

from bot.store.backends.sql import fetch_one
from bot.store.ratings import RatingsMixin, _replay

VOIDED = "voided by a moderator"


class VoidingMixin(RatingsMixin):
    async def void_rating(self, guild_id: int, game_id: int, *, voided: bool = True) -> str:
        """Void (or, with `voided` False, count again) a finished game of this server.
        What happened: "changed"; "unchanged" (voided already, or counted already);
        "unknown" (not a finished game of the server); "not counted" (it does not count
        anyway: computers, a moderator's end); "not voided" (nothing to count again)."""
        async with self._db.transaction() as conn:
            await self._lock_ratings(conn)
            row = await fetch_one(
                conn, "SELECT game, rated, reason FROM rated_games "
                      "WHERE game_id = ? AND guild_id = ?", (game_id, guild_id))
            if row is None:
                return "unknown"
            if bool(row["rated"]) != voided:  # already as asked
                return "not counted" if voided and row["reason"] != VOIDED else "unchanged"
            if not voided and row["reason"] != VOIDED:
                return "not voided"
            await conn.execute("UPDATE rated_games SET rated = ?, reason = ? WHERE game_id = ?",
                               (not voided, VOIDED if voided else None, game_id))
            await conn.execute("UPDATE game_places SET mu_after = NULL, sigma_after = NULL "
                               "WHERE game_id = ?", (game_id,))
            await _replay(conn, guild_id, row["game"])
            return "changed"
