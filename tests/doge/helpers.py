"""Building Doge positions for rule tests."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Event, PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.constants import AREAS
from bot.games.doge.engine import _advance, apply_in_place
from bot.games.doge.state import Ballot, DogeState, Stack

NAMES = ["Anna", "Bernd", "Claudia", "Daniel"]


def new_game(players: int = 4, seed: int = 1, **settings: Any) -> DogeState:
    return ENGINE.new_game([PlayerSpec(n) for n in NAMES[:players]], settings,
                           random.Random(seed))


def elect(st: DogeState, area: str, stacks: dict[int, list[int]] | None = None) -> list[Event]:
    """Jump to the elections with `area` voting first and the given face-down stacks."""
    st.phase = "elections"
    st.stacks = {area: [Stack(seat, list(m)) for seat, m in (stacks or {}).items()]}
    st.order_current = [area] + [a for a in AREAS if a != area]
    st.elections_done = 0
    st.election = None
    events: list[Event] = []
    _advance(st, events)
    return events


def act(st: DogeState, seat: int, kind: str, **fields: Any) -> list[Event]:
    return apply_in_place(st, {"seat": seat, "type": kind, **fields})


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def question(st: DogeState) -> str | None:
    el = st.election
    return el.current.kind if el and el.current else None


def scrambled(s: DogeState) -> DogeState:
    """The same game with every secret value replaced (D-10.2)."""
    other = s.clone()
    voting = other.election.area if other.election else None
    for p in other.players:
        p.markers = [9] * len(p.markers)
    for area, stacks in other.stacks.items():
        if area != voting:
            for stack in stacks:
                stack.markers = [9] * len(stack.markers)
    other.ballots = {seat: (Ballot("quarantia", [9] * len(b.markers)) if b else None)
                     for seat, b in other.ballots.items()}
    other.chance_seed = 0
    face_up = other.elections_done  # the face-down rest of next year's row is unknown
    other.order_next = other.order_next[:face_up] + other.order_next[face_up:][::-1]
    return other
