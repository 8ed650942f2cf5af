"""The complete state of a Doge game, secrets included, and its exact JSON form.

The state is a plain mutable structure so simulation can apply actions in place; the
engine's `apply` clones it first, so callers never see a state change under them.
Only the engine reads this; everything shown to people goes through `view.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.doge.constants import ADVISORS, DISTRICTS, RINGS

SCHEMA_VERSION = 1


@dataclass
class Player:
    name: str
    colour: str
    is_bot: bool
    houses: int  # in supply
    palaces: int  # in supply
    markers: list[int]  # values still in supply this year (secret, D-10.2)
    cards_used: list[str]  # areas whose card is used this year (public)

    def clone(self) -> Player:
        return Player(self.name, self.colour, self.is_bot, self.houses, self.palaces,
                      list(self.markers), list(self.cards_used))


@dataclass
class Stack:
    """A player's face-down markers on an area (D-3.3); values secret until revealed."""

    seat: int
    markers: list[int]


@dataclass
class Ballot:
    """A placement choice not yet revealed (D-3.2, D-3.3)."""

    area: str
    markers: list[int]


@dataclass
class Phase:
    """One question of an election step, asked to one or several seats at once.

    kind: "advisor" (district winner), "qadvisor" (Quarantia taker), "place" (houses
    from supply), "qmove" (Quarantia house moves), "build" (palaces, D-8.4).
    """

    kind: str
    seats: list[int]
    limit: int = 0  # place: houses allowed; qmove: moves allowed
    # Per seat, what is still owed: place/advisor -> 1, qmove -> moves left,
    # build -> list of [district, max] still to answer.
    awaiting: dict[int, Any] = field(default_factory=dict)
    # place: answers given and not yet carried out, seat -> houses. Tied players' answers
    # take effect together when the last of them has answered (D-11.2); until then only
    # their owners know them.
    chosen: dict[int, int] = field(default_factory=dict)

    def clone(self) -> Phase:
        awaiting = {s: ([list(x) for x in v] if isinstance(v, list) else v)
                    for s, v in self.awaiting.items()}
        return Phase(self.kind, list(self.seats), self.limit, awaiting, dict(self.chosen))


@dataclass
class Election:
    area: str
    votes: dict[int, int]
    winners: list[int]
    runners_up: list[int]
    queue: list[Phase]  # phases still to come, in order
    current: Phase | None = None
    # Houses each seat moved or placed into each district during the current step (D-8.4).
    received: dict[int, dict[str, int]] = field(default_factory=dict)
    # Palaces each seat asked for in the current build phase: seat -> district -> count.
    wants: dict[int, dict[str, int]] = field(default_factory=dict)

    def clone(self) -> Election:
        return Election(
            self.area, dict(self.votes), list(self.winners), list(self.runners_up),
            [p.clone() for p in self.queue],
            self.current.clone() if self.current else None,
            {s: dict(d) for s, d in self.received.items()},
            {s: dict(d) for s, d in self.wants.items()},
        )


@dataclass
class DogeState:
    players: list[Player]
    houses: dict[str, list[int]]  # district -> houses per seat
    palaces: dict[str, list[int]]  # district -> owner seat of each filled space, in order
    advisors: dict[str, list[Any]]  # advisor -> [controller seat | None, area stood in | None]
    stacks: dict[str, list[Stack]]  # area -> stacks placed this year
    ballots: dict[int, Ballot | None]  # this round: seat -> choice (None: sat out, D-3.7)
    year: int
    phase: str  # "placement", "elections", "over"
    round: int
    order_current: list[str]  # this year's voting order (D-1.5, D-4.1)
    order_next: list[str]  # next year's; its first `elections_done` cards are face up
    elections_done: int
    election: Election | None
    chance_seed: int  # seeds the year-end shuffles (D-4.1); never shown
    year_limit: int | None  # D-9.3
    result: dict[str, Any] | None = None
    # Areas whose election already ran this year, with the revealed stacks (D-10.1).
    revealed: dict[str, list[Stack]] = field(default_factory=dict)
    stalemate_years: int | None = None  # D-9.4 (None: no stalemate end)
    last_palace_year: int = 0  # the last year a palace was built (0: none yet)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def rings_in_supply(self, seat: int) -> int:
        """D-1.2, D-5.1: a ring is either on an advisor or in its owner's supply."""
        return RINGS - sum(1 for c, _ in self.advisors.values() if c == seat)

    def houses_on_board(self, seat: int) -> int:
        return sum(row[seat] for row in self.houses.values())

    def palaces_of(self, seat: int) -> dict[str, int]:
        return {d: self.palaces[d].count(seat) for d in DISTRICTS}

    def clone(self) -> DogeState:
        return DogeState(
            players=[p.clone() for p in self.players],
            houses={d: list(v) for d, v in self.houses.items()},
            palaces={d: list(v) for d, v in self.palaces.items()},
            advisors={a: list(v) for a, v in self.advisors.items()},
            stacks={a: [Stack(s.seat, list(s.markers)) for s in v] for a, v in self.stacks.items()},
            ballots={s: (Ballot(b.area, list(b.markers)) if b else None)
                     for s, b in self.ballots.items()},
            year=self.year, phase=self.phase, round=self.round,
            order_current=list(self.order_current), order_next=list(self.order_next),
            elections_done=self.elections_done,
            election=self.election.clone() if self.election else None,
            chance_seed=self.chance_seed, year_limit=self.year_limit,
            result=self.result,  # written once at game end, never mutated
            revealed={a: [Stack(s.seat, list(s.markers)) for s in v]
                      for a, v in self.revealed.items()},
            stalemate_years=self.stalemate_years, last_palace_year=self.last_palace_year,
        )

    def quiet_years(self) -> int:
        """D-9.4: years running without a palace, this one included."""
        return self.year - self.last_palace_year


# ---- JSON ---------------------------------------------------------------------------

def _phase_to_json(p: Phase) -> dict[str, Any]:
    return {"kind": p.kind, "seats": p.seats, "limit": p.limit,
            "awaiting": [[s, v] for s, v in p.awaiting.items()],
            "chosen": _seat_map(p.chosen)}


def _phase_from_json(d: dict[str, Any]) -> Phase:
    # States stored before "chosen" existed carried out every answer at once: none pending.
    return Phase(d["kind"], list(d["seats"]), d["limit"], {s: v for s, v in d["awaiting"]},
                 {s: v for s, v in d.get("chosen", [])})


def _seat_map(d: dict[int, Any]) -> list[list[Any]]:
    # JSON object keys are strings; seat-keyed maps travel as pairs to keep ints exact.
    return [[s, v] for s, v in d.items()]


def state_to_json(st: DogeState) -> dict[str, Any]:
    el = st.election
    return {
        "schema": SCHEMA_VERSION,
        "players": [{"name": p.name, "colour": p.colour, "is_bot": p.is_bot,
                     "houses": p.houses, "palaces": p.palaces, "markers": p.markers,
                     "cards_used": p.cards_used} for p in st.players],
        "houses": st.houses,
        "palaces": st.palaces,
        "advisors": st.advisors,
        "stacks": {a: [[s.seat, s.markers] for s in v] for a, v in st.stacks.items()},
        "ballots": [[s, None if b is None else [b.area, b.markers]]
                    for s, b in st.ballots.items()],
        "year": st.year, "phase": st.phase, "round": st.round,
        "order_current": st.order_current, "order_next": st.order_next,
        "elections_done": st.elections_done,
        "election": None if el is None else {
            "area": el.area, "votes": _seat_map(el.votes), "winners": el.winners,
            "runners_up": el.runners_up, "queue": [_phase_to_json(p) for p in el.queue],
            "current": None if el.current is None else _phase_to_json(el.current),
            "received": _seat_map(el.received), "wants": _seat_map(el.wants),
        },
        "chance_seed": st.chance_seed,
        "year_limit": st.year_limit,
        "result": st.result,
        "revealed": {a: [[s.seat, s.markers] for s in v] for a, v in st.revealed.items()},
        "stalemate_years": st.stalemate_years,
        "last_palace_year": st.last_palace_year,
    }


def state_from_json(d: dict[str, Any]) -> DogeState:
    if d.get("schema") != SCHEMA_VERSION:
        raise ValueError(f"unsupported Doge state schema {d.get('schema')!r}")
    el = d["election"]
    return DogeState(
        players=[Player(p["name"], p["colour"], p["is_bot"], p["houses"], p["palaces"],
                        list(p["markers"]), list(p["cards_used"])) for p in d["players"]],
        houses={k: list(v) for k, v in d["houses"].items()},
        palaces={k: list(v) for k, v in d["palaces"].items()},
        advisors={k: list(v) for k, v in d["advisors"].items()},
        stacks={a: [Stack(s, list(m)) for s, m in v] for a, v in d["stacks"].items()},
        ballots={s: (None if b is None else Ballot(b[0], list(b[1]))) for s, b in d["ballots"]},
        year=d["year"], phase=d["phase"], round=d["round"],
        order_current=list(d["order_current"]), order_next=list(d["order_next"]),
        elections_done=d["elections_done"],
        election=None if el is None else Election(
            el["area"], {s: v for s, v in el["votes"]}, list(el["winners"]),
            list(el["runners_up"]), [_phase_from_json(p) for p in el["queue"]],
            None if el["current"] is None else _phase_from_json(el["current"]),
            {s: dict(v) for s, v in el["received"]}, {s: dict(v) for s, v in el["wants"]},
        ),
        chance_seed=d["chance_seed"],
        year_limit=d["year_limit"],
        result=d["result"],
        revealed={a: [Stack(s, list(m)) for s, m in v] for a, v in d["revealed"].items()},
        # A state stored before D-9.4 belongs to a game created without the rule.
        stalemate_years=d.get("stalemate_years"),
        last_palace_year=d.get("last_palace_year", 0),
    )


def empty_board(player_count: int) -> tuple[dict[str, list[int]], dict[str, list[int]],
                                            dict[str, list[Any]]]:
    houses = {d: [0] * player_count for d in DISTRICTS}
    palaces: dict[str, list[int]] = {d: [] for d in DISTRICTS}
    advisors: dict[str, list[Any]] = {a: [None, None] for a in ADVISORS}  # D-1.4: all neutral
    return houses, palaces, advisors
