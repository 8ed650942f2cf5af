"""End of the game: C-6.1 when, C-6.2 totals and revealed colours, C-6.3 ranking and ties,
C-6.4 when a move exists."""

from __future__ import annotations

import random

import pytest

from bot.games.base import IllegalAction
from bot.games.clans import ENGINE
from bot.games.clans.rules import N_TERRITORIES, NEIGHBOURS, any_move, legal_moves, ranks
from tests.clans.helpers import blank, elsewhere, move, new_game, of_type, pair, place, take_chips


def test_game_ends_right_after_the_twelfth_village_c_6_1() -> None:
    a, b = pair("steppe")
    state = blank()
    place(state, a, "r")
    place(state, b, "b")
    p, q = elsewhere(state, a, b)
    take_chips(state, 11)
    over = move(state, b, a).state
    assert ENGINE.is_over(over) and ENGINE.pending(over) == []
    assert ENGINE.legal_actions(over, 0) == [] and ENGINE.legal_actions(over, 1) == []
    with pytest.raises(IllegalAction, match=r"game is over \(C-6\.1\)"):
        ENGINE.apply(over, {"seat": over.mover, "type": "move", "from": p, "to": q})
    with pytest.raises(IllegalAction, match=r"C-6\.1"):
        ENGINE.default_action(over, 0)


def test_totals_are_clan_points_plus_chips_and_colours_are_revealed_c_6_2() -> None:
    a, b = pair("steppe")
    state = blank(3, colours=(4, 0, 2))  # black, red, green
    place(state, a, "rk")
    place(state, b, "k")
    state.clan_scores[:] = [10, 0, 7, 0, 5]
    state.chips[:] = [1, 3, 2]
    end = of_type(move(state, b, a).events, "game_end")[0]
    assert end["reason"] == "no_moves"
    assert end["colours"] == ["black", "red", "green"]
    assert end["totals"] == [5 + 3 + 2, 10 + 3 + 3, 7 + 2]
    assert end["ranks"] == [2, 1, 3]
    lines = ENGINE.describe(end, list(state.players)).splitlines()
    assert lines[:2] == ["Game over: no move is left.", "Every clan is revealed (C-6.2):"]
    assert [line.split(" points")[0] for line in lines[2:]] == [
        "🥇 Bob: 🔴 red clan, 16", "🥈 Ann: ⚫ black clan, 10", "🥉 Cid: 🟢 green clan, 9"]


def test_higher_total_wins_c_6_3() -> None:
    assert ranks([20, 31, 25], [3, 1, 2]) == [3, 1, 2]


def test_ties_are_broken_by_more_chips_c_6_3() -> None:
    assert ranks([20, 20, 15], [2, 4, 9]) == [2, 1, 3]


def test_full_ties_share_the_place_numbered_as_in_sport_c_6_3() -> None:
    assert ranks([20, 20, 15, 15], [2, 2, 1, 1]) == [1, 1, 3, 3]
    assert ranks([7, 7, 7], [1, 1, 1]) == [1, 1, 1]


def test_engine_ranking_uses_the_tie_ruling_c_6_3() -> None:
    a, b = pair("steppe")
    state = blank(3, colours=(0, 1, 2))
    place(state, a, "y")
    place(state, b, "y")
    state.clan_scores[:] = [9, 10, 8, 0, 0]
    state.chips[:] = [2, 1, 2]  # founding the village brings seat 0 to 3 chips, 12 points
    over = move(state, b, a).state
    assert ENGINE.final_totals(over) == [12, 11, 10] and ENGINE.ranking(over) == [1, 2, 3]
    state.clan_scores[:] = [9, 11, 0, 0, 0]  # 12 and 12: seat 0 has more chips
    assert ENGINE.ranking(move(state, b, a).state) == [1, 2, 3]
    state.clan_scores[:] = [10, 10, 5, 0, 0]
    state.chips[:] = [1, 2, 1]  # 12 and 12 with 2 chips each: a shared win
    assert ENGINE.ranking(move(state, b, a).state) == [1, 1, 3]


def test_a_move_exists_exactly_when_two_neighbours_hold_huts_c_6_4() -> None:
    rng = random.Random(5)
    for seed in range(30):
        state = new_game(4, seed)
        while not state.over:
            pairs = any(state.totals[t] and state.totals[n] for t in range(N_TERRITORIES)
                        for n in NEIGHBOURS[t])
            assert bool(legal_moves(state)) == pairs == any_move(state.totals)
            action = rng.choice(ENGINE.legal_actions(state, state.mover))
            ENGINE.apply_in_place(state, action)
        assert not any_move(state.totals) or len(state.villages) == 12
