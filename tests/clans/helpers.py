"""Hand-built Clans positions on our real map: an empty board, huts placed by label,
and finders for territories with the shape and terrain a test needs."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.base import Event, Outcome, PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.board import COLOURS, TERRAINS
from bot.games.clans.rules import (
    LABELS,
    MAP,
    N_COLOURS,
    N_TERRITORIES,
    NEIGHBOURS,
    TERRAIN,
    ClansState,
    Village,
)

# One letter per colour, "k" for black as in printing.
LETTERS = {"r": 0, "b": 1, "g": 2, "y": 3, "k": 4}
NAMES = ("Ann", "Bob", "Cid", "Dee")


def players(n: int) -> list[PlayerSpec]:
    return [PlayerSpec(name) for name in NAMES[:n]]


def new_game(n: int = 4, seed: int = 1) -> ClansState:
    return ENGINE.new_game(players(n), {}, random.Random(seed))


def blank(n: int = 2, colours: tuple[int, ...] | None = None) -> ClansState:
    """An empty board; seat 0 moves first; seat s holds colour s unless told."""
    return ClansState(
        players=tuple(players(n)), turn_order=tuple(range(n)),
        colours=colours if colours is not None else tuple(range(n)),
        huts=[0] * (N_TERRITORIES * N_COLOURS), totals=[0] * N_TERRITORIES, villages=[],
        clan_scores=[0] * N_COLOURS, chips=[0] * n, turn=0, to_order=[], log=[], over=False,
        end_reason=None,
    )


def place(state: ClansState, label: str, huts: str) -> None:
    """Adds huts to a territory, e.g. place(s, "C4", "rrbk")."""
    t = MAP.index_of[label]
    for letter in huts:
        state.huts[t * N_COLOURS + LETTERS[letter]] += 1
        state.totals[t] += 1


def huts_at(state: ClansState, label: str) -> dict[str, int]:
    t = MAP.index_of[label]
    return {COLOURS[c]: state.huts[t * N_COLOURS + c] for c in range(N_COLOURS)
            if state.huts[t * N_COLOURS + c]}


def take_chips(state: ClansState, count: int, seat: int = 1) -> None:
    """Pretends `count` villages were already founded (by `seat`), each on some empty
    territory as if destroyed; call after placing huts."""
    empty = [t for t in range(N_TERRITORIES) if not state.totals[t]]
    for i in range(count):
        chip = len(state.villages) + 1
        state.villages.append(Village(empty[-1 - i], chip, 0, seat, (0,) * N_COLOURS, (), True,
                                      0, ()))
        state.chips[seat] += 1


def move(state: ClansState, src: str, dst: str) -> Outcome:
    return ENGINE.apply(state, {"seat": state.mover, "type": "move", "from": src, "to": dst})


def order(state: ClansState, labels: list[str]) -> Outcome:
    return ENGINE.apply(state, {"seat": state.mover, "type": "order", "villages": labels})


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def terrain(label: str) -> str:
    return TERRAINS[TERRAIN[MAP.index_of[label]]]


def neighbours(label: str) -> list[str]:
    return [LABELS[n] for n in NEIGHBOURS[MAP.index_of[label]]]


def _any(terrain_name: str | None) -> Callable[[str], bool]:
    return lambda label: terrain_name is None or terrain(label) == terrain_name


def pair(first: str | None = None, second: str | None = None) -> tuple[str, str]:
    """Two neighbours, with the given terrains."""
    for a in LABELS:
        for b in neighbours(a):
            if _any(first)(a) and _any(second)(b):
                return a, b
    raise LookupError("no such pair on the map")


def chain(ends: tuple[str | None, str | None] = (None, None)) -> tuple[str, str, str]:
    """x - y - z with x and z not neighbours; x and z of the given terrains."""
    for y in LABELS:
        for x in neighbours(y):
            for z in neighbours(y):
                if x != z and z not in neighbours(x) and _any(ends[0])(x) and _any(ends[1])(z):
                    return x, y, z
    raise LookupError("no such chain on the map")


def elsewhere(state: ClansState, *near: str) -> tuple[str, str]:
    """Puts a green hut on each of two neighbours away from `near`, so that the game goes
    on after the move under test; returns them."""
    keep_off = set(near) | {n for label in near for n in neighbours(label)}
    keep_off |= {n for label in list(keep_off) for n in neighbours(label)}
    for p in LABELS:
        for q in neighbours(p):
            if p not in keep_off and q not in keep_off:
                place(state, p, "g")
                place(state, q, "g")
                return p, q
    raise LookupError("no room elsewhere on the map")
