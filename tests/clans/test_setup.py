"""Setup: C-1.4 pieces, C-2.1 player count, C-2.2 huts by region, C-2.3 secret colours,
C-2.4 random seat order."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.board import COLOURS
from bot.games.clans.rules import EPOCH_CHIPS, LAST_CHIP, MAP, N_COLOURS
from tests.clans.helpers import new_game, players


def test_twelve_huts_of_each_of_five_colours_and_twelve_chips_c_1_4() -> None:
    state = new_game(3)
    for c in range(N_COLOURS):
        assert sum(state.huts[c::N_COLOURS]) == 12
    assert len(COLOURS) == 5 and sum(EPOCH_CHIPS) == LAST_CHIP == 12


@pytest.mark.parametrize("count", [0, 1, 5])
def test_two_to_four_players_only_c_2_1(count: int) -> None:
    with pytest.raises(ValueError, match="C-2.1"):
        ENGINE.new_game([PlayerSpec(f"p{i}") for i in range(count)], {}, random.Random(0))


@pytest.mark.parametrize("count", [2, 3, 4])
def test_all_five_clans_are_in_play_whatever_the_count_c_2_1(count: int) -> None:
    state = new_game(count)
    assert ENGINE.pending(state) == [state.turn_order[0]]
    assert all(sum(state.huts[c::N_COLOURS]) == 12 for c in range(N_COLOURS))


def test_each_region_gets_one_hut_of_each_colour_one_per_territory_c_2_2() -> None:
    for seed in range(20):
        state = new_game(4, seed)
        assert state.totals == [1] * 60
        by_region: dict[str, set[int]] = defaultdict(set)
        for t in MAP.territories:
            colour = next(c for c in range(N_COLOURS) if state.huts[t.index * N_COLOURS + c])
            by_region[t.region].add(colour)
        assert all(colours == set(range(N_COLOURS)) for colours in by_region.values())


def test_setup_follows_the_seed_c_2_2() -> None:
    assert ENGINE.state_to_json(new_game(4, 7)) == ENGINE.state_to_json(new_game(4, 7))
    assert new_game(4, 7).huts != new_game(4, 8).huts


def test_setup_uses_only_the_given_generator_c_2_2() -> None:
    random.seed(1)
    first = ENGINE.state_to_json(new_game(4, 3))
    random.seed(2)
    assert ENGINE.state_to_json(new_game(4, 3)) == first


def test_colours_are_dealt_distinct_and_at_random_c_2_3() -> None:
    seen = set()
    for seed in range(40):
        state = new_game(4, seed)
        assert len(set(state.colours)) == 4
        seen.add(state.colours)
    assert len(seen) > 20


def test_seats_bring_no_colour_c_2_3() -> None:
    with pytest.raises(ValueError, match="C-2.3"):
        ENGINE.new_game([PlayerSpec("a", colour="red"), PlayerSpec("b")], {}, random.Random(0))


def test_a_player_learns_only_their_own_colour_c_2_3() -> None:
    state = new_game(3)
    for seat in range(3):
        view = ENGINE.public_view(state, seat)
        assert view.colour == COLOURS[state.colours[seat]]
        assert view.public.result is None


def test_seat_order_is_random_and_recorded_c_2_4() -> None:
    orders = {new_game(4, seed).turn_order for seed in range(40)}
    assert len(orders) > 10
    assert all(sorted(order) == [0, 1, 2, 3] for order in orders)


def test_first_seat_moves_first_then_play_goes_round_c_2_4() -> None:
    state = new_game(3, 5)
    seen = []
    for _ in range(6):
        seat = ENGINE.pending(state)[0]
        seen.append(seat)
        state = ENGINE.apply(state, ENGINE.default_action(state, seat)).state
        if state.to_order:
            state = ENGINE.apply(state, ENGINE.default_action(state, seat)).state
    assert seen == list(state.turn_order) * 2


def test_settings_are_ignored_c_2_1() -> None:
    a = ENGINE.new_game(players(2), {}, random.Random(4))
    b = ENGINE.new_game(players(2), {"anything": 1}, random.Random(4))
    assert ENGINE.state_to_json(a) == ENGINE.state_to_json(b)
