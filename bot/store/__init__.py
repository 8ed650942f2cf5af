"""The game store: games, seats, the action log and table bookkeeping, on SQLite or
PostgreSQL.

It knows no game's rules: engines come from `bot.games.registry` and states are stored as
the JSON their engine writes. See `Store` (`store.py`) for the API, put together from:

- `games.py` (lobby to end), `actions.py` (one action, one transaction; the log),
  `loading.py` (a game from its latest state, or rebuilt and checked), `records.py`
  (export and import), `seats.py` (who plays a seat), `moderation.py` (undo);
- `table_settings.py` (a table's settings, per-seat clocks, reminder preferences) and
  `bookkeeping.py` (server settings, deadlines, the bot's messages, the audit log),
  `pings.py` (who a segment message has pinged for their turns), `processes.py` (the
  roll call of the bot processes and the shards they hold), `web_pages.py` (the web
  pages' tokens, whether a server shows them, the key of private links);
- `ratings.py`, `standings.py` (ratings and leaderboards), `commitments.py`
  (commitments to face-down stacks);
- `after_commit.py` (the named after-commit handlers and the work still owed to them:
  a finished game's rating, the row of a posted 🔔 line or reminder; redone until done);
- `shared.py` (what the parts share: the database, engines, clock, live-state cache),
  `rows.py` (what the store hands out), `errors.py`;
- `backends/` (SQLite, PostgreSQL and the interface they share), `migrations/`,
  `backup.py`, `transfer.py` (SQLite into PostgreSQL).
"""

from bot.store.bookkeeping import UNSET, WAKE_HORIZON_S, DeadlineSlot
from bot.store.errors import (
    BadAction,
    BadRecord,
    CannotStart,
    ChannelBusy,
    KeyReused,
    SchemaTooNew,
    SeatError,
    StaleVersion,
    StateMismatch,
    StoreError,
    UnknownGame,
    WrongStatus,
)
from bot.store.pings import TurnPings
from bot.store.processes import BotProcess
from bot.store.rows import (
    ACTIVE,
    ENDED,
    FINISHED,
    LOBBY,
    TABLE_ACTOR,
    ActionEntry,
    ActionResult,
    AuditEntry,
    BotMessage,
    Deadline,
    GameRow,
    GuildSettings,
    LoadedGame,
    Seat,
    UserPrefs,
)
from bot.store.store import Store

__all__ = [
    "ACTIVE",
    "ENDED",
    "FINISHED",
    "LOBBY",
    "TABLE_ACTOR",
    "UNSET",
    "WAKE_HORIZON_S",
    "ActionEntry",
    "ActionResult",
    "AuditEntry",
    "BadAction",
    "BadRecord",
    "BotMessage",
    "BotProcess",
    "CannotStart",
    "ChannelBusy",
    "Deadline",
    "DeadlineSlot",
    "GameRow",
    "GuildSettings",
    "KeyReused",
    "LoadedGame",
    "SchemaTooNew",
    "Seat",
    "SeatError",
    "StaleVersion",
    "StateMismatch",
    "Store",
    "StoreError",
    "TurnPings",
    "UnknownGame",
    "UserPrefs",
    "WrongStatus",
]
