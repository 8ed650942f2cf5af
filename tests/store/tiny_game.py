"""A tiny game implementing the engine protocol, so the store's tests do not depend on
any real game's rules: players take turns adding 1 to 3 to a shared total; whoever
reaches the target ends the game. The seed decides who starts."""

from __future__ import annotations

import copy
import random
from typing import Any

from bot.games.base import Action, Event, GameEngine, IllegalAction, Outcome, PlayerSpec
from bot.games.registry import get_engine


class CountingGame:
    name = "counting"
    schema_version = 1

    def new_game(
        self, players: list[PlayerSpec], settings: dict[str, Any], rng: random.Random
    ) -> dict[str, Any]:
        if not 2 <= len(players) <= 4:
            raise IllegalAction("counting is played by 2 to 4 players", "C-1")
        return {
            "players": len(players),
            "turn": rng.randrange(len(players)),
            "total": 0,
            "target": int(settings.get("target", 30)),
            "adds": [0] * len(players),
            "winner": None,
        }

    def pending(self, state: dict[str, Any]) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if seat not in self.pending(state):
            return []
        return [{"seat": seat, "type": "add", "n": n} for n in (1, 2, 3)]

    def default_action(self, state: dict[str, Any], seat: int) -> Action:
        return {"seat": seat, "type": "add", "n": 1}

    def apply(self, state: dict[str, Any], action: Action) -> Outcome:
        if self.is_over(state):
            raise IllegalAction("the game is over", "C-3")
        if action.get("type") != "add":
            raise IllegalAction("the only action is add", "C-2")
        if action["seat"] != state["turn"]:
            raise IllegalAction("it is not your turn", "C-2")
        n = action["n"]
        if n not in (1, 2, 3):
            raise IllegalAction("add 1, 2 or 3", "C-2")
        new = copy.deepcopy(state)
        new["total"] += n
        new["adds"][action["seat"]] += n
        events: list[Event] = [{"type": "added", "seat": action["seat"], "n": n}]
        if new["total"] >= new["target"]:
            new["winner"] = action["seat"]
            events.append({"type": "game_over", "result": {"winners": [action["seat"]]}})
        else:
            new["turn"] = (new["turn"] + 1) % new["players"]
        return Outcome(new, events)

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["winner"] is not None

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"winners": [state["winner"]]}

    def state_to_json(self, state: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(state)

    def state_from_json(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(data)

    def public_view(self, state: dict[str, Any], viewer: int | None) -> Any:
        return state

    def describe(self, event: Event, players: list[PlayerSpec]) -> str:
        return f"{players[event['seat']].name} adds {event['n']}"


COUNTING = CountingGame()


def engines(name: str) -> GameEngine:
    """The registry plus the test game."""
    if name == COUNTING.name:
        return COUNTING
    return get_engine(name)
