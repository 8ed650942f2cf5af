"""Settings (`store.tables`): each server's settings, those of a running table, and each
person's reminder preferences and digests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.deadlines import UNSET, _Unset
from bot.store.errors import SeatError, StoreError
from bot.store.rows import OPEN_STATUSES, GameRow, GuildSettings, UserPrefs, dumps
from bot.store.shared import Core

NOTIFY_MODES = ("mention", "dm", "off")
_GUILD_SQL = "SELECT * FROM guild_settings WHERE guild_id = ?"




class Tables:
    """Settings of the tables, of each server and of each person (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings, or the defaults if it never set any."""
        async with self._db.reading() as conn:
            row = await fetch_one(conn, _GUILD_SQL, (guild_id,))
        return GuildSettings(guild_id) if row is None else GuildSettings.from_row(row)

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        moderator_role_id: int | None | _Unset = UNSET,
        default_timing: dict[str, Any] | _Unset = UNSET,
        extra: dict[str, Any] | _Unset = UNSET,
    ) -> GuildSettings:
        """Change only the fields given (None clears the moderator role)."""
        async with self._db.transaction() as conn:
            row = await fetch_one(conn, _GUILD_SQL + conn.row_lock, (guild_id,))
            old = GuildSettings(guild_id) if row is None else GuildSettings.from_row(row)
            new = GuildSettings(
                guild_id=guild_id,
                moderator_role_id=(
                    old.moderator_role_id if isinstance(moderator_role_id, _Unset)
                    else moderator_role_id
                ),
                default_timing=(
                    old.default_timing if isinstance(default_timing, _Unset) else default_timing
                ),
                extra=old.extra if isinstance(extra, _Unset) else extra,
                updated_at=self._clock(),
            )
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, moderator_role_id, default_timing, extra, "
                "updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "moderator_role_id = excluded.moderator_role_id, "
                "default_timing = excluded.default_timing, extra = excluded.extra, "
                "updated_at = excluded.updated_at",
                (guild_id, new.moderator_role_id, dumps(new.default_timing), dumps(new.extra),
                 new.updated_at),
            )
            await self._db.notify_settings(conn, guild_id)  # what others hold of it is old
        return new

    async def watch_settings(self, changed: Callable[[int | None], None]) -> None:
        """Call `changed(guild_id)` whenever a server's settings change, in any process;
        `changed(None)` when changes may have gone unheard (a lost connection)."""
        await self._db.watch_settings(changed)

    # -- a table's settings ------------------------------------------------------------

    async def update_settings(self, game_id: int, changes: dict[str, Any]) -> GameRow:
        """Merge `changes` into an open game's settings (timing, pause, autopilot...).
        The engine read its own settings at the start; these are the table's."""
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, *OPEN_STATUSES)
            row = await self._core.game_row(conn, game_id)
            merged = {**row.settings, **changes}
            await conn.execute("UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                               (dumps(merged), self._clock(), game_id))
            return await self._core.game_row(conn, game_id)

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
