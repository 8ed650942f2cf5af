"""The game store: games, seats, the action log and table bookkeeping on SQLite.

It knows no game's rules: engines come from `bot.games.registry` and states are stored as
the JSON their engine writes. See `Store` for the API.
"""

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
from bot.store.rows import (
    ACTIVE,
    ENDED,
    FINISHED,
    LOBBY,
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
from bot.store.service import UNSET
from bot.store.store import Store

__all__ = [
    "ACTIVE",
    "ENDED",
    "FINISHED",
    "LOBBY",
    "UNSET",
    "ActionEntry",
    "ActionResult",
    "AuditEntry",
    "BadAction",
    "BadRecord",
    "BotMessage",
    "CannotStart",
    "ChannelBusy",
    "Deadline",
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
    "UnknownGame",
    "UserPrefs",
    "WrongStatus",
]
