"""The bot's messages of each game (`store.messages`): which Discord message is the
game's message of each kind, so the bot edits or deletes it later, after a restart too."""

from __future__ import annotations

from bot.store.after_commit import settle
from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.rows import BotMessage
from bot.store.shared import Core


class Messages:
    """The ids of a game's messages, by kind (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    async def set_message(
        self, game_id: int, kind: str, *, channel_id: int, message_id: int,
        settles: int | None = None,
    ) -> BotMessage:
        """Keep a message of the game's; `settles`: the owed work (bot/store/after_commit.py)
        that keeping it finishes, settled in the same transaction."""
        async with self._db.transaction() as conn:
            await self._core.status(conn, game_id)
            if settles is not None:
                await settle(conn, settles)
            row = await fetch_one(
                conn,
                "INSERT INTO bot_messages (game_id, kind, channel_id, message_id, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "updated_at = excluded.updated_at RETURNING *",
                (game_id, kind, channel_id, message_id, self._clock()),
            )
        assert row is not None
        return BotMessage.from_row(row)

    async def get_message(self, game_id: int, kind: str) -> BotMessage | None:
        async with self._db.reading() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM bot_messages WHERE game_id = ? AND kind = ?", (game_id, kind)
            )
        return None if row is None else BotMessage.from_row(row)

    async def list_messages(self, game_id: int) -> list[BotMessage]:
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn, "SELECT * FROM bot_messages WHERE game_id = ? ORDER BY kind", (game_id,)
            )
        return [BotMessage.from_row(r) for r in rows]

    async def find_message(self, message_id: int) -> BotMessage | None:
        """Which game (and kind) a message belongs to, e.g. for a button press."""
        async with self._db.reading() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM bot_messages WHERE message_id = ? LIMIT 1", (message_id,)
            )
        return None if row is None else BotMessage.from_row(row)

    async def delete_message(self, game_id: int, kind: str) -> bool:
        async with self._db.transaction() as conn:
            deleted = await conn.execute(
                "DELETE FROM bot_messages WHERE game_id = ? AND kind = ?", (game_id, kind)
            )
            return deleted == 1
