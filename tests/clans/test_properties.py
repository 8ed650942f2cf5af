"""Properties over thousands of random games: huts are never created (C-1.4, C-4.3,
C-4.4), games always end (C-6.1), state JSON round-trips, a record replays exactly."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.clans import ENGINE
from bot.games.clans.rules import LAST_CHIP, N_COLOURS, N_TERRITORIES, ClansState
from tests.clans.helpers import new_game, players

MAX_TURNS = N_TERRITORIES - 1  # every move empties a territory for good (C-3.1)


def colour_counts(state: ClansState) -> list[int]:
    return [sum(state.huts[c::N_COLOURS]) for c in range(N_COLOURS)]


def play_checked(state: ClansState, rng: random.Random) -> ClansState:
    """Plays at random through `apply_in_place`, checking invariants after each action."""
    moves = 0
    counts = colour_counts(state)
    while not state.over:
        assert ENGINE.pending(state) == [state.mover]
        action = rng.choice(ENGINE.legal_actions(state, state.mover))
        ENGINE.apply_in_place(state, action)
        moves += action["type"] == "move"
        now = colour_counts(state)
        assert all(a <= b for a, b in zip(now, counts, strict=True))  # only destroyed
        counts = now
        assert state.totals == [sum(state.huts[t * 5 : t * 5 + 5]) for t in range(N_TERRITORIES)]
        assert min(state.huts) >= 0 and moves <= MAX_TURNS
    assert ENGINE.pending(state) == [] and len(state.villages) <= LAST_CHIP
    assert sum(state.chips) == len(state.villages)
    assert [v.chip for v in state.villages] == list(range(1, len(state.villages) + 1))
    assert len({v.territory for v in state.villages}) == len(state.villages)  # C-4.1
    for c in range(N_COLOURS):  # C-4.5: clan scores are the sums of their villages
        assert state.clan_scores[c] == sum(v.value for v in state.villages if c in v.scored)
    return state


def replay(state: ClansState, seed: int) -> ClansState:
    again = ENGINE.new_game(list(state.players), {}, random.Random(seed))
    for action in state.log:
        again = ENGINE.apply(again, action).state
    return again


def test_thousand_seeded_games_keep_every_invariant_c_6_1() -> None:
    for seed in range(1200):
        n = 2 + seed % 3
        state = play_checked(new_game(n, seed), random.Random(seed + 1))
        assert state.end_reason in ("twelfth_village", "no_moves")


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from([2, 3, 4]),
       stop=st.integers(0, 80))
def test_json_round_trips_and_replay_rebuilds_the_state_c_6_1(
    seed: int, count: int, stop: int
) -> None:
    state = ENGINE.new_game(players(count), {}, random.Random(seed))
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(stop):
        if state.over:
            break
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, state.mover))).state
    data = ENGINE.state_to_json(state)
    assert json.loads(json.dumps(data)) == data
    restored = ENGINE.state_from_json(json.loads(json.dumps(data)))
    assert restored == state and ENGINE.state_to_json(restored) == data
    assert data["schema"] == ENGINE.schema_version
    assert replay(state, seed) == state


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.sampled_from([2, 3, 4]))
def test_random_games_from_any_seed_end_with_huts_never_created_c_1_4(
    seed: int, count: int
) -> None:
    state = ENGINE.new_game(players(count), {}, random.Random(seed))
    assert colour_counts(state) == [12] * N_COLOURS
    finished = play_checked(state, random.Random(seed + 7))
    assert all(n <= 12 for n in colour_counts(finished))


def test_stored_state_refuses_another_schema_c_6_1() -> None:
    data = ENGINE.state_to_json(new_game(2))
    for bad in ({**data, "schema": 99}, {**data, "game": "doge"}):
        try:
            ENGINE.state_from_json(bad)
        except ValueError as error:
            assert "schema" in str(error)
        else:
            raise AssertionError("accepted a foreign state")
