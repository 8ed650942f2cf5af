"""The placement phase (D-3): secret ballots, revealed round by round."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from bot.games.base import Action, Event, IllegalAction
from bot.games.doge.constants import (
    AREAS,
    MARKER_VALUES,
    MAX_MARKERS_PER_STACK,
    placement_rounds,
)
from bot.games.doge.state import Ballot, DogeState, Stack
from bot.i18n import _, _n


def owers(st: DogeState) -> list[int]:
    """Seats that owe a choice this round: those with a marker left (D-3.2, D-3.4)."""
    return [i for i, p in enumerate(st.players) if p.markers]


def awaited(st: DogeState) -> list[int]:
    """Owers who have not chosen yet (nor been sat out by the table, D-3.7)."""
    return [i for i in owers(st) if i not in st.ballots]


def marker_choices(markers: list[int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of 1 to 4 markers from a supply (D-3.2), high values first."""
    return _marker_choices(tuple(sorted(markers, reverse=True)))


@lru_cache(maxsize=256)
def _marker_choices(ordered: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[int, ...]] = []
    for size in range(1, min(MAX_MARKERS_PER_STACK, len(ordered)) + 1):
        for combo in combinations(ordered, size):
            if combo not in seen:
                seen.add(combo)
                out.append(combo)
    return tuple(out)


def legal_ballots(st: DogeState, seat: int) -> list[Action]:
    p = st.players[seat]
    if not p.markers:
        return []
    areas = [a for a in AREAS if a not in p.cards_used]
    choices = marker_choices(p.markers)
    return [{"seat": seat, "type": "ballot", "area": a, "markers": list(m)}
            for a in areas for m in choices]


def check_ballot(st: DogeState, action: Action) -> Ballot:
    seat = action["seat"]
    p = st.players[seat]
    if not p.markers:
        raise IllegalAction(_("you have no marker left and sit out this round"), "D-3.4")
    area = action.get("area")
    if area not in AREAS:
        raise IllegalAction(_("the ballot names no area") if area is None
                            else _("there is no area called {area}", area=repr(area)), "D-1.3")
    if area in p.cards_used:
        raise IllegalAction(_("that area's card is already used this year"), "D-3.3")
    markers = action.get("markers")
    if not isinstance(markers, list) or not all(isinstance(m, int) for m in markers):
        raise IllegalAction(_("markers must be a list of marker values"), "D-3.2")
    if not 1 <= len(markers) <= MAX_MARKERS_PER_STACK:
        raise IllegalAction(_("place 1 to 4 markers"), "D-3.2")
    have = Counter(p.markers)
    for value, n in Counter(markers).items():
        if value not in MARKER_VALUES:
            raise IllegalAction(_("there is no marker of value {value}: markers are 0, 1, 2 "
                                  "and 3", value=value), "D-1.2")
        if have[value] < n:
            left = _n("you have only {n} marker of value {value} left",
                      "you have only {n} markers of value {value} left", have[value],
                      value=value) if have[value] else \
                _("you have no marker of value {value} left", value=value)
            raise IllegalAction(left, "D-3.2")
    return Ballot(area, sorted(markers, reverse=True))


def set_ballot(st: DogeState, action: Action) -> list[Event]:
    """Record or change a secret choice (D-3.3); reveal once all owers have chosen."""
    seat = action["seat"]
    ballot = check_ballot(st, action)
    changed = st.ballots.get(seat) is not None
    st.ballots[seat] = ballot
    events: list[Event] = [{"type": "ballot_changed" if changed else "ballot_set",
                            "seat": seat, "round": st.round}]
    if not awaited(st):
        events += reveal_round(st)
    return events


def sit_out(st: DogeState, action: Action) -> list[Event]:
    """D-3.7: only the table sits a player out, at a deadline; their markers stay."""
    seat = action["seat"]
    if not action.get("forced"):
        raise IllegalAction(_("only the table may sit a player out, at a deadline"), "D-3.7")
    if seat not in awaited(st):
        raise IllegalAction(_("that player is not awaited this round"), "D-3.7")
    st.ballots[seat] = None
    events: list[Event] = [{"type": "sat_out", "seat": seat, "round": st.round}]
    if not awaited(st):
        events += reveal_round(st)
    return events


def reveal_round(st: DogeState) -> list[Event]:
    """D-3.3: areas and marker counts become public, values stay secret. The seats that
    sat the round out with no marker left (D-3.4) are named: an empty supply is public
    (D-10.1), which values a player holds is not (D-10.2). Seats the table sat out at a
    deadline (D-3.7) still hold markers and are told by their own `sat_out` event."""
    no_markers = [i for i, p in enumerate(st.players) if not p.markers]
    shown = []
    for seat in sorted(st.ballots):
        ballot = st.ballots[seat]
        if ballot is None:
            continue
        p = st.players[seat]
        for m in ballot.markers:
            p.markers.remove(m)
        p.cards_used.append(ballot.area)
        st.stacks.setdefault(ballot.area, []).append(Stack(seat, list(ballot.markers)))
        shown.append({"seat": seat, "area": ballot.area, "count": len(ballot.markers)})
    revealed: Event = {"type": "round_revealed", "round": st.round, "placements": shown}
    if no_markers:  # only then: a round everyone played keeps the event's older form
        revealed["no_markers"] = no_markers
    events: list[Event] = [revealed]
    st.ballots = {}
    return events + next_round(st)


def next_round(st: DogeState) -> list[Event]:
    """Advance past rounds nobody can play (D-3.6); elections begin after the last."""
    events: list[Event] = []
    while True:
        if st.round >= placement_rounds(st.player_count):
            st.phase = "elections"  # D-2.1
            return events + [{"type": "elections_begin", "year": st.year}]
        st.round += 1
        if owers(st):
            return events + [{"type": "round_begins", "round": st.round}]
        events.append({"type": "round_skipped", "round": st.round})


def begin_placement(st: DogeState) -> list[Event]:
    st.phase = "placement"
    st.round = 1
    st.ballots = {}
    return [{"type": "year_begins", "year": st.year}, {"type": "round_begins", "round": 1}]
