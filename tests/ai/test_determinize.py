"""`determinize(view, rng)`: a full state sampled from one seat's view. Over thousands of
positions of both games, the sampled state shows that seat exactly the view it came from
(D-10, C-7), offers the seat the same actions, and plays on by the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.ai.helpers import ENGINES, positions, random_step

POSITIONS = {"doge": 1500, "clans": 1200}
SMART = {"doge": 0.5, "clans": 0.15}  # Clans' heuristic is slow; random moves vary enough


def _situation(game: str, state) -> str:
    """What kind of position this is, to show the test met the tricky ones."""
    if game == "clans":
        return "order" if state.to_order else ("over" if state.over else "move")
    if state.phase != "elections" or state.election is None or state.election.current is None:
        return state.phase
    current = state.election.current
    if current.kind == "place" and current.chosen:
        return "tied placement pending"
    if current.kind == "build" and len(current.seats) > 1:
        return "tied build"
    return current.kind


@pytest.mark.parametrize("game", ["doge", "clans"])
def test_a_determinized_state_shows_its_seat_the_same_view(game: str) -> None:
    engine = ENGINES[game]
    rng = random.Random(7)
    seen: Counter[str] = Counter()
    for state in positions(game, POSITIONS[game], seed=11, smart=SMART[game]):
        seen[_situation(game, state)] += 1
        for seat in range(len(state.players)):
            view = engine.public_view(state, seat)
            sampled = engine.determinize(view, rng)
            assert engine.public_view(sampled, seat) == view
            assert engine.legal_actions(sampled, seat) == engine.legal_actions(state, seat)
            assert engine.pending(sampled) == engine.pending(state)
            for _ in range(3):  # the sampled state plays on by the rules
                if engine.is_over(sampled):
                    break
                random_step(game, sampled, rng)
    if game == "doge":
        assert {"placement", "advisor", "place", "build", "tied placement pending",
                "qadvisor"} <= set(seen), seen
    else:
        assert {"move", "order"} <= set(seen), seen


def test_doge_samples_what_the_seat_cannot_see() -> None:
    """The hidden parts really are sampled: over many draws other players' markers, next
    year's face-down cards and the seed vary, while the seat's own secrets never do."""
    engine = ENGINES["doge"]
    state = next(s for s in positions("doge", 400, seed=5)
                 if s.phase == "placement" and s.round == 2)
    view = engine.public_view(state, 0)
    draws = [engine.determinize(view, random.Random(k)) for k in range(40)]
    assert len({tuple(d.players[1].markers) for d in draws}) > 1
    assert len({tuple(d.order_next) for d in draws}) > 1
    assert len({d.chance_seed for d in draws}) == len(draws)
    assert {tuple(d.players[0].markers) for d in draws} == {tuple(sorted(
        state.players[0].markers))}


def test_clans_deals_the_other_clans_among_the_colours_not_held() -> None:
    engine = ENGINES["clans"]
    state = next(positions("clans", 5, seed=2, players=3))
    view = engine.public_view(state, 1)
    draws = {engine.determinize(view, random.Random(k)).colours for k in range(60)}
    assert len(draws) > 1
    for colours in draws:
        assert colours[1] == state.colours[1] and len(set(colours)) == 3
