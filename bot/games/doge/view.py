"""What people may see of a Doge game (D-10).

`PublicView` holds nothing secret: it is what the channel, the board image, logs and the
spectator see. `PlayerView` adds one seat's own secrets. The two are distinct types so a
renderer can refuse anything but a `PublicView`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from bot.games.doge.constants import DISTRICTS, placement_rounds
from bot.games.doge.decisions import asked_later
from bot.games.doge.state import DogeState


@dataclass(frozen=True)
class PlayerPublic:
    seat: int
    name: str
    colour: str
    is_bot: bool
    houses_supply: int
    palaces_supply: int
    rings_supply: int
    markers_left: int  # count only (D-10.2)
    cards_used: tuple[str, ...]
    has_chosen: bool  # placement: chosen this round (not what, D-3.3)
    houses_on_board: int
    palaces: dict[str, int]  # district -> palaces there

    @property
    def palace_total(self) -> int:
        return sum(self.palaces.values())

    @property
    def districts_with_palace(self) -> int:
        return sum(1 for n in self.palaces.values() if n)

    def win_progress(self) -> dict[str, bool]:
        """D-9.1's three conditions, each met or not."""
        total, spread = self.palace_total, self.districts_with_palace
        return {"a": spread == len(DISTRICTS), "b": total >= 7 and spread >= 5,
                "c": total >= 8 and spread >= 4}


@dataclass(frozen=True)
class StackPublic:
    seat: int
    count: int
    values: tuple[int, ...] | None  # None while face down (D-10.2)


@dataclass(frozen=True)
class ElectionPublic:
    area: str
    votes: dict[int, int]
    winners: tuple[int, ...]
    runners_up: tuple[int, ...]
    question: str | None  # the kind of decision now asked
    # Seats asked the current question who have answered it (who, never what: D-11.2).
    answered: tuple[int, ...] = ()
    # How the election goes on, all public: the seats asked now and the question's limit
    # (houses to place, moves to make), what each awaited seat still owes (1; moves
    # left; [district, houses received] still to answer about building), the houses each
    # seat moved or placed into each district in this step (D-8.4), and the steps still
    # to come as (question, seats, limit).
    asked: tuple[int, ...] = ()
    limit: int = 0
    owed: tuple[tuple[int, Any], ...] = ()
    received: dict[int, dict[str, int]] = field(default_factory=dict)
    steps: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    later: tuple[int, ...] = ()  # seats those steps will ask (`decisions.asked_later`)


@dataclass(frozen=True)
class PublicView:
    year: int
    phase: str
    round: int
    rounds_per_year: int
    players: tuple[PlayerPublic, ...]
    houses: dict[str, tuple[int, ...]]
    palaces: dict[str, tuple[int, ...]]  # owner seat of each filled space, in order
    advisors: dict[str, tuple[int | None, str | None]]  # controller, area stood in
    stacks: dict[str, tuple[StackPublic, ...]]  # face-down stacks on the board now
    revealed: dict[str, tuple[StackPublic, ...]]  # elections held this year, values shown
    order_current: tuple[str, ...]
    elections_done: int
    order_next_face_up: tuple[str, ...]  # D-4.1: the next year's cards turned so far
    election: ElectionPublic | None
    awaiting: tuple[int, ...]  # seats the game waits for
    year_limit: int | None
    result: dict[str, Any] | None
    stalemate_years: int | None = None  # D-9.4 (None: no stalemate end)
    last_palace_year: int = 0  # the last year a palace was built (0: none yet)

    def quiet_years(self) -> int:
        """D-9.4: years running without a palace, this one included."""
        return self.year - self.last_palace_year

    def to_json(self) -> dict[str, Any]:
        return _jsonable(self)


@dataclass(frozen=True)
class OwnSecrets:
    seat: int
    markers: tuple[int, ...]  # values still in supply
    ballot: tuple[str, tuple[int, ...]] | None  # this round's choice, while unrevealed
    stacks: dict[str, tuple[int, ...]]  # own face-down stacks by area
    # Answers given in the current election step and not yet carried out: houses to place
    # once every tied player has answered (D-11.2), palaces asked for per district.
    placement_chosen: int | None = None
    build_wants: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerView:
    public: PublicView
    own: OwnSecrets

    def to_json(self) -> dict[str, Any]:
        return _jsonable(self)


def _jsonable(value: Any) -> Any:
    if is_dataclass(value):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def public_view(st: DogeState, awaiting: list[int]) -> PublicView:
    el = st.election
    players = tuple(
        PlayerPublic(
            seat=i, name=p.name, colour=p.colour, is_bot=p.is_bot,
            houses_supply=p.houses, palaces_supply=p.palaces,
            rings_supply=st.rings_in_supply(i), markers_left=len(p.markers),
            cards_used=tuple(p.cards_used),
            has_chosen=st.phase == "placement" and st.ballots.get(i) is not None,
            houses_on_board=st.houses_on_board(i), palaces=st.palaces_of(i),
        )
        for i, p in enumerate(st.players)
    )
    stacks: dict[str, tuple[StackPublic, ...]] = {}
    for area, area_stacks in st.stacks.items():
        shown = el is not None and el.area == area  # D-11.3: revealed while it votes
        stacks[area] = tuple(
            StackPublic(s.seat, len(s.markers), tuple(s.markers) if shown else None)
            for s in area_stacks
        )
    revealed = {area: tuple(StackPublic(s.seat, len(s.markers), tuple(s.markers)) for s in v)
                for area, v in st.revealed.items()}
    election = None
    if el is not None:
        current = el.current
        answered: tuple[int, ...] = ()
        if current is not None:
            # Tied builders who answered every district count too (D-11.2); how many
            # palaces they asked for stays in `el.wants`, their secret until it resolves.
            given = el.wants if current.kind == "build" else current.chosen
            answered = tuple(s for s in current.seats
                             if s not in current.awaiting and s in given)
        election = ElectionPublic(
            el.area, dict(el.votes), tuple(el.winners), tuple(el.runners_up),
            current.kind if current else None, answered,
            asked=tuple(current.seats) if current else (),
            limit=current.limit if current else 0,
            owed=tuple((s, _frozen(v)) for s, v in current.awaiting.items()) if current else (),
            received={s: dict(d) for s, d in el.received.items()},
            steps=tuple((p.kind, tuple(p.seats), p.limit) for p in el.queue),
            later=tuple(asked_later(st)))
    return PublicView(
        year=st.year, phase=st.phase, round=st.round,
        rounds_per_year=placement_rounds(st.player_count), players=players,
        houses={d: tuple(v) for d, v in st.houses.items()},
        palaces={d: tuple(v) for d, v in st.palaces.items()},
        advisors={a: (v[0], v[1]) for a, v in st.advisors.items()},
        stacks=stacks, revealed=revealed,
        order_current=tuple(st.order_current), elections_done=st.elections_done,
        order_next_face_up=tuple(st.order_next[: st.elections_done]),
        election=election, awaiting=tuple(awaiting), year_limit=st.year_limit,
        result=st.result, stalemate_years=st.stalemate_years,
        last_palace_year=st.last_palace_year,
    )


def _frozen(owed: Any) -> Any:
    """What a seat owes, as tuples: build answers are [district, received] lists."""
    return tuple((d, n) for d, n in owed) if isinstance(owed, list) else owed


def player_view(st: DogeState, seat: int, awaiting: list[int]) -> PlayerView:
    p = st.players[seat]
    ballot = st.ballots.get(seat) if st.phase == "placement" else None
    own_stacks = {area: tuple(s.markers) for area, v in st.stacks.items()
                  for s in v if s.seat == seat}
    el = st.election
    own = OwnSecrets(
        seat=seat, markers=tuple(sorted(p.markers)),
        ballot=(ballot.area, tuple(ballot.markers)) if ballot else None,
        stacks=own_stacks,
        placement_chosen=el.current.chosen.get(seat) if el and el.current else None,
        build_wants=dict(el.wants.get(seat, {})) if el else {},
    )
    return PlayerView(public_view(st, awaiting), own)
