"""Plain dataclasses for what the store hands out. JSON columns arrive decoded."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field, replace
from typing import Any

from bot.games.base import Event, GameEngine, PlayerSpec

LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
ENDED = "ended"
OPEN_STATUSES = (LOBBY, ACTIVE)
STATUSES = (LOBBY, ACTIVE, FINISHED, ENDED)


def dumps(value: Any) -> str:
    """Compact JSON; NaN/Infinity refused because they are not JSON."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def normalized(value: Any) -> Any:
    """`value` as it reads back from JSON, for comparisons with stored JSON."""
    return json.loads(dumps(value))


def _loads(text: str | None, default: Any = None) -> Any:
    return default if text is None else json.loads(text)


@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    moderator_role_id: int | None = None
    default_timing: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    updated_at: float | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> GuildSettings:
        return cls(
            guild_id=row["guild_id"],
            moderator_role_id=row["moderator_role_id"],
            default_timing=json.loads(row["default_timing"]),
            extra=json.loads(row["extra"]),
            updated_at=row["updated_at"],
        )


GAME_COLUMNS = (
    "id, game, guild_id, channel_id, parent_channel_id, status, seed, settings, players, "
    "version, created_by, created_at, updated_at, finished_at, result"
)


@dataclass(frozen=True)
class GameRow:
    """A game without its state (see `LoadedGame` for that)."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    status: str
    seed: int | None
    settings: dict[str, Any]
    players: list[PlayerSpec]
    version: int
    created_by: int | None
    created_at: float
    updated_at: float
    finished_at: float | None
    result: Any

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> GameRow:
        return cls(
            id=row["id"],
            game=row["game"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            parent_channel_id=row["parent_channel_id"],
            status=row["status"],
            seed=row["seed"],
            settings=json.loads(row["settings"]),
            players=[PlayerSpec.from_json(p) for p in json.loads(row["players"])],
            version=row["version"],
            created_by=row["created_by"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            finished_at=row["finished_at"],
            result=_loads(row["result"]),
        )


SEAT_COLUMNS = (
    "game_id, seat, user_id, name, colour, is_bot, replaced_from, notify, autopilot, joined_at, "
    "misses, away_until, away_used, orders"
)


@dataclass(frozen=True)
class Seat:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    colour: str | None
    is_bot: bool
    replaced_from: int | None
    notify: str
    autopilot: bool
    joined_at: float
    misses: int = 0  # deadlines missed in a row
    away_until: float | None = None  # the player's clocks wait until then
    away_used: float = 0.0  # seconds of vacation taken in this game
    orders: dict[str, Any] = field(default_factory=dict)  # standing orders

    @property
    def played_by_ai(self) -> bool:
        """Whether the bot chooses this seat's moves now (AI seat or autopilot)."""
        return self.is_bot or self.autopilot or self.user_id is None

    def spec(self) -> PlayerSpec:
        return PlayerSpec(name=self.name, colour=self.colour, is_bot=self.is_bot)

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Seat:
        return cls(
            game_id=row["game_id"],
            seat=row["seat"],
            user_id=row["user_id"],
            name=row["name"],
            colour=row["colour"],
            is_bot=bool(row["is_bot"]),
            replaced_from=row["replaced_from"],
            notify=row["notify"],
            autopilot=bool(row["autopilot"]),
            joined_at=row["joined_at"],
            misses=row["misses"],
            away_until=row["away_until"],
            away_used=row["away_used"],
            orders=json.loads(row["orders"]),
        )


@dataclass(frozen=True)
class LoadedGame:
    """A game with its engine and current state (None while in the lobby). The state is
    shared with the store's cache: treat it as immutable, as engines do."""

    row: GameRow
    seats: list[Seat]
    state: Any
    engine: GameEngine

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def shown_players(self) -> list[PlayerSpec]:
        """The players as the table shows them now: each seat under its holder's name,
        so a seat handed on carries its new holder's. The game's record and the engine
        keep the names it began with (a replay must give the same state)."""
        by_seat = {s.seat: s for s in self.seats}
        return [replace(p, name=by_seat[i].name) if i in by_seat else p
                for i, p in enumerate(self.row.players)]


@dataclass(frozen=True)
class ActionResult:
    """What `submit_action` returns. `duplicate` is True when the idempotency key had
    already been applied: the result is that first application's, nothing new was done."""

    game_id: int
    version: int
    state: Any
    events: list[Event]
    duplicate: bool = False
    finished: bool = False
    at: float | None = None  # when it was applied (None for a duplicate)


ACTION_COLUMNS = "game_id, seq, actor_id, created_at, action, events, version, idem_key"
# The actor of a move the table made for a person's seat (their deadline, a moderator's
# skip): not a Discord user, and not a computer's own move (actor None).
TABLE_ACTOR = 0


@dataclass(frozen=True)
class ActionEntry:
    """One row of the action log."""

    game_id: int
    seq: int
    actor_id: int | None  # who clicked; TABLE_ACTOR; None for a computer's own move
    created_at: float
    action: dict[str, Any]
    events: list[Event]
    version: int
    idempotency_key: str | None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> ActionEntry:
        return cls(
            game_id=row["game_id"],
            seq=row["seq"],
            actor_id=row["actor_id"],
            created_at=row["created_at"],
            action=json.loads(row["action"]),
            events=json.loads(row["events"]),
            version=row["version"],
            idempotency_key=row["idem_key"],
        )


DEADLINE_COLUMNS = "id, game_id, seat, kind, due_at, stages_sent, paused_remaining, created_at"


@dataclass(frozen=True)
class Deadline:
    id: int
    game_id: int
    seat: int | None
    kind: str
    due_at: float | None  # None while paused
    stages_sent: frozenset[int]
    paused_remaining: float | None
    created_at: float

    @property
    def paused(self) -> bool:
        return self.due_at is None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Deadline:
        bits = row["stages_sent"]
        return cls(
            id=row["id"],
            game_id=row["game_id"],
            seat=row["seat"],
            kind=row["kind"],
            due_at=row["due_at"],
            stages_sent=frozenset(i for i in range(bits.bit_length()) if bits >> i & 1),
            paused_remaining=row["paused_remaining"],
            created_at=row["created_at"],
        )


@dataclass(frozen=True)
class BotMessage:
    game_id: int
    kind: str
    channel_id: int
    message_id: int
    updated_at: float

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> BotMessage:
        return cls(
            game_id=row["game_id"],
            kind=row["kind"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            updated_at=row["updated_at"],
        )


@dataclass(frozen=True)
class AuditEntry:
    id: int
    guild_id: int | None
    game_id: int | None
    moderator_id: int
    action: str
    detail: Any
    created_at: float

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> AuditEntry:
        return cls(
            id=row["id"],
            guild_id=row["guild_id"],
            game_id=row["game_id"],
            moderator_id=row["moderator_id"],
            action=row["action"],
            detail=_loads(row["detail"]),
            created_at=row["created_at"],
        )


@dataclass(frozen=True)
class UserPrefs:
    """How one person wants to hear that a game waits for them."""

    user_id: int
    notify: str = "mention"  # mention, dm or off
    tz: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    digest: bool = False
    digest_next: float | None = None

    @property
    def quiet(self) -> tuple[int, int] | None:
        if self.quiet_start is None or self.quiet_end is None:
            return None
        return (self.quiet_start, self.quiet_end)

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> UserPrefs:
        return cls(user_id=row["user_id"], notify=row["notify"], tz=row["tz"],
                   quiet_start=row["quiet_start"], quiet_end=row["quiet_end"],
                   digest=bool(row["digest"]), digest_next=row["digest_next"])
