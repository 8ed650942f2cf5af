"""Games from start to end (`store.games`): start a lobby's game, create one started at
once, end, find and list; lobbies are bot/store/lobbies.py."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from bot.games.base import GameEngine, PlayerSpec
from bot.i18n import _
from bot.store.backends.sql import (
    Conn,
    IntegrityViolation,
    fetch_all,
    fetch_one,
    newest_first,
)
from bot.store.errors import CannotStart, ChannelBusy, SeatError, WrongStatus
from bot.store.rows import (
    ACTIVE,
    ENDED,
    GAME_COLUMNS,
    LOBBY,
    OPEN_STATUSES,
    STATUSES,
    GameRow,
    LoadedGame,
    Seat,
    dumps,
)
from bot.store.shared import Core, Live, state_text


def new_seed() -> int:
    """A fresh seed that fits SQLite's signed 64-bit INTEGER."""
    return random.SystemRandom().getrandbits(63)


class Games:
    """Games from start to end: start, end, find and list (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    async def start_game(self, game_id: int, *, seed: int | None = None) -> LoadedGame:
        """Turn a lobby into a running game: seed, players and initial state are written
        together with the version-0 snapshot, in one transaction."""
        seed = new_seed() if seed is None else seed
        async with self._db.transaction() as conn:
            row = await self._core.game_row(conn, game_id)
            if row.status != LOBBY:
                raise WrongStatus(game_id, row.status, LOBBY)
            seats = await self._core.seats(conn, game_id)
            if not seats:
                raise CannotStart(f"game {game_id} has nobody seated")
            engine = self._core.engine(row.game)
            players = [s.spec() for s in seats]
            state = _new_state(engine, players, row.settings, seed)
            text = state_text(engine, state)
            now = self._clock()
            await conn.execute(
                "UPDATE games SET status = ?, seed = ?, players = ?, state = ?, version = 0, "
                "state_version = 0, updated_at = ? WHERE id = ?",
                (ACTIVE, seed, dumps([p.to_json() for p in players]), text, now, game_id),
            )
            await conn.execute(
                "INSERT INTO snapshots (game_id, version, state, created_at) VALUES (?, 0, ?, ?)",
                (game_id, text, now),
            )
            loaded = LoadedGame(await self._core.game_row(conn, game_id), seats, state, engine)
        self._core.remember(game_id, Live(0, ACTIVE, state, engine))
        await self._core.after_commit.committed(game_id)  # its page shows the board now
        return loaded

    # -- a game started at once (tests, tools, imports) --------------------------------

    async def create_game(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        players: Sequence[PlayerSpec],
        user_ids: Sequence[int | None] | None = None,
        settings: dict[str, Any] | None = None,
        seed: int | None = None,
        parent_channel_id: int | None = None,
        created_by: int | None = None,
    ) -> LoadedGame:
        """Create a running game directly, skipping the lobby."""
        engine = self._core.engine(game)
        settings = dict(settings or {})
        seed = new_seed() if seed is None else seed
        players = list(players)
        state = _new_state(engine, players, settings, seed)
        text = state_text(engine, state)
        async with self._db.transaction() as conn:
            game_id = await self.insert_game(
                conn, game, ACTIVE, guild_id, channel_id, parent_channel_id, created_by,
                dumps(settings), seed=seed, players=dumps([p.to_json() for p in players]),
                state=text,
            )
            await self.insert_seats(conn, game_id, players, user_ids)
            await conn.execute(
                "INSERT INTO snapshots (game_id, version, state, created_at) VALUES (?, 0, ?, ?)",
                (game_id, text, self._clock()),
            )
            loaded = LoadedGame(await self._core.game_row(conn, game_id),
                                await self._core.seats(conn, game_id), state, engine)
        self._core.remember(game_id, Live(0, ACTIVE, state, engine))
        return loaded

    # -- ending -----------------------------------------------------------------------

    async def end_game(self, game_id: int, *, result: Any = None) -> GameRow:
        """Stop a lobby or a running game early (moderator, abandonment). Its pending
        deadlines go with it; the game and its log stay queryable."""
        result_text = None if result is None else dumps(result)
        async with self._db.transaction() as conn:
            await self._core.require_status(conn, game_id, *OPEN_STATUSES)
            now = self._clock()
            await conn.execute(
                "UPDATE games SET status = ?, finished_at = ?, updated_at = ?, result = ? "
                "WHERE id = ?",
                (ENDED, now, now, result_text, game_id),
            )
            await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            row = await self._core.game_row(conn, game_id)
        self._core.forget(game_id)
        await self._core.after_commit.committed(game_id)
        return row

    # -- queries ----------------------------------------------------------------------

    async def get_game(self, game_id: int) -> GameRow:
        async with self._db.reading() as conn:
            return await self._core.game_row(conn, game_id)

    async def get_seats(self, game_id: int) -> list[Seat]:
        async with self._db.reading() as conn:
            await self._core.status(conn, game_id)  # UnknownGame rather than an empty list
            return await self._core.seats(conn, game_id)

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's game in lobby or in play, if any (there is at most one)."""
        async with self._db.reading() as conn:
            row = await fetch_one(
                conn,
                f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? "
                "AND status IN ('lobby', 'active')",
                (channel_id,),
            )
        return None if row is None else GameRow.from_row(row)

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        status: str | Iterable[str] | None = None,
        game: str | None = None,
        user_id: int | None = None,
        limit: int = 100,
        before_id: int | None = None,
    ) -> list[GameRow]:
        """Games matching every filter given, newest first. Page with `before_id`."""
        wanted: list[Any] = [None]  # no status filter
        if status is not None:
            wanted = [status] if isinstance(status, str) else list(status)
            unknown = set(wanted) - set(STATUSES)
            if unknown:
                raise ValueError(f"unknown status {sorted(unknown)}")
        sql, params = newest_first(f"SELECT {GAME_COLUMNS} FROM games", [
            ("guild_id = ?", (guild_id,)),
            ("channel_id = ?", (channel_id,)),
            (f"status IN ({', '.join('?' * len(wanted))})", wanted),
            ("game = ?", (game,)),
            ("id IN (SELECT game_id FROM seats WHERE user_id = ?)", (user_id,)),
            ("id < ?", (before_id,)),
        ], limit)
        async with self._db.reading() as conn:
            rows = await fetch_all(conn, sql, params)
        return [GameRow.from_row(r) for r in rows]

    async def open_games_by_activity(
        self, guild_id: int, *, limit: int = 20
    ) -> tuple[list[GameRow], int]:
        """The guild's lobbies and running games, the most recently changed first (at
        most `limit`), and how many it has in all."""
        where = "FROM games WHERE guild_id = ? AND status IN (?, ?)"
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT {GAME_COLUMNS} {where} ORDER BY updated_at DESC, id DESC LIMIT ?",
                (guild_id, *OPEN_STATUSES, limit),
            )
            total = await fetch_one(conn, f"SELECT COUNT(*) AS n {where}",
                                    (guild_id, *OPEN_STATUSES))
        return [GameRow.from_row(r) for r in rows], 0 if total is None else int(total["n"])

    async def running(self) -> dict[str, int]:
        """How many games are being played (started, not over), by game."""
        async with self._db.reading_each() as conn:
            rows = await fetch_all(conn, "SELECT game, COUNT(*) AS n FROM games "
                                         "WHERE status = ? GROUP BY game", (ACTIVE,))
        return {str(r["game"]): int(r["n"]) for r in rows}

    async def game_kind(self, game_id: int) -> str:
        """Which game `game_id` is (its engine's name): from the cache when it holds it."""
        live = self._core.live.get(game_id)
        if live is not None:
            return live.engine.name
        return (await self.get_game(game_id)).game

    # -- what the lobbies and the records share (lobbies.py, records.py) ---------------

    async def insert_game(
        self,
        conn: Conn,
        game: str,
        status: str,
        guild_id: int | None,
        channel_id: int,
        parent_channel_id: int | None,
        created_by: int | None,
        settings: str,
        *,
        seed: int | None,
        players: str,
        state: str | None,
        version: int = 0,
    ) -> int:
        now = self._clock()
        held = await fetch_one(
            conn,
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        if held is not None:
            raise ChannelBusy(channel_id, held["id"])
        try:
            row = await fetch_one(
                conn,
                "INSERT INTO games (game, guild_id, channel_id, parent_channel_id, status, seed, "
                "settings, players, version, state, state_version, created_by, created_at, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (game, guild_id, channel_id, parent_channel_id, status, seed, settings, players,
                 version, state, None if state is None else version, created_by, now, now),
            )
        except IntegrityViolation as exc:
            if "games.channel_id" not in str(exc):
                raise
            # Another process opened one in between (the schema's unique index caught it).
            raise ChannelBusy(channel_id, None) from None
        assert row is not None
        return int(row["id"])

    async def insert_seats(
        self,
        conn: Conn,
        game_id: int,
        players: Sequence[PlayerSpec],
        user_ids: Sequence[int | None] | None,
    ) -> None:
        if user_ids is not None and len(user_ids) != len(players):
            raise SeatError(f"{len(players)} players but {len(user_ids)} user ids")
        ids = list(user_ids) if user_ids is not None else [None] * len(players)
        now = self._clock()
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, colour, is_bot, joined_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (game_id, i, uid, p.name, p.colour, int(p.is_bot), now)
                for i, (p, uid) in enumerate(zip(players, ids, strict=True))
            ],
        )


def _new_state(
    engine: GameEngine, players: list[PlayerSpec], settings: dict[str, Any], seed: int
) -> Any:
    try:
        return engine.new_game(players, settings, random.Random(seed))
    except (ValueError, KeyError, TypeError) as exc:
        raise CannotStart(_("cannot start {game}: {why}", game=engine.name, why=exc)) from exc
