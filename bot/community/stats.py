"""A player's stats and history from their finished games (bot/store/standings.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.community.outcome import favourite


@dataclass(frozen=True)
class HistoryLine:
    game: Any  # a PlayedGame
    change: float | None  # conservative score gained in this game; None if not rated


@dataclass(frozen=True)
class PlayerStats:
    standing: Any  # a Standing, or None when never rated
    played: int
    wins: int
    average_place: float
    favourite: str | None
    last: tuple[HistoryLine, ...]  # newest first


def history(games: list[Any]) -> list[HistoryLine]:
    """Every game newest first, with what each rated one changed (from a score of 0)."""
    lines: list[HistoryLine] = []
    before = 0.0
    for g in games:  # oldest first
        if g.rated and g.rating_after is not None:
            lines.append(HistoryLine(g, g.rating_after.score - before))
            before = g.rating_after.score
        else:
            lines.append(HistoryLine(g, None))
    return lines[::-1]


def player_stats(standing: Any, games: list[Any], last: int = 5) -> PlayerStats:
    wins = sum(1 for g in games if g.place == 1)
    average = sum(g.place for g in games) / len(games) if games else 0.0
    return PlayerStats(standing, len(games), wins, average,
                       favourite([g.tally for g in games]), tuple(history(games)[:last]))
