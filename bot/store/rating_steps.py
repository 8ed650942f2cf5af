"""The arithmetic of the ratings over their rows (migration 0007): one finished game's
update, a (server, game)'s replay in finishing order, and the lock that keeps one rating
transaction at a time. The store's part is `Ratings` (bot/store/ratings.py)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.community.ratings import Entrant, Rating, is_win, rate
from bot.store.after_commit import RATE
from bot.store.backends.sql import Conn, Database, fetch_all, fetch_one

RATINGS_LOCK = -1  # PostgreSQL advisory lock key (game locks use 0 and up)


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



async def lock_ratings(db: Database, conn: Conn) -> None:
    """One rating transaction at a time across processes (SQLite: the store's lock
    already serializes transactions)."""
    if db.dialect == "postgresql":
        from bot.store.backends.postgres import LOCK_NAMESPACE

        await conn.execute("SELECT pg_advisory_xact_lock(?, ?)",
                           (LOCK_NAMESPACE, RATINGS_LOCK))


async def settle_looked_at(conn: Conn) -> None:
    """The owed ratings of the games looked at are done (in the transaction that did
    them; another process may have looked at some)."""
    await conn.execute(
        "DELETE FROM owed_work WHERE kind = ? AND EXISTS "
        "(SELECT 1 FROM rated_games AS r WHERE r.game_id = owed_work.game_id)", (RATE,))


def numbers(r: Any) -> tuple[Any, ...]:
    """What the rebuild compares of a stored rating (the name is not a number)."""
    return r["mu"], r["sigma"], r["games"], r["wins"], r["place_sum"]


def place_rows(seats: Iterable[Any], places: tuple[int, ...],
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


async def rated_after(conn: Conn, row: Any) -> bool:
    """Was a game of the same scope that finished later rated already?"""
    later = await fetch_one(
        conn,
        "SELECT 1 AS x FROM rated_games WHERE guild_id = ? AND game = ? AND rated = 1 "
        "AND game_id <> ? AND (finished_at > ? OR (finished_at = ? AND game_id > ?)) LIMIT 1",
        (row["guild_id"], row["game"], row["id"], row["finished_at"], row["finished_at"],
         row["id"]))
    return later is not None


async def apply_game(conn: Conn, guild_id: int, game: str, game_id: int, rated: Rated) -> None:
    """One game's update of the stored ratings."""
    places = rated.places
    users = [p.user_id for p in places if p.user_id is not None]
    rows = await fetch_all(
        conn, f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN "
              f"({', '.join('?' * len(users))})", (guild_id, game, *users))
    table = {r["user_id"]: Running.from_row(r) for r in rows}
    step(table, game_id, rated)
    await write_ratings(conn, guild_id, game, game_id, places, {u: table[u] for u in users})


async def replay_scope(conn: Conn, guild_id: int, game: str) -> None:
    """Recompute a scope's ratings from its rated games, in finishing order."""
    await conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
    rows = await fetch_all(
        conn,
        "SELECT p.game_id, p.seat, p.user_id, p.name, p.place, p.tally, r.by_moderator "
        "FROM rated_games AS r JOIN game_places AS p ON p.game_id = r.game_id "
        "WHERE r.guild_id = ? AND r.game = ? AND r.rated = 1 "
        "ORDER BY r.finished_at, r.game_id, p.seat", (guild_id, game))
    table: dict[int, Running] = {}
    by_game: dict[int, Rated] = {}
    for r in rows:
        by_game.setdefault(r["game_id"], Rated([], bool(r["by_moderator"]))).places.append(
            PlaceRow(r["seat"], r["user_id"], r["name"], r["place"], json.loads(r["tally"])))
    for game_id, rated in by_game.items():  # dicts keep the query's order
        step(table, game_id, rated)
        await conn.executemany(
            "UPDATE game_places SET mu_after = ?, sigma_after = ? WHERE game_id = ? AND seat = ?",
            [(table[p.user_id].rating.mu, table[p.user_id].rating.sigma, game_id, p.seat)
             for p in rated.places if p.user_id is not None])
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, "
        "place_sum, last_game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, game, user, *s.values()) for user, s in table.items()])


@dataclass
class Running:
    name: str
    rating: Rating = Rating()
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    last_game_id: int = 0

    @classmethod
    def from_row(cls, r: Any) -> Running:
        return cls(r["name"], Rating(r["mu"], r["sigma"]), r["games"], r["wins"],
                   r["place_sum"], r["last_game_id"])

    def values(self) -> tuple[Any, ...]:
        return (self.name, self.rating.mu, self.rating.sigma, self.games, self.wins,
                self.place_sum, self.last_game_id)


def step(table: dict[int, Running], game_id: int, rated: Rated) -> None:
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
        s = table.setdefault(p.user_id, Running(p.name))
        s.name, s.rating, s.last_game_id = p.name, new[p.user_id], game_id
        s.games += 1
        s.wins += is_win(p.place, rated.by_moderator)
        s.place_sum += p.place


async def write_ratings(conn: Conn, guild_id: int, game: str, game_id: int, places: list[PlaceRow],
                 table: dict[int, Running]) -> None:
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
