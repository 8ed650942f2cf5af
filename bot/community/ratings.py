"""OpenSkill ratings (Plackett-Luce) of one server's players of one game.

Each person is a team of one; a game's places are its ranks (1 is best), so shared
places are ties. Computer seats take part with a fresh default rating each game (they
are not ranked themselves), so beating them counts for a little. The shown score is
conservative: mu - 3 sigma, the skill the player is very likely above; it starts at 0.
The same games in the same order give the same numbers to the last bit, which is what
lets `python -m bot ratings --rebuild` check and repair the stored ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from openskill.models import PlackettLuce

DEFAULT_MU = 25.0
DEFAULT_SIGMA = DEFAULT_MU / 3


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    return PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)


@dataclass(frozen=True)
class Rating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def score(self) -> float:
        """The conservative score shown on leaderboards: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Entrant:
    user_id: int | None  # None: a computer seat, not rated
    place: int
    rating: Rating = Rating()


def rate(entrants: Sequence[Entrant]) -> dict[int, Rating]:
    """New ratings of the rated entrants (by user id) after one game."""
    if len(entrants) < 2:
        raise ValueError("a rated game needs at least two seats")
    m = model()
    teams = [[m.rating(mu=e.rating.mu, sigma=e.rating.sigma)] for e in entrants]
    new = m.rate(teams, ranks=[float(e.place) for e in entrants])
    return {e.user_id: Rating(team[0].mu, team[0].sigma)
            for e, team in zip(entrants, new, strict=True) if e.user_id is not None}


def is_win(place: int, by_moderator: bool) -> bool:
    """First place (shared or not, D-9.2, C-6.3) in a game played to its end: a game a
    moderator ended ranks everyone as it stood, but nobody won it (D-9.3)."""
    return place == 1 and not by_moderator
