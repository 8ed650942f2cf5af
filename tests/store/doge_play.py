"""Driving the real Doge engine in store tests: seeded random legal moves."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action, GameEngine, PlayerSpec

DOGE_PLAYERS = [
    PlayerSpec("Anna", "red"),
    PlayerSpec("Bernd", "blue"),
    PlayerSpec("Carla", "green", is_bot=True),
]


def random_action(engine: GameEngine, state: Any, rng: random.Random) -> Action:
    """A legal action of one of the seats the game awaits."""
    seat = rng.choice(engine.pending(state))
    legal = engine.legal_actions(state, seat)
    return rng.choice(legal) if legal else engine.default_action(state, seat)


def play(engine: GameEngine, state: Any, rng: random.Random, count: int) -> list[Action]:
    """Up to `count` random legal actions from `state` (fewer if the game ends)."""
    actions: list[Action] = []
    for _ in range(count):
        if engine.is_over(state):
            break
        action = random_action(engine, state, rng)
        state = engine.apply(state, action).state
        actions.append(action)
    return actions
