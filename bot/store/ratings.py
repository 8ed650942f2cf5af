"""Ratings kept by the store (`store.ratings`, migration 0007): every finished game is
rated once, right after the transaction that finished it, and the ratings can be rebuilt
from the games; leaderboards (bot/store/standings.py) and a moderator's void
(bot/store/voiding.py) are read and made through the same part.

The transaction that finishes a game (an action, an import) records its rating as owed
(`RATE`, bot/store/after_commit.py); `rate_owed` is that after-commit handler.
`rate_finished()` looks at every finished game not looked at yet, oldest finish first,
and settles their owed rows in the same transaction: a crash or a refused write before
it only delays the update to the next start-up or tick of the table clock, never loses
it, and a game is never rated twice. A game that finished earlier than one already rated
in its (server, game) (two processes finishing games at once) has that scope replayed,
so the numbers are always those of the games in finishing order, which is exactly what
`rebuild()` computes. Whether a game counts is decided when it is first looked
at, from the server's setting then (`policy`), and kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.community.outcome import outcome
from bot.store import standings, voiding
from bot.store.after_commit import Owed
from bot.store.backends.sql import Conn, fetch_all, fetch_one
from bot.store.rating_copies import copy_of_a_game_looked_at
from bot.store.rating_steps import (
    PlaceRow,
    Rated,
    apply_game,
    lock_ratings,
    numbers,
    place_rows,
    rated_after,
    replay_scope,
    settle_looked_at,
)
from bot.store.rows import GameRow, dumps
from bot.store.seats import holders_names
from bot.store.shared import Core, current_state
from bot.store.standings import PlayedGame, Standing

POLICY_KEY = "ratings"  # in guild_settings.extra
_BATCH = 200

Scope = tuple[int, str]  # (guild id, game name)


@dataclass(frozen=True)
class RatingPolicy:
    """A server's choice: do games ended by a moderator, or with computer players, count?"""

    moderated: bool = False
    computers: bool = False

    @classmethod
    def from_extra(cls, extra: dict[str, Any]) -> RatingPolicy:
        raw = extra.get(POLICY_KEY) or {}
        return cls(bool(raw.get("moderated", False)), bool(raw.get("computers", False)))

    def to_json(self) -> dict[str, bool]:
        return {"moderated": self.moderated, "computers": self.computers}


@dataclass
class RebuildReport:
    games: int = 0
    rated: int = 0
    players: int = 0
    changed: list[str] = field(default_factory=list)  # ratings that differed before

    def summary(self) -> str:
        drift = (f"{len(self.changed)} differed from the stored ones and were corrected"
                 if self.changed else "all equal to the stored ones")
        return (f"rebuilt the ratings of {self.players} players from {self.rated} rated "
                f"games ({self.games} finished games looked at): {drift}")


class Ratings:
    """Ratings, leaderboards and voids (one store's part)."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self._db = core.db
        self._clock = core.clock

    # -- after a game finishes: the after-commit handler `RATE` ---------------------------

    async def rate_owed(self, owed: Owed) -> bool:
        """The handler of owed ratings (bot/store/after_commit.py): every finished game
        not rated yet is rated, and its owed row settled in that same transaction."""
        await self.rate_finished()
        return True

    # -- policy -------------------------------------------------------------------------

    async def policy(self, guild_id: int) -> RatingPolicy:
        async with self._db.reading() as conn:
            return await _policy(conn, guild_id)

    async def set_policy(self, guild_id: int, policy: RatingPolicy) -> RatingPolicy:
        async with self._db.transaction() as conn:
            row = await fetch_one(conn, "SELECT extra FROM guild_settings WHERE guild_id = ?"
                                  + conn.row_lock, (guild_id,))
            extra = {} if row is None else json.loads(row["extra"])
            extra[POLICY_KEY] = policy.to_json()
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, extra, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET extra = excluded.extra, "
                "updated_at = excluded.updated_at",
                (guild_id, dumps(extra), self._clock()))
            await self._db.notify_settings(conn, guild_id)
        return policy

    # -- rating -------------------------------------------------------------------------

    async def rate_finished(self) -> int:
        """Rate every finished game not looked at yet; returns how many were looked at."""
        done = 0
        while True:
            async with self._db.transaction() as conn:
                await lock_ratings(self._db, conn)
                pending = await fetch_all(
                    conn,
                    "SELECT id, game, guild_id, finished_at, version, state, state_version, seed, "
                    "players FROM games AS g "
                    "WHERE status = 'finished' AND NOT EXISTS "
                    "(SELECT 1 FROM rated_games AS r WHERE r.game_id = g.id) "
                    "ORDER BY finished_at, id LIMIT ?", (_BATCH,))
                replay: set[Scope] = set()
                for row in pending:
                    rated = await self._look_at(conn, row, decided=None)
                    if rated is None:
                        continue
                    if await rated_after(conn, row):
                        replay.add((row["guild_id"], row["game"]))
                    elif (row["guild_id"], row["game"]) not in replay:
                        await apply_game(conn, row["guild_id"], row["game"], row["id"], rated)
                for guild_id, game in sorted(replay):
                    await replay_scope(conn, guild_id, game)
                await settle_looked_at(conn)
            done += len(pending)
            if len(pending) < _BATCH:
                return done

    async def rebuild(self) -> RebuildReport:
        """Recompute every place and rating from the finished games, in finishing order,
        keeping each game's decision to count or not. Reports what differed."""
        report = RebuildReport()
        async with self._db.transaction() as conn:
            await lock_ratings(self._db, conn)
            before = {(r["guild_id"], r["game"], r["user_id"]): numbers(r)
                      for r in await fetch_all(conn, "SELECT * FROM ratings")}
            decided = {r["game_id"]: (bool(r["rated"]), r["reason"]) for r in
                       await fetch_all(conn, "SELECT game_id, rated, reason FROM rated_games")}
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM game_places")
            await conn.execute("DELETE FROM rated_games")
            games = await fetch_all(
                conn, "SELECT id, game, guild_id, finished_at, version, state, state_version, "
                      "seed, players FROM games "
                      "WHERE status = 'finished' ORDER BY finished_at, id")
            scopes: set[Scope] = set()
            for row in games:
                report.games += 1
                if await self._look_at(conn, row, decided.get(row["id"])) is not None:
                    report.rated += 1
                    scopes.add((row["guild_id"], row["game"]))
            for guild_id, game in sorted(scopes):
                await replay_scope(conn, guild_id, game)
            await settle_looked_at(conn)
            after = await fetch_all(conn, "SELECT * FROM ratings")
        report.players = len(after)
        for r in after:
            key = (r["guild_id"], r["game"], r["user_id"])
            if before.pop(key, None) != numbers(r):
                report.changed.append(f"{r['game']} server {r['guild_id']} user {r['user_id']}")
        report.changed += [f"{g} server {s} user {u} (no rated game)" for s, g, u in before]
        return report

    # -- reading them, and a moderator's void -------------------------------------------

    async def top(self, guild_id: int, game: str, *, limit: int = 10,
                  offset: int = 0) -> tuple[list[Standing], int]:
        """The best rated players by conservative score, and how many there are."""
        return await standings.top(self._db, guild_id, game, limit=limit, offset=offset)

    async def standing(self, guild_id: int, game: str, user_id: int) -> Standing | None:
        return await standings.standing_of(self._db, guild_id, game, user_id)

    async def played_games(self, guild_id: int, game: str, user_id: int) -> list[PlayedGame]:
        """Every finished game of the person in this server, oldest first."""
        return await standings.played_games(self._db, guild_id, game, user_id)

    async def void(self, guild_id: int, game_id: int, *, voided: bool = True) -> str:
        """Void (or count again) a finished game of this server (bot/store/voiding.py)."""
        return await voiding.void(self._db, guild_id, game_id, voided=voided)

    async def voidable(self, guild_id: int | None, *, voided: bool = True,
                       limit: int = 25) -> list[GameRow]:
        """The server's finished games `void` would change, newest finish first."""
        return await voiding.voidable(self._db, guild_id, voided=voided, limit=limit)

    async def _look_at(self, conn: Conn, row: Any,
                       decided: tuple[bool, str | None] | None) -> Rated | None:
        """Record a finished game's places and whether it counts; its places when it does."""
        game_id, guild_id = row["id"], row["guild_id"]
        engine = self._core.engine(row["game"])
        state = await current_state(conn, engine, row)
        try:
            result = outcome(row["game"], engine.public_view(state, None))  # public only
        except (ValueError, KeyError, AttributeError, TypeError):
            # A game without places (another engine): noted, so it never blocks the rest.
            await conn.execute(
                "INSERT INTO rated_games (game_id, guild_id, game, finished_at, rated, "
                "reason) VALUES (?, ?, ?, ?, 0, ?)",
                (game_id, guild_id, row["game"], row["finished_at"], "no places known"))
            return None
        seats = await fetch_all(
            conn, "SELECT seat, user_id, name, is_bot, replaced_from, computer_played "
                  "FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        names = await holders_names(conn, game_id, row["players"], seats)
        places = place_rows(seats, result.places, result.tallies, names)
        if decided is None:
            # The seat's holder at the end takes its place; a seat the computer played at
            # any time (kicked, then handed on) makes it a game with a computer player.
            computers = any(s["is_bot"] or s["user_id"] is None or s["computer_played"]
                            for s in seats)
            reason = await _why_not(conn, guild_id, places, result.by_moderator, computers)
            if reason is None and await copy_of_a_game_looked_at(conn, row):
                reason = "the same game is in this server already"
        else:
            reason = decided[1] if not decided[0] else None
        await conn.execute(
            "INSERT INTO rated_games (game_id, guild_id, game, finished_at, rated, reason, "
            "by_moderator) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, guild_id, row["game"], row["finished_at"], reason is None, reason,
             result.by_moderator))
        await conn.executemany(
            "INSERT INTO game_places (game_id, seat, user_id, name, place, tally) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, p.seat, p.user_id, p.name, p.place, dumps(p.tally)) for p in places])
        return Rated(places, result.by_moderator) if reason is None else None


async def _policy(conn: Conn, guild_id: int) -> RatingPolicy:
    row = await fetch_one(conn, "SELECT extra FROM guild_settings WHERE guild_id = ?",
                          (guild_id,))
    return RatingPolicy() if row is None else RatingPolicy.from_extra(json.loads(row["extra"]))


async def _why_not(conn: Conn, guild_id: int | None, places: list[PlaceRow],
                   by_moderator: bool, computers: bool) -> str | None:
    """None when the game counts, else the reason it does not."""
    if guild_id is None:
        return "not played in a server"
    people = sum(1 for p in places if p.user_id is not None)
    if people == 0 or len(places) < 2:
        return "no people to rate"
    policy = await _policy(conn, guild_id)
    if by_moderator and not policy.moderated:
        return "ended by a moderator"
    if (computers or people < len(places)) and not policy.computers:
        return "computer players took part"
    return None
