"""The simulation players decide from a player view only (C-7.2) and play legally."""

from __future__ import annotations

import inspect
import random

import pytest

from bot.games.clans import ENGINE, ClansPlayerView
from bot.games.clans.players import HeuristicPlayer, RandomPlayer, play_out_randomly
from bot.games.clans.rules import ClansState
from tests.clans.helpers import blank, chain, move, new_game, place, take_chips


def play(state: ClansState, bots: list) -> ClansState:
    while not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0]
        view = ENGINE.public_view(state, seat)
        action = bots[seat].choose(view)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, action).state
    return state


def test_players_take_a_player_view_not_the_state_c_7_2() -> None:
    for player in (RandomPlayer, HeuristicPlayer):
        hints = inspect.signature(player.choose).parameters["view"].annotation
        assert hints in (ClansPlayerView, "ClansPlayerView")
    with pytest.raises(AttributeError):
        HeuristicPlayer(random.Random(0)).choose(new_game(2))  # type: ignore[arg-type]


def test_random_players_finish_games_legally_c_3_1() -> None:
    for seed in range(10):
        bots = [RandomPlayer(random.Random(seed * 10 + s)) for s in range(3)]
        assert play(new_game(3, seed), bots).over


def test_heuristic_beats_random_players_more_often_than_not_c_6_3() -> None:
    wins = 0.0
    games = 30
    for seed in range(games):
        bots = [HeuristicPlayer(random.Random(seed))]
        bots += [RandomPlayer(random.Random(seed * 10 + s)) for s in range(3)]
        state = play(new_game(4, seed), bots)
        ranks = ENGINE.ranking(state)
        wins += (ranks[0] == 1) / ranks.count(1)
    assert wins / games > 0.5


def test_heuristic_orders_villages_to_its_advantage_c_4_7() -> None:
    x, y, z = chain(("forest", "mountain"))
    state = blank(2, colours=(0, 1))  # seat 0 plays red
    place(state, x, "rr")
    place(state, y, "b")
    place(state, z, "gg")
    take_chips(state, 3)
    asked = move(state, y, z).state
    choice = HeuristicPlayer(random.Random(0)).choose(ENGINE.public_view(asked, 0))
    assert choice["villages"] == [x, z]  # red's forest village scores in epoch I


def test_random_playout_finishes_the_game_in_place_c_6_1() -> None:
    state = new_game(4, 6)
    play_out_randomly(state, random.Random(6))
    assert state.over and state.log
