"""D-9.4, the stalemate end: five years running without a palace end the game."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Action, Event, IllegalAction, PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.constants import DISTRICTS, PALACE_COSTS, SPACES_PER_DISTRICT
from bot.games.doge.engine import legal_actions
from bot.games.doge.players import random_action
from bot.games.doge.state import DogeState, state_from_json, state_to_json
from bot.games.record import make_record, replay
from bot.tables.kits import get_kit
from tests.doge.helpers import NAMES, new_game
from tests.doge.test_end_and_views import _year_end

ANNA, BERND = 0, 1
FROZEN_SEED = 1  # a game of players who never move a house that freezes in year 7


def never_moving(st: DogeState, seat: int, rng: random.Random) -> Action:
    """Random ballots; take every advisor, place and build all allowed, never move a
    house: the way a table freezes once every house is on the board."""
    if st.phase == "placement":
        return random_action(st, seat, rng)
    legal = legal_actions(st, seat)
    return next((a for a in legal if a["type"] in ("place", "build", "take")), None) or \
        next(a for a in legal if a["type"] in ("pass", "abstain") and not a.get("move"))


def play_frozen(settings: dict) -> tuple[DogeState, list[Action], list[Event], dict]:
    """A real game played by `never_moving` seats to its end: the final state, the
    actions, the events, and the state at the start of each year."""
    st = ENGINE.new_game([PlayerSpec(n) for n in NAMES], settings, random.Random(FROZEN_SEED))
    rng = random.Random(FROZEN_SEED)
    actions: list[Action] = []
    events: list[Event] = []
    years = {1: st.clone()}
    while st.phase != "over":
        action = never_moving(st, ENGINE.pending(st)[0], rng)
        actions.append(action)
        events += ENGINE.apply_in_place(st, action)
        if st.year not in years:
            years[st.year] = st.clone()
    return st, actions, events, years


def frozen(st: DogeState) -> bool:
    """Every house on the board and no district within reach of its next palace."""
    return all(p.houses == 0 for p in st.players) and all(
        st.houses[d][seat] < PALACE_COSTS[len(st.palaces[d])]
        for d in DISTRICTS if len(st.palaces[d]) < SPACES_PER_DISTRICT
        for seat in range(st.player_count))


def test_d_9_4_a_frozen_game_ends_five_years_after_its_last_palace() -> None:
    st, _, events, years = play_frozen({"stalemate_years": 5})
    last = st.last_palace_year
    # Reached by play, not set up: the last houses are placed, then nothing moves.
    assert not frozen(years[last + 1]) and frozen(years[last + 3])
    res = st.result
    assert res["reason"] == "stalemate" and res["year"] == last + 5 == 11
    assert res["quiet_years"] == 5 and not any(r["qualified"] for r in res["ranking"])
    # Ranked as D-9.3: palaces, then houses on the board.
    keys = [(r["palaces"], r["houses"]) for r in res["ranking"]]
    assert keys == sorted(keys, reverse=True)
    assert res["winners"] == [r["seat"] for r in res["ranking"] if r["place"] == 1]
    # From the third quiet year on, the channel counts the rest down.
    told = [(e["year"], e.get("quiet_years"), e.get("stalemate_in"))
            for e in events if e["type"] == "year_end" and e["year"] > last]
    assert told == [(last + 1, None, None), (last + 2, None, None), (last + 3, 3, 2),
                    (last + 4, 4, 1), (last + 5, None, None)]
    names = list(NAMES)
    line = ENGINE.describe(next(e for e in events if e.get("stalemate_in") == 1),
                           [PlayerSpec(n) for n in names])
    assert "No palace for 4 years" in line and "next year, the game ends." in line
    over = ENGINE.describe(events[-1], [PlayerSpec(n) for n in names])
    assert over.startswith("Game over in year 11: stalemate, no palace was built in the "
                           "last 5 years.")


def test_d_9_4_the_settings_edges() -> None:
    for years in (2, 20, None):
        assert new_game(4, stalemate_years=years).stalemate_years == years
    for wrong in (1, 21, 0, -5, True, "5", 2.5):
        with pytest.raises(IllegalAction, match="D-9.4"):
            new_game(4, stalemate_years=wrong)
    assert get_kit("doge").settings_for({})["stalemate_years"] == 5  # a new table's default
    assert get_kit("doge").settings_for({"stalemate_years": 0})["stalemate_years"] is None
    assert get_kit("doge").settings_for({"stalemate_years": 9})["stalemate_years"] == 9


def _quiet_years_until_the_end(st: DogeState, most: int) -> int | None:
    for _ in range(most):
        _year_end(st)
        if st.phase == "over":
            assert st.result["reason"] == "stalemate"
            return st.result["year"]
    return None


def test_d_9_4_two_years_twenty_years_or_none() -> None:
    assert _quiet_years_until_the_end(new_game(3, stalemate_years=2), 30) == 2
    assert _quiet_years_until_the_end(new_game(3, stalemate_years=20), 30) == 20
    assert _quiet_years_until_the_end(new_game(3, stalemate_years=None), 30) is None
    # Settings written before the rule have no such end.
    assert _quiet_years_until_the_end(new_game(3), 30) is None


def test_d_9_4_a_palace_starts_the_count_again() -> None:
    st = new_game(4, stalemate_years=3)
    _year_end(st)
    _year_end(st)
    st.palaces["castello"] = [ANNA]
    st.last_palace_year = st.year  # built in year 3 (as `build_in_rounds` marks it)
    assert _quiet_years_until_the_end(st, 10) == 6


def test_d_9_4_with_d_9_2_a_qualifier_wins_in_a_stalemate_year() -> None:
    st = new_game(4, stalemate_years=5)
    for _ in range(4):
        _year_end(st)
    for d in DISTRICTS:
        st.palaces[d] = [BERND]  # D-9.1 (a), built before year 1 ended: no palace since
    st.palaces["castello"] += [ANNA, ANNA]
    assert st.year == 5 and st.quiet_years() == 5
    _year_end(st)
    assert st.result["reason"] == "condition" and st.result["winners"] == [BERND]


def test_d_9_4_records_keep_the_setting_and_old_records_replay_as_before() -> None:
    st, actions, _, _ = play_frozen({"stalemate_years": 5})
    players = [PlayerSpec(n) for n in NAMES]
    record = make_record("doge", FROZEN_SEED, players, {"stalemate_years": 5}, actions)
    again = replay(record)
    assert again.state.result == st.result and again.state.result["reason"] == "stalemate"
    # A record written before the rule has no "stalemate_years": the same actions leave
    # the game running past the quiet years, as it was played then.
    old = replay(make_record("doge", FROZEN_SEED, players, {}, actions))
    assert old.state.phase == "placement" and old.state.year == st.year + 1
    assert old.state.stalemate_years is None
    # The table that played them to its year limit gets that end, and no other.
    limited, played, _, _ = play_frozen({"year_limit": 14})
    old = replay(make_record("doge", FROZEN_SEED, players, {"year_limit": 14}, played))
    assert old.state.result == limited.result and limited.result["reason"] == "year_limit"


def test_d_9_4_states_keep_the_count_and_older_states_read_as_without_the_rule() -> None:
    st, _, _, years = play_frozen({"stalemate_years": 5})
    start = years[st.last_palace_year + 3]
    data = state_to_json(start)
    again = state_from_json(data)
    assert (again.stalemate_years, again.last_palace_year) == (5, start.last_palace_year)
    assert ENGINE.public_view(again, None).quiet_years() == 3  # two ended, this one so far
    older = {k: v for k, v in data.items() if k not in ("stalemate_years", "last_palace_year")}
    assert state_from_json(older).stalemate_years is None
