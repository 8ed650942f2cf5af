"""What is public and what is secret: C-7.1 and C-7.2."""

from __future__ import annotations

import dataclasses
import json
import random
from itertools import permutations

import pytest

from bot.games.clans import ENGINE, ClansPlayerView, ClansPublicView
from bot.games.clans.board import COLOURS
from bot.games.clans.rules import ClansState
from tests.clans.helpers import new_game


def with_colours(state: ClansState, colours: tuple[int, ...]) -> ClansState:
    twin = state.clone()
    twin.colours = colours
    return twin


def test_public_view_shows_board_scores_chips_and_moves_c_7_1() -> None:
    state = new_game(3, 2)
    rng = random.Random(0)
    while len(state.villages) < 3:
        ENGINE.apply_in_place(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
    view = ENGINE.public_view(state, None)
    assert isinstance(view, ClansPublicView)
    assert [t.huts for t in view.board] == [tuple(state.huts[i * 5 : i * 5 + 5]) for i in range(60)]
    assert view.clan_scores == tuple(state.clan_scores) and view.chips == tuple(state.chips)
    assert [(m.seat, m.type) for m in view.moves] == [(a["seat"], a["type"]) for a in state.log]
    assert [v.chip for v in view.villages] == [1, 2, 3][: len(view.villages)]
    assert sum(t.village_chip is not None for t in view.board) == len(state.villages)
    data = view.to_json()
    json.dumps(data)
    assert data["board"]["A1"]["terrain"] in ("forest", "mountain", "steppe", "grassland")


def test_spectator_view_has_no_colour_until_the_end_c_7_2() -> None:
    state = new_game(4, 3)
    view = ENGINE.public_view(state, None)
    assert not isinstance(view, ClansPlayerView) and view.result is None
    assert not any("colour" in f.name for f in dataclasses.fields(ClansPublicView))


def test_player_view_holds_only_its_own_colour_c_7_2() -> None:
    state = new_game(4, 3)
    for seat in range(4):
        view = ENGINE.public_view(state, seat)
        assert isinstance(view, ClansPlayerView) and view.seat == seat
        assert view.colour == COLOURS[state.colours[seat]]
        assert view.to_json()["colour"] == view.colour
    with pytest.raises(ValueError):
        ENGINE.public_view(state, 4)


def test_views_and_events_do_not_depend_on_secret_colours_c_7_2() -> None:
    """Two games alike but for who holds which colour must look the same to a spectator,
    and to a seat whose own colour is the same in both, until the end."""
    rng = random.Random(11)
    for seed in range(40):
        base = new_game(2 + seed % 3, seed)
        others = [c for c in range(5) if c != base.colours[0]]
        n = len(base.players)
        twins = [with_colours(base, (base.colours[0], *p)) for p in permutations(others, n - 1)]
        twins = rng.sample(twins, 3)
        states = [base.clone(), *twins]
        while not states[0].over:
            action = rng.choice(ENGINE.legal_actions(states[0], states[0].mover))
            outcomes = [ENGINE.apply(s, action) for s in states]
            states = [o.state for o in outcomes]
            if states[0].over:
                break
            spectator = [ENGINE.public_view(s, None) for s in states]
            assert all(v == spectator[0] for v in spectator)
            assert all(v.to_json() == spectator[0].to_json() for v in spectator)
            seat0 = [json.dumps(ENGINE.public_view(s, 0).to_json()) for s in states]
            assert all(v == seat0[0] for v in seat0)
            lines = [[ENGINE.describe(e, list(s.players)) for e in o.events]
                     for o, s in zip(outcomes, states, strict=True)]
            assert all(line == lines[0] for line in lines)
            assert all(o.events == outcomes[0].events for o in outcomes)


def test_all_colours_are_public_once_the_game_is_over_c_7_2() -> None:
    state = new_game(3, 4)
    rng = random.Random(2)
    while not state.over:
        ENGINE.apply_in_place(state, rng.choice(ENGINE.legal_actions(state, state.mover)))
    view = ENGINE.public_view(state, None)
    assert view.result is not None
    assert view.result.colours == tuple(COLOURS[c] for c in state.colours)
    assert view.result.ranks == tuple(ENGINE.ranking(state))
    assert view.to_json()["result"]["colours"] == list(view.result.colours)


def test_views_are_frozen_c_7_2() -> None:
    view = ENGINE.public_view(new_game(2), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.colour = "red"  # type: ignore[misc]
