"""Reading the ratings and places of migration 0007: leaderboards and a player's games
(`store.ratings.top`, `standing`, `played_games`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.community.ratings import Rating
from bot.store.backends.sql import Database, fetch_all, fetch_one

# The conservative score, in SQL (see bot/community/ratings.py).
_SCORE = "(mu - 3 * sigma)"
# A person is named as in their newest finished game in the server, rated or not, rather
# than as in their last rated one: their own latest name (game_places name holders).
_LATEST_NAME = (
    "coalesce((SELECT p.name FROM game_places AS p JOIN rated_games AS g "
    "ON g.game_id = p.game_id WHERE p.user_id = ratings.user_id "
    "AND g.guild_id = ratings.guild_id ORDER BY g.finished_at DESC, g.game_id DESC LIMIT 1), "
    "ratings.name) AS latest_name")
# Why a game a moderator took out of the ratings (`/table-admin void`, bot/store/voiding.py)
# does not count, as rated_games keeps it: a history tells it apart from the other reasons.
VOIDED = "voided by a moderator"
# The poster's segment messages are named `seg:<version>:<index>:<posted_at>`
# (cogs/common/segments.py); the one posted once the game was over is its result.
_SEGMENT = "seg:"


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
    by_moderator: bool = False  # ended by a moderator: ranked as it stood, never a win
    # No game of its kind came after it in its channel: `export` there gives its record.
    last_in_channel: bool = False

    @property
    def voided(self) -> bool:
        """Taken out of the ratings by a moderator, rather than not counted for another
        reason (computer players, a moderator's end)."""
        return not self.rated and self.reason == VOIDED


async def top(db: Database, guild_id: int, game: str, *, limit: int = 10,
                      offset: int = 0) -> tuple[list[Standing], int]:
    """The best rated players by conservative score, and how many there are."""
    async with db.reading() as conn:
        rows = await fetch_all(
            conn, f"SELECT *, {_LATEST_NAME} FROM ratings WHERE guild_id = ? AND game = ? "
                  f"ORDER BY {_SCORE} DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset))
        total = await fetch_one(
            conn, "SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND game = ?",
            (guild_id, game))
    return ([_standing(offset + i + 1, r) for i, r in enumerate(rows)],
            0 if total is None else int(total["n"]))

async def standing_of(db: Database, guild_id: int, game: str, user_id: int) -> Standing | None:
    async with db.reading() as conn:
        row = await fetch_one(
            conn, f"SELECT *, {_LATEST_NAME} FROM ratings WHERE guild_id = ? AND game = ? "
                  f"AND user_id = ?", (guild_id, game, user_id))
        if row is None:
            return None
        above = await fetch_one(
            conn, f"SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND game = ? "
                  f"AND ({_SCORE} > ? OR ({_SCORE} = ? AND user_id < ?))",
            (guild_id, game, row["mu"] - 3 * row["sigma"],
             row["mu"] - 3 * row["sigma"], user_id))
    return _standing(1 + (0 if above is None else int(above["n"])), row)

async def played_games(db: Database, guild_id: int, game: str, user_id: int) -> list[PlayedGame]:
    """Every finished game of the person in this server, oldest first."""
    async with db.reading() as conn:
        rows = await fetch_all(
            conn,
            "SELECT p.game_id, g.channel_id, g.version, r.finished_at, p.name, p.place, "
            "p.tally, r.rated, r.reason, r.by_moderator, p.mu_after, p.sigma_after, "
            "(SELECT count(*) FROM game_places AS q WHERE q.game_id = p.game_id) AS seats, "
            "NOT EXISTS (SELECT 1 FROM games AS n WHERE n.channel_id = g.channel_id "
            "AND n.game = g.game AND n.id > g.id) AS last_in_channel "
            "FROM game_places AS p JOIN rated_games AS r ON r.game_id = p.game_id "
            "JOIN games AS g ON g.id = p.game_id "
            "WHERE p.user_id = ? AND r.guild_id = ? AND r.game = ? "
            "ORDER BY r.finished_at, p.game_id", (user_id, guild_id, game))
        # Only candidates: segments posted at the game's last version, and the
        # 'prompt' of a game without segments (a game has dozens of segments).
        messages = await fetch_all(
            conn,
            "SELECT m.game_id, m.kind, m.channel_id, m.message_id FROM bot_messages AS m "
            "JOIN game_places AS p ON p.game_id = m.game_id "
            "JOIN rated_games AS r ON r.game_id = m.game_id "
            "JOIN games AS g ON g.id = m.game_id "
            "WHERE p.user_id = ? AND r.guild_id = ? AND r.game = ? "
            f"AND (m.kind LIKE ('{_SEGMENT}%:' || g.version) OR m.kind = 'prompt' "
            f"AND NOT EXISTS (SELECT 1 FROM bot_messages AS s WHERE s.game_id = m.game_id "
            f"AND s.kind LIKE '{_SEGMENT}%'))", (user_id, guild_id, game))
    found = record_messages({r["game_id"]: int(r["version"]) for r in rows}, messages)
    return [_played(r, found.get(r["game_id"])) for r in rows]


def record_messages(final: dict[int, int],
                    messages: Iterable[Any]) -> dict[int, tuple[int, int]]:
    """Per game (`final`: its last version), the (channel, message) carrying its record:
    the newest segment message if it was posted once the game was over (the result, the
    record attached); else a 'prompt' message, the result of a game that finished
    before the poster kept segment messages. A game whose result was never posted (or
    whose message was not kept) has none."""
    newest: dict[int, tuple[tuple[int, int, int], tuple[int, int]]] = {}
    legacy: dict[int, tuple[int, int]] = {}
    for m in messages:
        game_id, where = m["game_id"], (int(m["channel_id"]), int(m["message_id"]))
        if m["kind"] == "prompt":
            legacy[game_id] = where
            continue
        try:
            version, index, posted = (int(p) for p in m["kind"][len(_SEGMENT):].split(":"))
        except ValueError:
            continue  # not a segment's name after all
        key = (posted, version, index)
        if game_id not in newest or key > newest[game_id][0]:
            newest[game_id] = (key, where)
    out: dict[int, tuple[int, int]] = {}
    for game_id, last in final.items():
        if game_id in newest:  # a 'prompt' beside segments was a prompt, not the result
            (posted, _version, _index), where = newest[game_id]
            if posted >= last:
                out[game_id] = where
        elif game_id in legacy:
            out[game_id] = legacy[game_id]
    return out


def _standing(rank: int, r: Any) -> Standing:
    return Standing(rank, r["user_id"], r["latest_name"], Rating(r["mu"], r["sigma"]),
                    r["games"], r["wins"], r["place_sum"])


def _played(r: Any, message: tuple[int, int] | None) -> PlayedGame:
    after = None if r["mu_after"] is None else Rating(r["mu_after"], r["sigma_after"])
    return PlayedGame(r["game_id"], r["channel_id"], r["finished_at"], r["name"], r["place"],
                      int(r["seats"]), json.loads(r["tally"]), bool(r["rated"]), r["reason"],
                      after, message, bool(r["by_moderator"]), bool(r["last_in_channel"]))
