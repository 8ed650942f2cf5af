"""Moderator undo: taking the newest actions of a game back out of its log.

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

from bot.i18n import _, _n
from bot.store.actions import ActionsMixin
from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.errors import SeatError, StaleVersion, StoreError, WrongStatus
from bot.store.records import RecordsMixin
from bot.store.rows import ACTION_COLUMNS, ACTIVE, ActionEntry, AuditEntry, LoadedGame, dumps
from bot.store.shared import Live, state_text

PUBLIC_EXPORT_FORMAT = "colovini-public-view"


class ModerationMixin(RecordsMixin, ActionsMixin):
    async def export_public(self, game_id: int) -> dict[str, Any]:
        """A running game as a spectator sees it: players, settings, the narrative of
        its events and the engine's public view. Unlike `export_game` it holds no action,
        ballot, marker value or seed, so it may leave the table mid-game (D-10.2)."""
        game = await self.load_game(game_id)
        if game.state is None:
            raise WrongStatus(game_id, game.row.status, "started")
        players = game.row.players
        narrative = [game.engine.describe(ev, players)
                     for e in await self.list_actions(game_id) for ev in e.events]
        return {
            "format": PUBLIC_EXPORT_FORMAT,
            "partial": True,
            "note": "A running game: public information only, no secret. The full record "
                    "can be exported once the game is over.",
            "game": game.row.game,
            "status": game.row.status,
            "version": game.version,
            "players": [{"seat": i, **p.to_json()} for i, p in enumerate(players)],
            "settings": {k: v for k, v in game.row.settings.items() if k != "seed"},
            "narrative": narrative,
            "view": game.engine.public_view(game.state, None).to_json(),
        }

    async def import_for_people(
        self,
        record: Any,
        *,
        people: list[int],
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None = None,
        created_by: int | None = None,
    ) -> LoadedGame:
        """`import_game`, with `people` taking the record's seats that are not computer
        players, in seat order; seats left over have nobody (the bot plays them)."""
        specs = record.get("players") if isinstance(record, dict) else None
        specs = specs if isinstance(specs, list) else []
        seats = [i for i, p in enumerate(specs) if not (isinstance(p, dict) and p.get("is_bot"))]
        if len(set(people)) != len(people):
            raise SeatError(_("each person can take one seat only"))
        if len(people) > len(seats):
            raise SeatError(_n("the record has {n} seat for people, not {people}",
                               "the record has {n} seats for people, not {people}",
                               len(seats), people=len(people)))
        user_ids: list[int | None] = [None] * len(specs)
        for seat, user_id in zip(seats, people, strict=False):
            user_ids[seat] = user_id
        return await self.import_game(
            record, guild_id=guild_id, channel_id=channel_id,
            parent_channel_id=parent_channel_id, user_ids=user_ids, created_by=created_by)

    async def undo_actions(
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
            row = await self._game_row(conn, game_id)
            if row.status != ACTIVE:
                raise WrongStatus(game_id, row.status, ACTIVE)
            if row.version != expected_version:
                raise StaleVersion(game_id, row.version, expected_version)
            if not 0 <= to_version < row.version:
                raise StoreError(_("game {game} cannot be taken back to version {to} from "
                                   "{now}", game=game_id, to=to_version, now=row.version))
            engine = self.engine(row.game)
            state = await self._state_at_locked(conn, game_id, to_version, engine)
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
                self._forget(game_id)
                raise
            assert audit is not None
            self._remember(game_id, Live(to_version, ACTIVE, state, engine))
        return state, removed, AuditEntry.from_row(audit)


def _entry_json(entry: ActionEntry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "actor_id": entry.actor_id,
        "created_at": entry.created_at,
        "action": entry.action,
        "events": entry.events,
    }
