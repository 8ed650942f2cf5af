"""The game store: games, seats, the action log and table bookkeeping, on SQLite or
PostgreSQL.

It knows no game's rules: engines come from `bot.games.registry` and states are stored as
the JSON their engine writes. `Store` (`store.py`) owns the connection and its
transactions and holds the parts, one class and module each, that callers name:
`store.actions.submit(...)`, `store.ratings.top(...)`:

- `games.py` (start to end, find and list), `lobbies.py`, `actions.py` (load a game; one
  action, one transaction; the log), `checks.py` (a game rebuilt and checked),
  `records.py` (export and import), `seats.py` (who plays a seat), `moderation.py`
  (undo, the audit log);
- `tables.py` (server, table and personal settings), `deadlines.py` (deadlines and
  reminder stages), `messages.py` (the bot's messages), `pings.py` (who a segment
  message has pinged), `shown.py` (what a channel shows), `processes.py` (the roll call
  of the bot processes and the shards they hold), `web_pages.py` (the web pages' tokens,
  whether a server shows them, the key of private links);
- `ratings.py` with `rating_steps.py`, `standings.py`, `voiding.py` (ratings,
  leaderboards, voids), `commitments.py` (commitments to face-down stacks);
- `after_commit.py` (the named after-commit handlers and the work still owed to them:
  a finished game's rating, the row of a posted 🔔 line or reminder, a step's deadlines,
  the step shown in its channel, the pages told; redone until done);
- `shared.py` (`Core`: what the parts share: the database, engines, clock, live-state
  cache), `rows.py` (what the store hands out), `errors.py`;
- `backends/` (SQLite, PostgreSQL and the interface they share), `migrations/`,
  `backup.py`, `transfer.py` (SQLite into PostgreSQL).
"""

from bot.store.deadlines import UNSET, WAKE_HORIZON_S, DeadlineSlot
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
