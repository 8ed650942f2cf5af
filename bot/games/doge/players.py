"""Computer players: uniformly random, an easy one, and the heuristic one (the `normal`
level of AI seats and the autopilot). The strong level searches (`strong.py`).

The table's players see only what their seat may see: they read a `PlayerView`."""

from __future__ import annotations

import math
import random

from bot.games.base import Action
from bot.games.doge import placement
from bot.games.doge.constants import (
    AREAS,
    DISTRICTS,
    PALACE_COSTS,
    QUARANTIA,
    SPACES_PER_DISTRICT,
)
from bot.games.doge.engine import legal_actions
from bot.games.doge.progress import Progress, progress_gain, progress_target
from bot.games.doge.state import DogeState
from bot.games.doge.view import PlayerView


def random_action(st: DogeState, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action of `seat`.

    Ballots are the product of an unused area and a marker choice, so drawing each
    uniformly is uniform over all ballots without listing them all."""
    if st.phase == "placement":
        p = st.players[seat]
        area = rng.choice([a for a in AREAS if a not in p.cards_used])
        markers = rng.choice(placement.marker_choices(p.markers))
        return {"seat": seat, "type": "ballot", "area": area, "markers": list(markers)}
    return rng.choice(legal_actions(st, seat))


def _next_cost(view: PlayerView, district: str) -> int | None:
    filled = len(view.public.palaces[district])
    return PALACE_COSTS[filled] if filled < SPACES_PER_DISTRICT else None


def _area_value(view: PlayerView, area: str) -> float:
    pub, me = view.public, view.own.seat
    rival_markers = sum(s.count for s in pub.stacks.get(area, ()) if s.seat != me)
    my_advisors = sum(1 for c, where in pub.advisors.values() if c == me and where == area)
    value = 1.0 * my_advisors - 0.4 * rival_markers
    if area == QUARANTIA:
        return value + 3.0
    cost = _next_cost(view, area)
    mine = pub.houses[area][me]
    value += 2.0
    if cost is not None and pub.players[me].palaces_supply > 0:
        if mine + 2 >= cost:
            value += 3.0
        if pub.players[me].palaces.get(area, 0) == 0:
            value += 1.0  # a new district counts toward D-9.1 (a)
    return value


def _ballot(view: PlayerView, legal: list[Action], rng: random.Random | None) -> Action:
    pub = view.public
    used = set(pub.players[view.own.seat].cards_used)

    def value(area: str) -> float:
        # A little noise keeps identical heuristic players from mirroring each other.
        return _area_value(view, area) + (rng.uniform(0, 2.0) if rng else 0.0)

    area = max((a for a in AREAS if a not in used), key=value)
    rounds_left = pub.rounds_per_year - pub.round + 1
    held = sorted(view.own.markers, reverse=True)
    count = max(1, min(4, math.ceil(len(held) / rounds_left)))
    markers = held[:count]
    for a in legal:
        if a["area"] == area and a["markers"] == markers:
            return a
    return legal[0]


def _progress(view: PlayerView) -> Progress:
    """The district to gather houses in when no palace is within reach (`progress.py`),
    with the seat's houses and the palaces per district it was judged from."""
    pub, me = view.public, view.own.seat
    mine = [pub.houses[d][me] for d in DISTRICTS]
    filled = [len(pub.palaces[d]) for d in DISTRICTS]
    target = progress_target(mine, filled, pub.players[me].houses_supply,
                             pub.players[me].palaces_supply)
    return target, mine, filled


def _move_gain(view: PlayerView, src: str, dst: str, progress: Progress) -> float:
    """How much a house move helps: enough houses for a palace where it lands, or a
    step toward the nearest palace when none is within reach (D-9.4)."""
    pub, me = view.public, view.own.seat
    toward = progress_gain(*progress, DISTRICTS.index(src), DISTRICTS.index(dst))
    cost = _next_cost(view, dst)
    if cost is None or pub.players[me].palaces_supply == 0:
        return toward
    after = pub.houses[dst][me] + 1
    if pub.election and pub.election.area == dst:
        after += min(2, pub.players[me].houses_supply)  # the placement still to come
    gain = 4.0 if after >= cost else 0.0
    src_cost = _next_cost(view, src)
    if src_cost is not None and pub.houses[src][me] >= src_cost:
        gain -= 2.0  # it was already enough for a palace where it stood
    return gain + toward


def heuristic_action(view: PlayerView, legal: list[Action],
                     rng: random.Random | None = None) -> Action:
    """A sensible choice among `legal`, judged from the seat's own view only; `rng` adds
    a little variety to its ballots."""
    if not legal:
        raise ValueError("no legal action to choose from")
    kind = legal[0]["type"]
    if kind == "ballot":
        return _ballot(view, legal, rng)
    if kind in ("place", "build"):
        return legal[0]  # the most allowed comes first
    upcoming = _upcoming(view)
    progress = _progress(view)

    def score(a: Action) -> float:
        if a["type"] == "take":
            soon = upcoming.index(a["stand"]) if a["stand"] in upcoming else 20
            return 2.5 - soon * 0.1
        if a["type"] in ("abstain", "move") and (a.get("move") or a.get("from")):
            src, dst = a.get("move") or (a["from"], a["to"])
            return _move_gain(view, src, dst, progress)
        return 0.0

    return max(legal, key=score)


def easy_action(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    """The `easy` level: plausible but unplanned. Ballots go to a random unused area with
    an even share of random markers; an election question gets either the heuristic's
    answer or the table's safe default (take the advisor, place and build all allowed,
    make no optional move), at random. Without the house moves it sometimes makes, a
    table of easy players could lock every house on the board and never end."""
    if not legal:
        raise ValueError("no legal action to choose from")
    kind = legal[0]["type"]
    if kind == "ballot":
        pub = view.public
        areas = sorted({a["area"] for a in legal})
        rounds_left = pub.rounds_per_year - pub.round + 1
        held = list(view.own.markers)
        count = max(1, min(4, math.ceil(len(held) / rounds_left)))
        markers = sorted(rng.sample(held, count), reverse=True)
        area = rng.choice(areas)
        for a in legal:
            if a["area"] == area and a["markers"] == markers:
                return a
        return rng.choice(legal)
    if kind in ("place", "build"):
        return legal[0]  # the most allowed comes first
    if rng.random() < 0.5:
        return heuristic_action(view, legal)
    takes = [a for a in legal if a["type"] == "take"]
    if takes:
        upcoming = _upcoming(view)
        return min(takes, key=lambda a: upcoming.index(a["stand"])
                   if a["stand"] in upcoming else len(upcoming))
    return next((a for a in legal if a["type"] in ("pass", "abstain")
                 and not a.get("move")), legal[0])


def _upcoming(view: PlayerView) -> list[str]:
    pub = view.public
    rest = list(pub.order_current[pub.elections_done + 1:])
    return rest + [a for a in pub.order_next_face_up if a not in rest] + \
        [a for a in DISTRICTS if a not in rest]
