"""A player's stats and history from their finished games (bot/store/standings.py).

The stats count what the leaderboard counts: rated games only, and a game a moderator
ended is ranked as it stood but is nobody's win (D-9.3). Games that were not rated are
counted apart, so a player sees them without their numbers disagreeing; a game a
moderator voided says so, rather than just "not rated" (`change_text`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.community.outcome import favourite
from bot.community.ratings import is_win
from bot.i18n import _, number


@dataclass(frozen=True)
class HistoryLine:
    game: Any  # a PlayedGame
    change: float | None  # conservative score gained in this game; None if not rated


@dataclass(frozen=True)
class PlayerStats:
    standing: Any  # a Standing, or None when never rated
    played: int  # rated games, as on the leaderboard
    wins: int  # first places of rated games a moderator did not end
    average_place: float  # over the rated games
    favourite: str | None  # what they built most in their rated games
    last: tuple[HistoryLine, ...]  # newest first, rated or not
    unrated: int = 0  # finished games that were not rated
    by_moderator: int = 0  # finished games a moderator ended, rated or not
    voided: int = 0  # of the unrated, those a moderator took out of the ratings


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


def change_text(line: HistoryLine, *, short: bool = False) -> str:
    """What a game of a history did to the player's rating: '+1.2' ('+1,2' in Dutch);
    else why nothing: 'voided by a moderator' (`short`: 'voided', for an image's narrow
    column) for a game taken out of the ratings with `/table-admin void`, 'not rated' for
    any other reason (computer players, a moderator's end: see the server's rating
    setting)."""
    if line.change is not None:
        return str(number(line.change, 1, signed=True))
    if line.game.voided:
        return _("voided") if short else _("voided by a moderator")
    return _("not rated")


def player_stats(standing: Any, games: list[Any], last: int = 5) -> PlayerStats:
    rated = [g for g in games if g.rated]
    wins = sum(1 for g in rated if is_win(g.place, g.by_moderator))
    average = sum(g.place for g in rated) / len(rated) if rated else 0.0
    ended = sum(1 for g in games if g.by_moderator)
    return PlayerStats(standing, len(rated), wins, average,
                       favourite([g.tally for g in rated]), tuple(history(games)[:last]),
                       len(games) - len(rated), ended, sum(1 for g in games if g.voided))
