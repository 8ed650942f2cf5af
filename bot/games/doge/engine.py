"""The Doge engine: setup, who acts next, legal actions, and applying an action."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action, Event, IllegalAction, Outcome, PlayerSpec
from bot.games.doge import placement
from bot.games.doge.caption import caption
from bot.games.doge.constants import (
    AREAS,
    COLOURS,
    HOUSES,
    MARKER_VALUES,
    PALACES,
    QUIET_YEARS_TOLD,
    STALEMATE_RANGE,
)
from bot.games.doge.decisions import answer, close_phase, default_decision, legal_decisions
from bot.games.doge.decisions import open_phase as open_decision_phase
from bot.games.doge.determinize import determinize
from bot.games.doge.election import finish_election, start_election
from bot.games.doge.narrate import describe_event
from bot.games.doge.result import final_result
from bot.games.doge.state import (
    DogeState,
    Player,
    empty_board,
    state_from_json,
    state_to_json,
)
from bot.games.doge.together import together
from bot.games.doge.view import PlayerView, PublicView, player_view, public_view
from bot.i18n import _

ELECTIONS_PER_YEAR = len(AREAS)


def new_state(players: list[PlayerSpec], settings: dict[str, Any],
              rng: random.Random) -> DogeState:
    """D-1: 3 or 4 players, full supplies, neutral advisors, two shuffled decks."""
    if len(players) not in (3, 4):
        raise IllegalAction(_("Doge is played by 3 or 4 players"), "D-1.1")
    colours = [p.colour for p in players]
    if any(c is not None for c in colours):
        if sorted(colours, key=str) != sorted(set(colours), key=str) or not set(
                colours) <= set(COLOURS):
            raise IllegalAction(_("each player needs a different colour: red, blue, green, "
                                  "yellow"), "D-1.1")
    else:
        colours = list(COLOURS[: len(players)])
    year_limit = settings.get("year_limit")
    if year_limit is not None and (not isinstance(year_limit, int) or year_limit < 1):
        raise IllegalAction(_("the year limit must be a whole number of years, 1 or more"),
                            "D-9.3")
    stalemate_years = stalemate_setting(settings)
    deck_a, deck_b = list(AREAS), list(AREAS)
    rng.shuffle(deck_a)  # D-1.5: face up, year 1
    rng.shuffle(deck_b)  # face down, year 2
    houses, palaces, advisors = empty_board(len(players))
    st = DogeState(
        players=[Player(p.name, c, p.is_bot, HOUSES, PALACES, list(MARKER_VALUES), [])
                 for p, c in zip(players, colours, strict=True)],
        houses=houses, palaces=palaces, advisors=advisors, stacks={}, ballots={},
        year=1, phase="placement", round=1, order_current=deck_a, order_next=deck_b,
        elections_done=0, election=None, chance_seed=rng.getrandbits(64),
        year_limit=year_limit, stalemate_years=stalemate_years,
    )
    return st


def stalemate_setting(settings: dict[str, Any]) -> int | None:
    """D-9.4: `stalemate_years`, 2 to 20 or None. Settings without the key were written
    before the rule existed: their game has no stalemate end, so it replays as it was
    played. A new table's settings always carry the key (`STALEMATE_YEARS` by default)."""
    years = settings.get("stalemate_years")
    low, high = STALEMATE_RANGE
    if years is not None and (not isinstance(years, int) or isinstance(years, bool)
                              or not low <= years <= high):
        raise IllegalAction(_("the stalemate end must be {low} to {high} years, or none",
                              low=low, high=high), "D-9.4")
    return years


def pending(st: DogeState) -> list[int]:
    if st.phase == "placement":
        return placement.awaited(st)
    if st.phase == "elections" and st.election and st.election.current:
        return sorted(st.election.current.awaiting)
    return []


def legal_actions(st: DogeState, seat: int) -> list[Action]:
    if st.phase == "placement":
        # D-3.3: a choice may be changed until the round is revealed.
        return placement.legal_ballots(st, seat) if seat in placement.owers(st) else []
    if st.phase == "elections":
        return legal_decisions(st, seat)
    return []


def default_action(st: DogeState, seat: int) -> Action:
    if st.phase == "placement":
        if seat not in placement.awaited(st):
            raise IllegalAction(_("that player is not awaited this round"), "D-3.2")
        return {"seat": seat, "type": "sit_out", "forced": True}  # D-3.7
    return default_decision(st, seat)


def apply_in_place(st: DogeState, action: Action) -> list[Event]:
    """Apply `action` to `st` itself (the fast path for simulation)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action must be an object with a \"type\"")
    kind = action["type"]
    if st.phase == "over":
        raise IllegalAction(_("the game is over"), "D-9.2")
    if kind == "end_game":
        return _end_by_moderator(st)
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.player_count:
        raise IllegalAction("this action needs the seat that makes it" if seat is None
                            else f"there is no seat {seat!r} at this table")
    if st.phase == "placement":
        if kind == "ballot":
            events = placement.set_ballot(st, action)
        elif kind == "sit_out":
            events = placement.sit_out(st, action)
        else:
            raise IllegalAction(_("the game is in its placement phase: choose an area and "
                                  "markers"), "D-3.2")
        if st.phase == "placement":
            return events
    else:
        if kind in ("ballot", "sit_out"):
            raise IllegalAction(_("ballots are placed only in the placement phase"), "D-3.2")
        events = answer(st, action)
    _advance(st, events)
    return events


def _advance(st: DogeState, events: list[Event]) -> None:
    """Run the game forward until someone must decide or it ends."""
    while st.phase == "elections":
        el = st.election
        if el is None:
            if st.elections_done == ELECTIONS_PER_YEAR:
                events += _end_year(st)
                continue
            events += start_election(st)
            continue
        if el.current is not None:
            if el.current.awaiting:
                return
            events += close_phase(st, el, el.current)
            el.current = None
        if el.queue:
            el.current = el.queue.pop(0)
            events += open_decision_phase(st, el, el.current)
            continue
        events += finish_election(st)


def _end_year(st: DogeState) -> list[Event]:
    """D-2.2, D-2.3, D-4.1, D-9."""
    year_end: Event = {"type": "year_end", "year": st.year}
    events: list[Event] = [year_end]
    for p in st.players:
        p.markers = list(MARKER_VALUES)
        p.cards_used = []
    st.stacks = {}
    st.revealed = {}
    used = st.order_current
    st.order_current = st.order_next
    shuffler = random.Random(f"{st.chance_seed}:{st.year}")
    st.order_next = list(used)
    shuffler.shuffle(st.order_next)
    st.elections_done = 0
    result = final_result(st, by_moderator=False)
    if result is not None:
        st.phase = "over"
        st.result = result
        return events + [{"type": "game_over", "result": result}]
    quiet = st.quiet_years()
    if st.stalemate_years is not None and quiet >= QUIET_YEARS_TOLD:
        # D-9.4: the table is told how many more quiet years end the game.
        year_end["quiet_years"] = quiet
        year_end["stalemate_in"] = st.stalemate_years - quiet
    st.year += 1
    return events + placement.begin_placement(st)


# Fields events gained in later releases: a log written before lacks them.
ADDED_FIELDS = {
    "round_revealed": ("no_markers",),  # the seats with no marker left (D-3.4)
    "passed": ("moved",),  # the house moves made before passing (D-7.3, D-7.5)
    # Where the turned card votes next year (D-4.1); that no next year comes (D-9.3).
    "election_done": ("place", "last_year"),
}


def _older_form(logged: Event, replayed: Event) -> bool:
    """An event logged without fields added since that is otherwise the replayed one."""
    lacking = [f for f in ADDED_FIELDS.get(str(logged.get("type")), ()) if f not in logged]
    return bool(lacking) and {k: v for k, v in replayed.items() if k not in lacking} == logged


def _end_by_moderator(st: DogeState) -> list[Event]:
    result = final_result(st, by_moderator=True)
    st.phase = "over"
    st.election = None
    st.ballots = {}
    st.result = result
    return [{"type": "game_over", "result": result}]


class DogeEngine:
    name = "doge"
    schema_version = 1

    def new_game(self, players: list[PlayerSpec], settings: dict[str, Any],
                 rng: random.Random) -> DogeState:
        return new_state(players, settings, rng)

    def pending(self, state: DogeState) -> list[int]:
        return pending(state)

    def legal_actions(self, state: DogeState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def default_action(self, state: DogeState, seat: int) -> Action:
        return default_action(state, seat)

    def apply(self, state: DogeState, action: Action) -> Outcome:
        st = state.clone()
        events = apply_in_place(st, action)
        return Outcome(st, events)

    def apply_in_place(self, state: DogeState, action: Action) -> list[Event]:
        return apply_in_place(state, action)

    def is_over(self, state: DogeState) -> bool:
        return state.phase == "over"

    def result(self, state: DogeState) -> dict[str, Any] | None:
        """What the store keeps of a finished game: the final result (D-9), as the
        game_over event tells it."""
        return state.result

    def state_to_json(self, state: DogeState) -> dict[str, Any]:
        return state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> DogeState:
        return state_from_json(data)

    def public_view(self, state: DogeState, viewer: int | None) -> PublicView | PlayerView:
        if viewer is None:
            return public_view(state, pending(state))
        return player_view(state, viewer, pending(state))

    def describe(self, event: Event, players: list[PlayerSpec]) -> str:
        return describe_event(event, [p.name for p in players])

    def caption(self, events: list[Event], players: list[PlayerSpec]) -> str | None:
        return caption(events, [p.name for p in players])

    def describe_together(self, events: list[Event], players: list[PlayerSpec]) -> str | None:
        """One line for consecutive events of the story, or None (`together.py`)."""
        return together(events, [p.name for p in players])

    def same_events(self, logged: list[Event], replayed: list[Event]) -> bool:
        """Whether a replayed action tells what its logged events told (the store's
        rebuild check). Until tied builders' answers were kept hidden (D-11.2), each was
        logged as `build_chosen` when given; the palaces built are in `palace_built`
        either way, so a log of the older form still rebuilds. A `round_revealed` logged
        before it named the seats with no marker left (D-3.4) lacks `no_markers`, a
        `passed` before it told the moves made lacks `moved` (`ADDED_FIELDS`)."""
        def told(events: list[Event]) -> list[Event]:
            return [e for e in events if e.get("type") not in ("build_chosen", "build_answered")]

        before, now = told(logged), told(replayed)
        return len(before) == len(now) and all(
            old == new or _older_form(old, new) for old, new in zip(before, now, strict=True))

    def determinize(self, view: PlayerView, rng: random.Random) -> DogeState:
        """A full state with `view`'s secrets as they are and everything hidden from its
        seat sampled (see `determinize.py`)."""
        return determinize(view, rng)
