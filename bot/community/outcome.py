"""A finished game's outcome as the ratings and the stats need it, read from the
game's public view only: each seat's place (1 is best, shared places are ties), whether
a moderator ended it, and what each seat is known for (Doge: palaces by district; Clans:
villages founded by terrain). Each game says how in its `community.py`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.community import Finish, community_of

Outcome = Finish


def outcome(game: str, view: Any) -> Outcome:
    """The outcome of a finished game from its public view; ValueError if it is not over
    (or the game is unknown)."""
    return community_of(game).finish(view)


def favourite(tallies: list[dict[str, int]]) -> str | None:
    """The key counted most over several games (ties: the first in name order)."""
    total: Counter[str] = Counter()
    for tally in tallies:
        total.update(tally)
    if not total:
        return None
    return min(total, key=lambda k: (-total[k], k))
