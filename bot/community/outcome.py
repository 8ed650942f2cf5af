"""A finished game's outcome as the ratings and the stats need it, read from the
game's public view only: each seat's place (1 is best, shared places are ties), whether
a moderator ended it, and what each seat is known for (Doge: palaces by district; Clans:
villages founded by terrain)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    places: tuple[int, ...]  # per seat; equal numbers are shared places
    by_moderator: bool
    tallies: tuple[dict[str, int], ...]  # per seat: district or terrain -> count


def outcome(game: str, view: Any) -> Outcome:
    """The outcome of a finished game from its public view; ValueError if it is not over."""
    if game == "doge":
        return _doge(view)
    if game == "clans":
        return _clans(view)
    raise ValueError(f"no outcome known for the game {game!r}")


def _doge(view: Any) -> Outcome:
    result = view.result
    if not result or not result.get("ranking"):
        raise ValueError("the Doge game is not over")
    seats = len(view.players)
    places = [0] * seats
    for row in result["ranking"]:  # D-9.2: places already shared on a tie
        places[row["seat"]] = int(row["place"])
    tallies: list[Counter[str]] = [Counter() for _ in range(seats)]
    for district, owners in view.palaces.items():
        for owner in owners:
            if owner is not None and 0 <= owner < seats:
                tallies[owner][district] += 1
    return Outcome(tuple(places), result.get("reason") == "moderator",
                   tuple(dict(t) for t in tallies))


def _clans(view: Any) -> Outcome:
    result = view.result
    if result is None:
        raise ValueError("the Clans game is not over")
    tallies: list[Counter[str]] = [Counter() for _ in view.players]
    for village in view.villages:  # the mover took its chip (C-4.2)
        tallies[village.founder][village.terrain] += 1
    return Outcome(tuple(int(r) for r in result.ranks), result.reason == "moderator",
                   tuple(dict(t) for t in tallies))


def favourite(tallies: list[dict[str, int]]) -> str | None:
    """The key counted most over several games (ties: the first in name order)."""
    total: Counter[str] = Counter()
    for tally in tallies:
        total.update(tally)
    if not total:
        return None
    return min(total, key=lambda k: (-total[k], k))
