"""Reading the ratings and places of migration 0007: leaderboards and a player's games."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.community.ratings import Rating
from bot.store.backends.sql import fetch_all, fetch_one
from bot.store.shared import StoreBase

# The conservative score, in SQL (see bot/community/ratings.py).
_SCORE = "(mu - 3 * sigma)"


@dataclass(frozen=True)
class Standing:
    """A person's line on a leaderboard (rated games only)."""

    rank: int
    user_id: int
    name: str
    rating: Rating
    games: int
    wins: int
    place_sum: int

    @property
    def score(self) -> float:
        return self.rating.score

    @property
    def average_place(self) -> float:
        return self.place_sum / self.games if self.games else 0.0


@dataclass(frozen=True)
class PlayedGame:
    """One finished game of a person, rated or not."""

    game_id: int
    channel_id: int
    finished_at: float
    name: str
    place: int
    seats: int
    tally: dict[str, int]
    rated: bool
    reason: str | None  # why it was not rated
    rating_after: Rating | None
    record_message: tuple[int, int] | None  # (channel, message) carrying the record


class StandingsMixin(StoreBase):
    async def leaderboard(self, guild_id: int, game: str, *, limit: int = 10,
                          offset: int = 0) -> tuple[list[Standing], int]:
        """The best rated players by conservative score, and how many there are."""
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn, f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
                      f"ORDER BY {_SCORE} DESC, user_id LIMIT ? OFFSET ?",
                (guild_id, game, limit, offset))
            total = await fetch_one(
                conn, "SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND game = ?",
                (guild_id, game))
        return ([_standing(offset + i + 1, r) for i, r in enumerate(rows)],
                0 if total is None else int(total["n"]))

    async def standing(self, guild_id: int, game: str, user_id: int) -> Standing | None:
        async with self._db.reading() as conn:
            row = await fetch_one(
                conn, "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                (guild_id, game, user_id))
            if row is None:
                return None
            above = await fetch_one(
                conn, f"SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND game = ? "
                      f"AND ({_SCORE} > ? OR ({_SCORE} = ? AND user_id < ?))",
                (guild_id, game, row["mu"] - 3 * row["sigma"],
                 row["mu"] - 3 * row["sigma"], user_id))
        return _standing(1 + (0 if above is None else int(above["n"])), row)

    async def played_games(self, guild_id: int, game: str, user_id: int) -> list[PlayedGame]:
        """Every finished game of the person in this server, oldest first."""
        async with self._db.reading() as conn:
            rows = await fetch_all(
                conn,
                "SELECT p.game_id, g.channel_id, r.finished_at, p.name, p.place, p.tally, "
                "r.rated, r.reason, p.mu_after, p.sigma_after, m.channel_id AS m_channel, "
                "m.message_id AS m_message, "
                "(SELECT count(*) FROM game_places AS q WHERE q.game_id = p.game_id) AS seats "
                "FROM game_places AS p JOIN rated_games AS r ON r.game_id = p.game_id "
                "JOIN games AS g ON g.id = p.game_id "
                "LEFT JOIN bot_messages AS m ON m.game_id = p.game_id AND m.kind = 'prompt' "
                "WHERE p.user_id = ? AND r.guild_id = ? AND r.game = ? "
                "ORDER BY r.finished_at, p.game_id", (user_id, guild_id, game))
        return [_played(r) for r in rows]


def _standing(rank: int, r: Any) -> Standing:
    return Standing(rank, r["user_id"], r["name"], Rating(r["mu"], r["sigma"]), r["games"],
                    r["wins"], r["place_sum"])


def _played(r: Any) -> PlayedGame:
    after = None if r["mu_after"] is None else Rating(r["mu_after"], r["sigma_after"])
    message = None if r["m_message"] is None else (r["m_channel"], r["m_message"])
    return PlayedGame(r["game_id"], r["channel_id"], r["finished_at"], r["name"], r["place"],
                      int(r["seats"]), json.loads(r["tally"]), bool(r["rated"]), r["reason"],
                      after, message)
