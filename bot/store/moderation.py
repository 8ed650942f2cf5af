"""Moderation (`store.moderation`): the audit log of what moderators did, and undo,
taking the newest actions of a game back out of its log.

The action log is append-only by schema (migration 0001's triggers), and that stays the
rule for everything else. Undo is the one exception, kept narrow: in a single transaction
it moves the game row back to an earlier version and state, removes exactly the actions
after that version and the snapshots taken after it, and writes the audit entry that
keeps the removed actions (who undid what, and when). The delete guard is lifted only
for that transaction (SQLite: dropped and put back from its own stored definition before
COMMIT; PostgreSQL: a setting local to the transaction), so no other connection ever
sees the log unguarded, and any failure rolls everything back, guard included.
Afterwards the log, the snapshots and the game row agree again, so `verify_game`,
`state_at` and `export_game` see an ordinary game at the earlier version.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import _
from bot.store.actions import state_at_locked
from bot.store.backends.sql import fetch_all, fetch_one, newest_first
from bot.store.errors import StaleVersion, StoreError, WrongStatus
from bot.store.rows import ACTION_COLUMNS, ACTIVE, ActionEntry, AuditEntry, dumps
from bot.store.shared import Core, Live, state_text


class Moderation:
    """A moderator's undo and the audit log of what moderators did (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    async def undo(
        self,
        game_id: int,
        *,
        to_version: int,
        expected_version: int,
        moderator_id: int,
        guild_id: int | None,
        detail: dict[str, Any] | None = None,
    ) -> tuple[Any, list[ActionEntry], AuditEntry]:
        """Take a running game back to `to_version`: the actions after it leave the log.

        `expected_version` is the version the moderator's checks looked at; if the game
        moved on meanwhile, StaleVersion and nothing changes. Returns the restored state,
        the removed actions (oldest first) and the audit entry holding them."""
        async with self._db.exclusive(game_id) as session:
            conn = session.conn
            row = await self._core.game_row(conn, game_id)
            if row.status != ACTIVE:
                raise WrongStatus(game_id, row.status, ACTIVE)
            if row.version != expected_version:
                raise StaleVersion(game_id, row.version, expected_version)
            if not 0 <= to_version < row.version:
                raise StoreError(_("game {game} cannot be taken back to version {to} from "
                                   "{now}", game=game_id, to=to_version, now=row.version))
            engine = self._core.engine(row.game)
            state = await state_at_locked(conn, game_id, to_version, engine)
            removed = [ActionEntry.from_row(r) for r in await fetch_all(
                conn,
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? "
                "ORDER BY seq",
                (game_id, to_version),
            )]
            now = self._clock()
            audit_detail = {
                **(detail or {}),
                "from_version": row.version,
                "to_version": to_version,
                "actions": [_entry_json(e) for e in removed],
            }
            try:
                async with session.in_transaction() as conn:
                    moved_back = await conn.execute(
                        "UPDATE games SET version = ?, state = ?, state_version = ?, "
                        "updated_at = ? WHERE id = ? AND version = ? AND status = ?",
                        (to_version, state_text(engine, state), to_version, now, game_id,
                         row.version, ACTIVE),
                    )
                    if moved_back != 1:  # another process moved the game meanwhile
                        raise StoreError(_("game {game} moved on meanwhile; try again",
                                           game=game_id))
                    async with self._db.delete_guard_lifted(conn):
                        deleted = await conn.execute(
                            "DELETE FROM actions WHERE game_id = ? AND seq > ?",
                            (game_id, to_version),
                        )
                    if deleted != len(removed):
                        raise StoreError(_("game {game}: the log changed during undo",
                                           game=game_id))
                    await conn.execute(
                        "DELETE FROM snapshots WHERE game_id = ? AND version > ?",
                        (game_id, to_version),
                    )
                    audit = await fetch_one(
                        conn,
                        "INSERT INTO audit_log (guild_id, game_id, moderator_id, action, "
                        "detail, created_at) VALUES (?, ?, ?, 'undo', ?, ?) RETURNING *",
                        (guild_id, game_id, moderator_id, dumps(audit_detail), now),
                    )
            except BaseException:
                self._core.forget(game_id)
                raise
            assert audit is not None
            self._core.remember(game_id, Live(to_version, ACTIVE, state, engine))
        await self._core.after_commit.committed(game_id)  # the pages show the undo
        return state, removed, AuditEntry.from_row(audit)

    # -- moderator audit log ----------------------------------------------------------

    async def add_audit(
        self,
        *,
        guild_id: int | None,
        moderator_id: int,
        action: str,
        detail: Any = None,
        game_id: int | None = None,
    ) -> AuditEntry:
        detail_text = None if detail is None else dumps(detail)
        async with self._db.transaction() as conn:
            if game_id is not None:
                await self._core.status(conn, game_id)
            row = await fetch_one(
                conn,
                "INSERT INTO audit_log (guild_id, game_id, moderator_id, action, detail, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                (guild_id, game_id, moderator_id, action, detail_text, self._clock()),
            )
        assert row is not None
        return AuditEntry.from_row(row)

    async def list_audit(
        self, *, guild_id: int | None = None, game_id: int | None = None,
        channel_id: int | None = None, limit: int = 50
    ) -> list[AuditEntry]:
        """Newest first. With `channel_id`, only the entries of games played in that
        channel or in a thread of it (a thread chosen itself gives its own alone)."""
        sql, params = newest_first("SELECT * FROM audit_log", [
            ("guild_id = ?", (guild_id,)),
            ("game_id = ?", (game_id,)),
            ("game_id IN (SELECT id FROM games WHERE channel_id = ? OR "
             "parent_channel_id = ?)", (channel_id, channel_id)),
        ], limit)
        async with self._db.reading() as conn:
            rows = await fetch_all(conn, sql, params)
        return [AuditEntry.from_row(r) for r in rows]


def _entry_json(entry: ActionEntry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "actor_id": entry.actor_id,
        "created_at": entry.created_at,
        "action": entry.action,
        "events": entry.events,
    }
