"""The `strong` level: a search from the seat's view only. It plays legal actions, repeats
itself with the same seed, and chooses the same whether it is handed the true state or
another state the seat cannot tell from it (D-10, C-7: it reads no secret). The search
budget is small here; `make bench-ai` checks the live budget over more positions."""

from __future__ import annotations

import random

import pytest

from bot.games.clans import strong as clans_strong
from bot.games.doge import strong as doge_strong
from bot.games.search.ismcts import Node, _decided
from bot.tables.kits import get_kit
from tests.ai.helpers import ENGINES, positions

MODULES = {"doge": doge_strong, "clans": clans_strong}
BUDGET = 12  # simulations a decision: enough to exercise the tree, quick to run
SMART = {"doge": 0.5, "clans": 0.15}
VIEW_POSITIONS = {"doge": 150, "clans": 80}  # Clans' candidates are ranked by a slow heuristic


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in MODULES.values():
        monkeypatch.setattr(module, "SIMULATIONS", BUDGET)


@pytest.mark.parametrize("game", ["doge", "clans"])
def test_strong_plays_a_legal_action_from_its_view(game: str, small_budget: None) -> None:
    engine, kit = ENGINES[game], get_kit(game)
    kinds = set()
    for k, state in enumerate(positions(game, 60, seed=21, smart=SMART[game])):
        if engine.is_over(state):
            continue
        for seat in engine.pending(state):
            action = kit.ai_action(state, seat, random.Random(k), "strong")
            assert action in engine.legal_actions(state, seat), action
            kinds.add(action["type"])
            engine.apply(state, action)  # the engine agrees
    assert len(kinds) >= 2, kinds  # more than one kind of decision was met


@pytest.mark.parametrize("game", ["doge", "clans"])
def test_strong_chooses_the_same_from_any_state_with_the_same_view(
        game: str, small_budget: None) -> None:
    """The true state and a state re-dealt from the seat's view (every secret sampled
    afresh) get the same action with the same seed, over a hundred positions or more."""
    engine, kit = ENGINES[game], get_kit(game)
    rng = random.Random(3)
    checked = differing_secrets = 0
    for k, state in enumerate(positions(game, VIEW_POSITIONS[game], seed=31,
                                        smart=SMART[game])):
        if engine.is_over(state):
            continue
        seat = rng.choice(engine.pending(state))
        view = engine.public_view(state, seat)
        other = engine.determinize(view, rng)
        assert engine.public_view(other, seat) == view
        differing_secrets += engine.state_to_json(other) != engine.state_to_json(state)
        first = kit.ai_action(state, seat, random.Random(k), "strong")
        assert kit.ai_action(other, seat, random.Random(k), "strong") == first
        if k % 8 == 0:  # and repeats itself
            assert kit.ai_action(state, seat, random.Random(k), "strong") == first
        checked += 1
    assert checked >= 0.8 * VIEW_POSITIONS[game] and differing_secrets >= checked // 2


def test_the_search_stops_once_the_leader_cannot_be_caught() -> None:
    root = Node()
    for action, visits in (("a", 10), ("b", 4)):
        root.children[action] = Node()
        root.children[action].visits = visits
    assert _decided(root, left=5)  # 6 ahead, 5 to come
    assert not _decided(root, left=6)
