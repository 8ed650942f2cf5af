"""Elections (D-4 to D-7): counting, then the questions each result asks, one phase at a
time. Building palaces (D-8) is in `building.py`."""

from __future__ import annotations

from bot.games.base import Event
from bot.games.doge.constants import (
    ADVISOR_HOME,
    DISTRICTS,
    QUARANTIA,
    QUARANTIA_ADVISORS,
)
from bot.games.doge.state import DogeState, Election, Phase


def count_votes(st: DogeState, area: str) -> dict[int, int]:
    """D-4.2: marker values plus one per controlled advisor standing in the area."""
    votes = {i: 0 for i in range(st.player_count)}
    for stack in st.stacks.get(area, []):
        votes[stack.seat] += sum(stack.markers)
    for controller, stands in st.advisors.values():
        if controller is not None and stands == area:
            votes[controller] += 1
    return votes


def rank_votes(votes: dict[int, int]) -> tuple[list[int], list[int]]:
    """D-4.3 to D-4.5: winners, then runners-up (none when the winners are tied)."""
    taking_part = {s: v for s, v in votes.items() if v >= 1}
    if not taking_part:
        return [], []
    best = max(taking_part.values())
    winners = sorted(s for s, v in taking_part.items() if v == best)
    if len(winners) > 1:
        return winners, []
    rest = {s: v for s, v in taking_part.items() if v < best}
    if not rest:
        return winners, []
    second = max(rest.values())
    return winners, sorted(s for s, v in rest.items() if v == second)


def neutralise(st: DogeState, advisor: str) -> Event | None:
    """The advisor stands nowhere, its ring goes home (D-5.4)."""
    controller, stands = st.advisors[advisor]
    st.advisors[advisor] = [None, None]
    if controller is None and stands is None:
        return None
    return {"type": "advisor_neutral", "advisor": advisor, "ring_returned_to": controller}


def start_election(st: DogeState) -> list[Event]:
    """Reveal the next area's stacks and plan the questions its result asks."""
    area = st.order_current[st.elections_done]
    votes = count_votes(st, area)
    winners, runners = rank_votes(votes)
    stacks = [{"seat": s.seat, "markers": list(s.markers)} for s in st.stacks.get(area, [])]
    advisors_there = [{"advisor": a, "seat": c} for a, (c, where) in st.advisors.items()
                      if where == area and c is not None]
    events: list[Event] = [{
        "type": "election", "area": area, "stacks": stacks, "advisors": advisors_there,
        "votes": {str(s): v for s, v in votes.items() if v}, "winners": winners,
        "runners_up": runners,
    }]
    queue: list[Phase] = []
    if not winners:
        events.append({"type": "no_contest", "area": area})  # D-4.6
    elif area == QUARANTIA:
        events += _plan_quarantia(st, winners, runners, queue)
    else:
        events += _plan_district(st, area, winners, runners, queue)
    st.election = Election(area, votes, winners, runners, queue)
    return events


def _plan_district(st: DogeState, area: str, winners: list[int], runners: list[int],
                   queue: list[Phase]) -> list[Event]:
    events: list[Event] = []
    if len(winners) == 1:
        w = winners[0]
        # D-6.1 / D-8.4: the advisor choice and the placement form one step, then building.
        queue += [Phase("advisor", [w]), Phase("place", [w], 2), Phase("build", [w])]
        if runners:
            # D-6.3: the runner-up (or each tied runner-up) may place up to 1 house.
            queue += [Phase("place", list(runners), 1), Phase("build", list(runners))]
    else:
        # D-6.4: tied winners: the advisor becomes neutral, each may place up to 2.
        ev = neutralise(st, area)
        if ev:
            events.append(ev)
        queue += [Phase("place", list(winners), 2), Phase("build", list(winners))]
    return events


def _plan_quarantia(st: DogeState, winners: list[int], runners: list[int],
                    queue: list[Phase]) -> list[Event]:
    # D-7.1 / D-7.5: first all three Quarantia advisors become neutral.
    events = [ev for q in QUARANTIA_ADVISORS if (ev := neutralise(st, q))]
    if len(winners) > 1:
        queue += [Phase("qmove", list(winners), 2), Phase("build", list(winners))]  # D-7.5
        return events
    w = winners[0]
    queue += [Phase("qadvisor", [w]), Phase("build", [w])]
    if len(runners) == 1:
        queue += [Phase("qadvisor", list(runners)), Phase("build", list(runners))]
    elif runners:
        queue += [Phase("qmove", list(runners), 1), Phase("build", list(runners))]  # D-7.3
    queue += [Phase("qadvisor", [w]), Phase("build", [w])]  # D-7.4: none taken when absent
    return events


def finish_election(st: DogeState) -> list[Event]:
    """D-4.7, D-11.3: the stacks leave the area; D-4.1: the next card turns face up."""
    el = st.election
    assert el is not None
    st.revealed[el.area] = st.stacks.pop(el.area, [])
    st.election = None
    st.elections_done += 1
    event: Event = {"type": "election_done", "area": el.area}
    if st.elections_done <= len(st.order_next):
        event["next_year_card"] = st.order_next[st.elections_done - 1]
        event["place"] = st.elections_done  # where it votes next year
        if st.year_limit is not None and st.year >= st.year_limit:
            event["last_year"] = True  # the table's last year: no next year (D-9.3)

    return [event]


def movable_houses(st: DogeState, seat: int, area: str | None) -> list[tuple[str, str]]:
    """House moves a player may make.

    area None: any district to any other (D-7.2). A district: from it to any other, or
    from any other into it (D-6.2)."""
    moves = []
    for src in DISTRICTS:
        if st.houses[src][seat] == 0:
            continue
        for dst in DISTRICTS:
            if dst == src:
                continue
            if area is None or src == area or dst == area:
                moves.append((src, dst))
    return moves


def may_take(st: DogeState, seat: int, advisor: str) -> bool:
    """D-5.2: a ring is needed, unless the player already controls this advisor."""
    return st.advisors[advisor][0] == seat or st.rings_in_supply(seat) > 0


def stand_options(advisor: str) -> list[str]:
    """D-5.3: any area but its home; a Quarantia advisor goes to a district."""
    home = ADVISOR_HOME[advisor]
    if home == QUARANTIA:
        return list(DISTRICTS)
    return [a for a in (*DISTRICTS, QUARANTIA) if a != home]


def neutral_quarantia_advisors(st: DogeState) -> list[str]:
    return [q for q in QUARANTIA_ADVISORS if st.advisors[q][0] is None]
