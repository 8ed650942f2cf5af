"""What each game's channel shows (migration 0012): the version its messages were last
brought up to date at, written by whichever process showed the step. A step is owed to
its channel from the moment it commits until this row reaches its version, so what is
owed survives a crash without being written in the step's own transaction."""

from __future__ import annotations

from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.shared import Core

# A game the channel may owe steps to: in play, or over with its result not yet shown.
# A finished game without a row was never shown here (an imported record): owed nothing.
_OWED = ("SELECT g.id, g.guild_id FROM games g LEFT JOIN channel_shown s ON s.game_id = g.id "
         "WHERE (g.status = 'active' AND (s.version IS NULL OR s.version <> g.version)) "
         "OR (g.status IN ('finished', 'ended') AND s.version IS NOT NULL "
         "AND s.version <> g.version) ORDER BY g.id")


class Shown:
    """The version each game's channel shows (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db

    async def shown_version(self, game_id: int) -> int | None:
        """The version the game's channel shows; None: never shown."""
        async with self._db.reading() as conn:
            row = await fetch_one(conn, "SELECT version FROM channel_shown WHERE game_id = ?",
                                  (game_id,))
        return None if row is None else int(row["version"])

    async def set_shown(self, game_id: int, version: int) -> None:
        """The channel now shows the game at `version` (written under the game's show
        lock, so the newest show writes last; an undo may make it smaller)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO channel_shown (game_id, version) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version",
                (game_id, version))

    async def games_owed(self) -> list[tuple[int, int | None]]:
        """(game id, server id) of every game whose channel shows an older version than
        the game has: steps committed but not shown (a process died in between)."""
        async with self._db.reading() as conn:
            rows = await fetch_all(conn, _OWED, ())
        return [(int(r["id"]), r["guild_id"]) for r in rows]
