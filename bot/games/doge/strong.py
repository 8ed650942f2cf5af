"""The `strong` level of Doge: information-set search from the seat's own view.

Each simulation samples the hidden parts of the game (`determinize`), plays the seat's
candidate action and then the rest of the year on the compact game of `fast.py`, every
seat choosing as the `normal` heuristic would (so the simulated table plays like a real
one), and scores the year's end: the result if the game ended, else each seat's standing
(palaces and their spread over the districts, then houses on the board), turned into a
share of the win."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

from bot.games.base import Action
from bot.games.doge.constants import PALACE_COSTS, SPACES_PER_DISTRICT
from bot.games.doge.determinize import determinize
from bot.games.doge.fast import FastAction, Sim
from bot.games.doge.fast_rules import (
    DISTRICT_RANGE,
    ELECTIONS,
    N_DISTRICTS,
    PLACEMENT,
    QUARANTIA,
)
from bot.games.doge.fast_state import from_state, to_action
from bot.games.doge.progress import Progress, progress_gain, progress_target
from bot.games.doge.view import PlayerView
from bot.games.search.ismcts import search

SIMULATIONS = 400  # the live budget: about half a second a decision on a modest core
SHARPNESS = 1.2  # how sure a lead in standing is made to look when scored


def strong_action(view: PlayerView, legal: list[Action], rng: random.Random,
                  simulations: int | None = None) -> Action:
    """The search's choice among `legal` (the seat's legal actions), from `view` only."""
    if len(legal) == 1:
        return legal[0]
    game = DogeSearch(view)
    best = search(game, rng, simulations or SIMULATIONS)
    action = to_action(game.root, view.own.seat, best)  # type: ignore[arg-type]
    return action if action in legal else legal[0]


class DogeSearch:
    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.seat = view.own.seat
        self.year = view.public.year
        # The position as the seat sees it (hidden parts sampled once), to name the
        # chosen action: what the seat may do depends only on what it knows.
        self.root = from_state(determinize(view, random.Random(0)))

    def sample(self, rng: random.Random) -> Sim:
        return from_state(determinize(self.view, rng))

    def to_move(self, sim: Sim) -> int | None:
        if sim.winners is not None or sim.year != self.year:
            return None  # scored at the year's end (D-9.1 is checked only then)
        pending = sim.pending()
        return self.seat if self.seat in pending else pending[0]

    def actions(self, sim: Sim, seat: int) -> Sequence[Hashable]:
        return candidates(sim, seat)

    def play(self, sim: Sim, seat: int, rng: random.Random) -> None:
        sim.apply(seat, policy(sim, seat, rng))

    def apply(self, sim: Sim, seat: int, action: Hashable) -> None:
        sim.apply(seat, action)  # type: ignore[arg-type]

    def score(self, sim: Sim) -> list[float]:
        if sim.winners is not None:
            return [1 / len(sim.winners) if s in sim.winners else 0.0 for s in range(sim.n)]
        weights = [math.exp(SHARPNESS * standing(sim, s)) for s in range(sim.n)]
        total = sum(weights)
        return [w / total for w in weights]


def standing(sim: Sim, seat: int) -> float:
    """How close a seat is to winning (D-9.1, D-9.2): palaces, districts holding one,
    then houses on the board."""
    counts = [row.count(seat) for row in sim.palaces]
    spread = sum(1 for c in counts if c)
    return sum(counts) + 0.6 * spread + 0.08 * sim.on_board(seat)


# ---- the simulated players: the `normal` heuristic on the compact game -----------------


def candidates(sim: Sim, seat: int) -> list[FastAction]:
    """The actions worth searching, most promising first: ballots put near the
    heuristic's count of high markers in any area, every other answer but aimless house
    moves."""
    legal = sim.legal(seat)
    if sim.phase == PLACEMENT:
        count = _marker_count(sim, seat)
        held = sorted(sim.markers[seat], reverse=True)
        sizes = [n for n in (count, count + 1, count - 1) if 1 <= n <= min(4, len(held))]
        areas = sorted(legal.areas, key=lambda a: -_area_value(sim, seat, a))  # type: ignore[attr-defined]
        return [("ballot", a, tuple(held[:n])) for a in areas for n in sizes]
    progress = _progress(sim, seat)
    moves = [a for a in legal if a[0] in ("move", "abstain") and a[-1] is not None]
    useful = [a for a in moves if _move_gain(sim, seat, *_move_of(a), progress) > 0]
    return sorted((a for a in legal if a not in moves or a in useful),
                  key=lambda a: -_score(sim, seat, a, progress))


def policy(sim: Sim, seat: int, rng: random.Random) -> FastAction:
    """What the `normal` heuristic would choose, with a little noise in ballots."""
    if sim.phase == PLACEMENT:
        used = sim.used[seat]
        area = max((a for a in range(7) if not used >> a & 1),
                   key=lambda a: _area_value(sim, seat, a) + rng.uniform(0, 2.0))
        held = sorted(sim.markers[seat], reverse=True)
        return ("ballot", area, tuple(held[: _marker_count(sim, seat)]))
    legal = sim.legal(seat)
    if legal[0][0] in ("place", "build"):
        return legal[0]  # the most allowed comes first
    progress = _progress(sim, seat)
    return max(legal, key=lambda a: _score(sim, seat, a, progress))


def _marker_count(sim: Sim, seat: int) -> int:
    rounds_left = sim.rounds - sim.round + 1
    return max(1, min(4, math.ceil(len(sim.markers[seat]) / rounds_left)))


def _next_cost(sim: Sim, district: int) -> int | None:
    filled = len(sim.palaces[district])
    return PALACE_COSTS[filled] if filled < SPACES_PER_DISTRICT else None


def _area_value(sim: Sim, seat: int, area: int) -> float:
    rivals = sum(sim.counts[area]) - sim.counts[area][seat]
    advisors = sum(1 for a, c in enumerate(sim.ctrl) if c == seat and sim.stand[a] == area)
    value = 1.0 * advisors - 0.4 * rivals
    if area == QUARANTIA:
        return value + 3.0
    value += 2.0
    cost = _next_cost(sim, area)
    if cost is not None and sim.palace_supply[seat] > 0:
        if sim.houses[area][seat] + 2 >= cost:
            value += 3.0
        if seat not in sim.palaces[area]:
            value += 1.0  # a new district counts toward D-9.1 (a)
    return value


def _move_of(action: FastAction) -> tuple[int, int]:
    return action[1] if action[0] == "abstain" else (action[1], action[2])


def _progress(sim: Sim, seat: int) -> Progress:
    """As `players._progress`: where to gather houses when no palace is within reach."""
    mine = [row[seat] for row in sim.houses[:N_DISTRICTS]]
    filled = [len(row) for row in sim.palaces]
    target = progress_target(mine, filled, sim.house_supply[seat], sim.palace_supply[seat])
    return target, mine, filled


def _move_gain(sim: Sim, seat: int, src: int, dst: int, progress: Progress) -> float:
    toward = progress_gain(*progress, src, dst)
    cost = _next_cost(sim, dst)
    if cost is None or sim.palace_supply[seat] == 0:
        return toward
    after = sim.houses[dst][seat] + 1
    if sim.phase == ELECTIONS and sim.area == dst:
        after += min(2, sim.house_supply[seat])  # the placement still to come
    gain = 4.0 if after >= cost else 0.0
    src_cost = _next_cost(sim, src)
    if src_cost is not None and sim.houses[src][seat] >= src_cost:
        gain -= 2.0
    return gain + toward


def _upcoming(sim: Sim) -> list[int]:
    rest = sim.order[sim.done + 1:]
    return rest + [a for a in sim.order_next[: sim.done] if a not in rest] + \
        [d for d in DISTRICT_RANGE if d not in rest]


def _score(sim: Sim, seat: int, action: FastAction, progress: Progress) -> float:
    kind = action[0]
    if kind == "take":
        upcoming = _upcoming(sim)
        soon = upcoming.index(action[2]) if action[2] in upcoming else 20
        return 2.5 - soon * 0.1
    if kind == "move" or (kind == "abstain" and action[1] is not None):
        return _move_gain(sim, seat, *_move_of(action), progress)
    if kind in ("place", "build"):
        return action[1] / N_DISTRICTS  # the most allowed first
    return 0.0
