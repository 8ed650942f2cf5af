"""The parts of Doge's fast path that are not about one action: planning an election's
questions (D-4 to D-7) and the end of the game (D-9), on the compact game of `fast.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.games.doge.constants import SPACES_PER_DISTRICT
from bot.games.doge.result import stalemate

if TYPE_CHECKING:
    from bot.games.doge.fast import Sim

N_DISTRICTS = 6
DISTRICT_RANGE = range(N_DISTRICTS)
QUARANTIA = 6  # the area index of the Quarantia; districts are 0-5 (order of AREAS)
Q_ADVISORS = (6, 7, 8)  # advisor indices of Q1-Q3; advisor d (0-5) lives in district d
PLACEMENT, ELECTIONS, OVER = 0, 1, 2


class Phase:
    """One question of an election step (as `state.Phase`)."""

    __slots__ = ("kind", "seats", "limit", "awaiting", "chosen")

    def __init__(self, kind: str, seats: list[int], limit: int = 0) -> None:
        self.kind = kind
        self.seats = seats
        self.limit = limit
        self.awaiting: dict[int, Any] = {}
        self.chosen: dict[int, int] = {}

    def copy(self) -> Phase:
        c = Phase(self.kind, self.seats[:], self.limit)
        c.awaiting = {s: ([x[:] for x in v] if isinstance(v, list) else v)
                      for s, v in self.awaiting.items()}
        c.chosen = dict(self.chosen)
        return c


def plan_election(sim: Sim, area: int) -> None:
    """D-4.2 to D-4.6: the votes in `area` (markers plus controlled advisors standing
    there), winners and runners-up, and the questions the result asks, in order."""
    votes = sim.votes[area][:]
    stand = sim.stand
    for advisor, controller in enumerate(sim.ctrl):
        if controller >= 0 and stand[advisor] == area:
            votes[controller] += 1
    best = max(votes)
    queue: list[Phase] = []
    sim.area, sim.queue, sim.current = area, queue, None
    if best < 1:
        return  # D-4.6: nobody takes part
    seats = range(sim.n)
    winners = [s for s in seats if votes[s] == best]
    runners: list[int] = []
    if len(winners) == 1:
        second = max([v for v in votes if v < best], default=0)
        if second >= 1:
            runners = [s for s in seats if votes[s] == second]
    if area == QUARANTIA:
        for q in Q_ADVISORS:  # D-7.1: the three Quarantia advisors become neutral
            sim.ctrl[q] = sim.stand[q] = -1
        if len(winners) > 1:  # D-7.5
            queue += [Phase("qmove", winners, 2), Phase("build", winners[:])]
            return
        w = winners[:1]
        queue += [Phase("qadvisor", w), Phase("build", w[:])]
        if len(runners) == 1:  # D-7.2
            queue += [Phase("qadvisor", runners), Phase("build", runners[:])]
        elif runners:  # D-7.3
            queue += [Phase("qmove", runners, 1), Phase("build", runners[:])]
        queue += [Phase("qadvisor", w[:]), Phase("build", w[:])]  # D-7.4
        return
    if len(winners) == 1:  # D-6.1, D-6.3
        w = winners
        queue += [Phase("advisor", w), Phase("place", w[:], 2), Phase("build", w[:])]
        if runners:
            queue += [Phase("place", runners, 1), Phase("build", runners[:])]
    else:  # D-6.4: the advisor becomes neutral, each tied winner may place up to 2
        sim.ctrl[area] = sim.stand[area] = -1
        queue += [Phase("place", winners, 2), Phase("build", winners[:])]


def qualifies(palace_counts: list[int]) -> bool:
    """D-9.1 (a), (b) or (c), from a player's palaces per district."""
    total = sum(palace_counts)
    spread = sum(1 for n in palace_counts if n)
    return spread == N_DISTRICTS or (total >= 7 and spread >= 5) or \
        (total >= 8 and spread >= 4)


def winners_at_year_end(sim: Sim) -> list[int] | None:
    """D-9.1 to D-9.4: the winning seats if the game ends at this year's end, else None:
    qualifiers first, then palaces, then houses on the board; ties share."""
    keys = []
    for seat in range(sim.n):
        counts = [row.count(seat) for row in sim.palaces]
        keys.append((qualifies(counts), sum(counts), sim.on_board(seat)))
    if not any(k[0] for k in keys):
        full = all(len(row) >= SPACES_PER_DISTRICT for row in sim.palaces)
        limit = sim.year_limit
        quiet = sim.year - sim.last_palace_year
        if not full and not (limit is not None and sim.year >= limit) and \
                not stalemate(sim.stalemate_years, quiet):
            return None
    best = max(keys)
    return [seat for seat in range(sim.n) if keys[seat] == best]
