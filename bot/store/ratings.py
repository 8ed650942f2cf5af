"""Ratings kept by the store (migration 0007): every finished game is rated once, right
after the transaction that finished it, and the ratings can be rebuilt from the games.

The transaction that finishes a game (an action, an import) records its rating as owed
(`RATE`, bot/store/after_commit.py); `rate_owed` is that after-commit handler.
`rate_finished()` looks at every finished game not looked at yet, oldest finish first,
and settles their owed rows in the same transaction: a crash or a refused write before
it only delays the update to the next start-up or tick of the table clock, never loses
it, and a game is never rated twice. A game that finished earlier than one already rated
in its (server, game) (two processes finishing games at once) has that scope replayed,
so the numbers are always those of the games in finishing order, which is exactly what
`rebuild_ratings()` computes. Whether a game counts is decided when it is first looked
at, from the server's setting then (`rating_policy`), and kept.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.community.outcome import outcome
from bot.community.ratings import Entrant, Rating, is_win, rate
from bot.store.after_commit import RATE, Owed
from bot.store.backends.sql import Conn, fetch_all, fetch_one
from bot.store.rating_copies import copy_of_a_game_looked_at
from bot.store.rows import dumps
from bot.store.seats import holders_names
from bot.store.shared import current_state
from bot.store.standings import StandingsMixin

RATINGS_LOCK = -1  # PostgreSQL advisory lock key (game locks use 0 and up)
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


@dataclass(frozen=True)
class PlaceRow:
    seat: int
    user_id: int | None
    name: str
    place: int
    tally: dict[str, int]


@dataclass(frozen=True)
class Rated:
    """A game that counts: its places, and whether a moderator ended it (D-9.3: ranked
    as it stood, but nobody won it)."""

    places: list[PlaceRow]
    by_moderator: bool


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


class RatingsMixin(StandingsMixin):
    # -- after a game finishes: the after-commit handler `RATE` ---------------------------

    async def rate_owed(self, owed: Owed) -> bool:
        """The handler of owed ratings (bot/store/after_commit.py): every finished game
        not rated yet is rated, and its owed row settled in that same transaction."""
        await self.rate_finished()
        return True

    # -- policy -------------------------------------------------------------------------

    async def rating_policy(self, guild_id: int) -> RatingPolicy:
        async with self._db.reading() as conn:
            return await _policy(conn, guild_id)

    async def set_rating_policy(self, guild_id: int, policy: RatingPolicy) -> RatingPolicy:
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
                await self._lock_ratings(conn)
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
                    if await _rated_after(conn, row):
                        replay.add((row["guild_id"], row["game"]))
                    elif (row["guild_id"], row["game"]) not in replay:
                        await _apply(conn, row["guild_id"], row["game"], row["id"], rated)
                for guild_id, game in sorted(replay):
                    await _replay(conn, guild_id, game)
                await _settle_looked_at(conn)
            done += len(pending)
            if len(pending) < _BATCH:
                return done

    async def rebuild_ratings(self) -> RebuildReport:
        """Recompute every place and rating from the finished games, in finishing order,
        keeping each game's decision to count or not. Reports what differed."""
        report = RebuildReport()
        async with self._db.transaction() as conn:
            await self._lock_ratings(conn)
            before = {(r["guild_id"], r["game"], r["user_id"]): _numbers(r)
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
                await _replay(conn, guild_id, game)
            await _settle_looked_at(conn)
            after = await fetch_all(conn, "SELECT * FROM ratings")
        report.players = len(after)
        for r in after:
            key = (r["guild_id"], r["game"], r["user_id"])
            if before.pop(key, None) != _numbers(r):
                report.changed.append(f"{r['game']} server {r['guild_id']} user {r['user_id']}")
        report.changed += [f"{g} server {s} user {u} (no rated game)" for s, g, u in before]
        return report

    async def _lock_ratings(self, conn: Conn) -> None:
        """One rating transaction at a time across processes (SQLite: the store's lock
        already serializes transactions)."""
        if self._db.dialect == "postgresql":
            from bot.store.backends.postgres import LOCK_NAMESPACE

            await conn.execute("SELECT pg_advisory_xact_lock(?, ?)",
                               (LOCK_NAMESPACE, RATINGS_LOCK))

    async def _look_at(self, conn: Conn, row: Any,
                       decided: tuple[bool, str | None] | None) -> Rated | None:
        """Record a finished game's places and whether it counts; its places when it does."""
        game_id, guild_id = row["id"], row["guild_id"]
        engine = self.engine(row["game"])
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
        places = _places(seats, result.places, result.tallies, names)
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


async def _settle_looked_at(conn: Conn) -> None:
    """The owed ratings of the games looked at are done (in the transaction that did
    them; another process may have looked at some)."""
    await conn.execute(
        "DELETE FROM owed_work WHERE kind = ? AND EXISTS "
        "(SELECT 1 FROM rated_games AS r WHERE r.game_id = owed_work.game_id)", (RATE,))


def _numbers(r: Any) -> tuple[Any, ...]:
    """What the rebuild compares of a stored rating (the name is not a number)."""
    return r["mu"], r["sigma"], r["games"], r["wins"], r["place_sum"]


def _places(seats: Iterable[Any], places: tuple[int, ...],
            tallies: tuple[dict[str, int], ...], names: dict[int, str]) -> list[PlaceRow]:
    """Each seat's row, a person's named by their own name; a person seated twice counts
    once (their first seat)."""
    out: list[PlaceRow] = []
    seen: set[int] = set()
    for s in seats:
        user = None if s["is_bot"] or s["user_id"] is None or s["user_id"] in seen \
            else int(s["user_id"])
        if user is not None:
            seen.add(user)
        seat = s["seat"]
        name = names.get(int(s["user_id"]), s["name"]) if s["user_id"] is not None \
            else s["name"]
        out.append(PlaceRow(seat, user, name, places[seat], tallies[seat]))
    return out


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


async def _rated_after(conn: Conn, row: Any) -> bool:
    """Was a game of the same scope that finished later rated already?"""
    later = await fetch_one(
        conn,
        "SELECT 1 AS x FROM rated_games WHERE guild_id = ? AND game = ? AND rated = 1 "
        "AND game_id <> ? AND (finished_at > ? OR (finished_at = ? AND game_id > ?)) LIMIT 1",
        (row["guild_id"], row["game"], row["id"], row["finished_at"], row["finished_at"],
         row["id"]))
    return later is not None


async def _apply(conn: Conn, guild_id: int, game: str, game_id: int, rated: Rated) -> None:
    """One game's update of the stored ratings."""
    places = rated.places
    users = [p.user_id for p in places if p.user_id is not None]
    rows = await fetch_all(
        conn, f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN "
              f"({', '.join('?' * len(users))})", (guild_id, game, *users))
    table = {r["user_id"]: _Standing.from_row(r) for r in rows}
    _step(table, game_id, rated)
    await _write(conn, guild_id, game, game_id, places, {u: table[u] for u in users})


async def _replay(conn: Conn, guild_id: int, game: str) -> None:
    """Recompute a scope's ratings from its rated games, in finishing order."""
    await conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
    rows = await fetch_all(
        conn,
        "SELECT p.game_id, p.seat, p.user_id, p.name, p.place, p.tally, r.by_moderator "
        "FROM rated_games AS r JOIN game_places AS p ON p.game_id = r.game_id "
        "WHERE r.guild_id = ? AND r.game = ? AND r.rated = 1 "
        "ORDER BY r.finished_at, r.game_id, p.seat", (guild_id, game))
    table: dict[int, _Standing] = {}
    by_game: dict[int, Rated] = {}
    for r in rows:
        by_game.setdefault(r["game_id"], Rated([], bool(r["by_moderator"]))).places.append(
            PlaceRow(r["seat"], r["user_id"], r["name"], r["place"], json.loads(r["tally"])))
    for game_id, rated in by_game.items():  # dicts keep the query's order
        _step(table, game_id, rated)
        await conn.executemany(
            "UPDATE game_places SET mu_after = ?, sigma_after = ? WHERE game_id = ? AND seat = ?",
            [(table[p.user_id].rating.mu, table[p.user_id].rating.sigma, game_id, p.seat)
             for p in rated.places if p.user_id is not None])
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, "
        "place_sum, last_game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, game, user, *s.values()) for user, s in table.items()])


@dataclass
class _Standing:
    name: str
    rating: Rating = Rating()
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    last_game_id: int = 0

    @classmethod
    def from_row(cls, r: Any) -> _Standing:
        return cls(r["name"], Rating(r["mu"], r["sigma"]), r["games"], r["wins"],
                   r["place_sum"], r["last_game_id"])

    def values(self) -> tuple[Any, ...]:
        return (self.name, self.rating.mu, self.rating.sigma, self.games, self.wins,
                self.place_sum, self.last_game_id)


def _step(table: dict[int, _Standing], game_id: int, rated: Rated) -> None:
    """Apply one rated game to the standings in `table` (the same code for the update
    and the replay, so both give the same numbers). A game a moderator ended is ranked
    as it stood, but its first place is no win (D-9.3)."""
    places = rated.places
    entrants = [Entrant(p.user_id, p.place,
                        table[p.user_id].rating if p.user_id in table else Rating())
                for p in places]
    new = rate(entrants)
    for p in places:
        if p.user_id is None:
            continue
        s = table.setdefault(p.user_id, _Standing(p.name))
        s.name, s.rating, s.last_game_id = p.name, new[p.user_id], game_id
        s.games += 1
        s.wins += is_win(p.place, rated.by_moderator)
        s.place_sum += p.place


async def _write(conn: Conn, guild_id: int, game: str, game_id: int, places: list[PlaceRow],
                 table: dict[int, _Standing]) -> None:
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, "
        "place_sum, last_game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, "
        "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
        "wins = excluded.wins, place_sum = excluded.place_sum, "
        "last_game_id = excluded.last_game_id",
        [(guild_id, game, user, *s.values()) for user, s in table.items()])
    await conn.executemany(
        "UPDATE game_places SET mu_after = ?, sigma_after = ? WHERE game_id = ? AND seat = ?",
        [(table[p.user_id].rating.mu, table[p.user_id].rating.sigma, game_id, p.seat)
         for p in places if p.user_id is not None])
