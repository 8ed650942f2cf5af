"""A full Doge state built from one seat's view: what the seat sees, as it is; what is
hidden from it, sampled (D-10.2).

Hidden from a seat: the values of other players' face-down stacks and of the markers they
still hold, their choices in the current placement round, their answers in the current
election step not yet carried out (D-11.2), next year's cards still face down (D-4.1)
and the seed of later shuffles. Everything sampled is consistent with the view, so
`public_view(determinize(view, rng), seat) == view`; searching such states never reads
a secret the seat could not see at the table.
"""

from __future__ import annotations

import random

from bot.games.doge.building import build_max
from bot.games.doge.constants import AREAS, DISTRICTS, MARKER_VALUES, MAX_MARKERS_PER_STACK
from bot.games.doge.state import Ballot, DogeState, Election, Phase, Player, Stack
from bot.games.doge.view import PlayerView, PublicView


def determinize(view: PlayerView, rng: random.Random) -> DogeState:
    pub, me = view.public, view.own.seat
    players = [Player(p.name, p.colour, p.is_bot, p.houses_supply, p.palaces_supply,
                      [], list(p.cards_used)) for p in pub.players]
    stacks: dict[str, list[Stack]] = {
        area: [Stack(s.seat, list(s.values) if s.values is not None else [])
               for s in area_stacks]
        for area, area_stacks in pub.stacks.items()}
    for seat, player in enumerate(players):
        if seat == me:
            player.markers = list(view.own.markers)
            for area, values in view.own.stacks.items():
                for stack in stacks[area]:
                    if stack.seat == me:
                        stack.markers = list(values)
        else:
            _deal_hidden_markers(pub, seat, player, stacks, rng)
    st = DogeState(
        players=players,
        houses={d: list(v) for d, v in pub.houses.items()},
        palaces={d: list(v) for d, v in pub.palaces.items()},
        advisors={a: [c, where] for a, (c, where) in pub.advisors.items()},
        stacks=stacks,
        ballots={},
        year=pub.year, phase=pub.phase, round=pub.round,
        order_current=list(pub.order_current),
        order_next=_next_year_order(pub, rng),
        elections_done=pub.elections_done,
        election=None,
        chance_seed=rng.getrandbits(64),  # the year-end shuffles are unknown (D-4.1)
        year_limit=pub.year_limit,
        result=pub.result,
        revealed={area: [Stack(s.seat, list(s.values or ())) for s in v]
                  for area, v in pub.revealed.items()},
        stalemate_years=pub.stalemate_years, last_palace_year=pub.last_palace_year,
    )
    if pub.phase == "placement":
        st.ballots = _ballots(view, st, rng)
    if pub.election is not None:
        st.election = _election(view, st, rng)
    return st


def _deal_hidden_markers(pub: PublicView, seat: int, player: Player,
                         stacks: dict[str, list[Stack]], rng: random.Random) -> None:
    """This year's markers the seat has not shown, dealt at random between its
    face-down stacks and its supply (every player starts the year with the same set)."""
    pool = list(MARKER_VALUES)
    shown = [s for v in pub.revealed.values() for s in v if s.seat == seat]
    shown += [s for v in pub.stacks.values() for s in v if s.seat == seat and s.values]
    for stack in shown:
        for value in stack.values or ():
            pool.remove(value)
    rng.shuffle(pool)
    for area, area_stacks in stacks.items():
        for stack, seen in zip(area_stacks, pub.stacks[area], strict=True):
            if stack.seat == seat and seen.values is None:
                stack.markers = sorted(pool[: seen.count], reverse=True)
                del pool[: seen.count]
    player.markers = sorted(pool)


def _next_year_order(pub: PublicView, rng: random.Random) -> list[str]:
    face_up = list(pub.order_next_face_up)
    hidden = [a for a in AREAS if a not in face_up]
    rng.shuffle(hidden)
    return face_up + hidden


def _ballots(view: PlayerView, st: DogeState, rng: random.Random) -> dict[int, Ballot | None]:
    """This round's choices: the seat's own as it is; others who have chosen get a random
    ballot; owers neither awaited nor chosen were sat out by the table (D-3.7)."""
    pub, me = view.public, view.own.seat
    ballots: dict[int, Ballot | None] = {}
    for seat, p in enumerate(pub.players):
        if not p.markers_left or seat in pub.awaiting:
            continue
        if not p.has_chosen:
            ballots[seat] = None
        elif seat == me:
            area, markers = view.own.ballot  # type: ignore[misc]
            ballots[seat] = Ballot(area, list(markers))
        else:
            held = st.players[seat].markers
            area = rng.choice([a for a in AREAS if a not in p.cards_used])
            count = rng.randint(1, min(MAX_MARKERS_PER_STACK, len(held)))
            ballots[seat] = Ballot(area, sorted(rng.sample(held, count), reverse=True))
    return ballots


def _election(view: PlayerView, st: DogeState, rng: random.Random) -> Election:
    pub, me = view.public, view.own.seat
    el = pub.election
    assert el is not None
    current = None
    if el.question is not None:
        current = Phase(el.question, list(el.asked), el.limit,
                        {s: ([list(x) for x in v] if isinstance(v, tuple) else v)
                         for s, v in el.owed})
    election = Election(el.area, dict(el.votes), list(el.winners), list(el.runners_up),
                        [Phase(kind, list(seats), limit) for kind, seats, limit in el.steps],
                        current, {s: dict(d) for s, d in el.received.items()}, {})
    if current is None:
        return election
    if current.kind == "place":
        for seat in el.answered:
            if seat == me:
                current.chosen[seat] = view.own.placement_chosen  # type: ignore[assignment]
            else:
                top = min(current.limit, st.players[seat].houses)
                current.chosen[seat] = _likely_count(top, rng)
    if current.kind == "build":
        for seat in current.seats:
            if seat == me:
                if view.own.build_wants:
                    election.wants[seat] = dict(view.own.build_wants)
            else:
                wants = _build_wants(st, election, current, seat, rng)
                if wants:
                    election.wants[seat] = wants
    return election


def _likely_count(top: int, rng: random.Random) -> int:
    """A count up to `top`; most players take all they may."""
    return top if rng.random() < 0.75 else rng.randint(0, top)


def _build_wants(st: DogeState, el: Election, ph: Phase, seat: int,
                 rng: random.Random) -> dict[str, int]:
    """Palaces another seat may have asked for in this build step: every district it
    has answered about (those before what it still owes, the ones it was not asked about
    being those where it could build nothing, D-11.1)."""
    received = el.received.get(seat, {})
    todo = [d for d in DISTRICTS if received.get(d)]
    owed = ph.awaiting.get(seat)
    answered = todo[: len(todo) - len(owed)] if owed else todo
    wants: dict[str, int] = {}
    for district in answered:
        top = build_max(st, seat, district, received[district], sum(wants.values()))
        if top:
            wants[district] = _likely_count(top, rng)
    return wants

