"""Places, ties and what a player is known for, from finished games' public views; the
rating step itself (OpenSkill Plackett-Luce, shared places as ties)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.community.outcome import favourite, outcome
from bot.community.ratings import DEFAULT_MU, Entrant, Rating, rate
from bot.demo import demo_players
from bot.tables.kits import KITS


def final_view(game: str, seed: int):
    kit = KITS[game]
    state = kit.engine.new_game(demo_players(kit), kit.settings_for({}), random.Random(seed))
    rng = random.Random(seed)
    while not kit.engine.is_over(state):
        seat = rng.choice(kit.engine.pending(state))
        state = kit.engine.apply(state, kit.ai_action(state, seat, rng)).state
    return kit.engine.public_view(state, None)


def test_doge_places_and_palaces_by_district() -> None:
    view = final_view("doge", 3)
    result = outcome("doge", view)
    assert sorted(result.places) == sorted(r["place"] for r in view.result["ranking"])
    assert not result.by_moderator
    for seat, tally in enumerate(result.tallies):  # D-9.2 counts palaces on the board
        assert sum(tally.values()) == sum(owners.count(seat) for owners in view.palaces.values())


def test_doge_shared_places_stay_shared() -> None:
    """D-9.2: equal players share a place; the rating sees a tie."""
    view = final_view("doge", 3)
    ranking = [dict(r, place=1) if r["place"] <= 2 else r for r in view.result["ranking"]]
    tied = dataclasses.replace(view, result={**view.result, "ranking": ranking,
                                             "reason": "moderator"})
    result = outcome("doge", tied)
    assert sorted(result.places)[:2] == [1, 1] and result.by_moderator


def test_clans_places_are_the_c63_ranks_and_villages_by_terrain() -> None:
    view = final_view("clans", 2)
    result = outcome("clans", view)
    assert result.places == tuple(view.result.ranks)
    assert sum(sum(t.values()) for t in result.tallies) == len(view.villages)


def test_a_running_game_has_no_outcome() -> None:
    kit = KITS["clans"]
    state = kit.engine.new_game(demo_players(kit), kit.settings_for({}), random.Random(1))
    with pytest.raises(ValueError, match="not over"):
        outcome("clans", kit.engine.public_view(state, None))


def test_ties_rate_alike_and_order_matters() -> None:
    tied = rate([Entrant(1, 1), Entrant(2, 1), Entrant(3, 3)])
    assert tied[1] == tied[2] and tied[1].mu > DEFAULT_MU > tied[3].mu
    clear = rate([Entrant(1, 1), Entrant(2, 2), Entrant(3, 3)])
    assert clear[1].mu > clear[2].mu > clear[3].mu
    # Computer seats take part unrated: only people come back.
    assert set(rate([Entrant(1, 2), Entrant(None, 1)])) == {1}
    assert Rating().score == pytest.approx(0.0)
    with pytest.raises(ValueError):
        rate([Entrant(1, 1)])


def test_favourite_counts_over_games_and_breaks_ties_by_name() -> None:
    assert favourite([{"castello": 2}, {"dorsoduro": 1, "castello": 1}]) == "castello"
    assert favourite([{"steppe": 1, "forest": 1}]) == "forest"
    assert favourite([{}, {}]) is None
