"""Properties over many random games: pieces are conserved, games end, state JSON
round-trips, records replay exactly, and the spectator view holds no secret."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.constants import (
    ADVISOR_HOME,
    ADVISORS,
    DISTRICTS,
    HOUSES,
    MARKER_VALUES,
    PALACES,
    RINGS,
)
from bot.games.doge.engine import apply_in_place
from bot.games.doge.players import random_action
from bot.games.doge.state import DogeState, state_from_json, state_to_json
from bot.games.record import make_record, replay
from tests.doge.helpers import scrambled


def check_invariants(s: DogeState) -> None:
    for seat, p in enumerate(s.players):
        assert p.houses + s.houses_on_board(seat) == HOUSES  # D-1.2
        assert p.palaces + sum(s.palaces_of(seat).values()) == PALACES
        assert 0 <= s.rings_in_supply(seat) <= RINGS
        held = list(p.markers)
        for stacks in (*s.stacks.values(), *s.revealed.values()):
            held += [m for st_ in stacks if st_.seat == seat for m in st_.markers]
        assert Counter(held) == Counter(MARKER_VALUES)
    assert sorted(s.advisors) == sorted(ADVISORS)  # 9 advisors, always
    for advisor, (controller, stands) in s.advisors.items():
        assert (controller is None) == (stands is None)
        assert stands != ADVISOR_HOME[advisor]  # D-5.3
    for d in DISTRICTS:
        assert len(s.palaces[d]) <= 5  # D-1.3
        assert all(n >= 0 for n in s.houses[d])


def play(seed: int, players: int, every_step=None) -> tuple[DogeState, list, int]:
    rng = random.Random(seed)
    names = [PlayerSpec(f"Player {i}") for i in range(players)]
    state = ENGINE.new_game(names, {}, random.Random(seed))
    actions = []
    while state.phase != "over":
        seat = rng.choice(ENGINE.pending(state))
        action = random_action(state, seat, rng)
        apply_in_place(state, action)
        actions.append(action)
        if every_step:
            every_step(state)
        assert len(actions) < 20000, "the game must end"
    return state, actions, seed


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]))
def test_invariants_and_secrets_hold_after_every_action(seed: int, players: int) -> None:
    def check(s: DogeState) -> None:
        check_invariants(s)
        assert ENGINE.public_view(s, None) == ENGINE.public_view(scrambled(s), None)

    play(seed, players, every_step=check)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]))
def test_state_json_round_trips_and_records_replay(seed: int, players: int) -> None:
    state, actions, _ = play(seed, players)
    data = state_to_json(state)
    assert state_to_json(state_from_json(json.loads(json.dumps(data)))) == data
    names = [PlayerSpec(f"Player {i}") for i in range(players)]
    record = json.loads(json.dumps(make_record("doge", seed, names, {}, actions)))
    assert state_to_json(replay(record).state) == data


def test_thousands_of_random_games_end_with_pieces_conserved() -> None:
    """D-9: every game ends; 1,500 games of 3 and 4 players."""
    reasons: Counter[str] = Counter()
    for seed in range(1500):
        state, _, _ = play(seed, 3 + seed % 2)
        check_invariants(state)
        assert state.result and state.result["winners"]
        reasons[state.result["reason"]] += 1
    assert reasons["condition"] > 0


def test_mid_game_states_round_trip_through_json() -> None:
    snapshots: list[dict] = []
    play(77, 4, every_step=lambda s: snapshots.append(state_to_json(s)))
    for data in snapshots[::7]:
        text = json.dumps(data)
        assert state_to_json(state_from_json(json.loads(text))) == data
