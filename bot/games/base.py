"""What every game engine offers, so the store, the tables, the AI and the tests drive
Doge and Clans the same way.

An engine is pure: state in, action in, new state and events out. Chance comes only from
the `random.Random` handed to `new_game`; everything later is deterministic, so a record
(seed, players, settings, actions) replays to the very same state.

Actions and events are plain JSON-ready dicts. Every action names its actor in "seat".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
Event = dict[str, Any]


class IllegalAction(ValueError):
    """An action the rules do not allow; the message names the rule broken."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


MAX_NAME_CHARS = 32  # as Discord's display names: a seat's name is drawn on every board


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: a display name, the colour it plays (if the game has
    player colours) and whether the seat is played by the bot."""

    name: str
    colour: str | None = None
    is_bot: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "is_bot": self.is_bot}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayerSpec:
        return cls(name=str(data["name"]), colour=data.get("colour"),
                   is_bot=bool(data.get("is_bot")))


@dataclass
class Outcome:
    """What `apply` returns: the new state and what happened, in order."""

    state: Any
    events: list[Event] = field(default_factory=list)


@runtime_checkable
class GameEngine(Protocol):
    """The contract between a game's rules and everything above them.

    Optional, looked up with getattr (so not part of the checked protocol):
    `result(state)`, the JSON the store keeps as a finished game's result; an engine
    without it has `{"version": <the final version>}` kept."""

    name: str
    schema_version: int

    def new_game(
        self, players: list[PlayerSpec], settings: dict[str, Any], rng: random.Random
    ) -> Any: ...

    def pending(self, state: Any) -> list[int]:
        """Seats that must act now (several at once when decisions are simultaneous)."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action `seat` may take now; empty when it is not awaited."""

    def default_action(self, state: Any, seat: int) -> Action:
        """What the table applies for `seat` at a deadline (the safe default)."""

    def apply(self, state: Any, action: Action) -> Outcome:
        """A new state (the given one is left untouched) and the events, in order.
        Raises IllegalAction naming the rule when the action is not allowed."""

    def is_over(self, state: Any) -> bool: ...

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def state_from_json(self, data: dict[str, Any]) -> Any: ...

    def public_view(self, state: Any, viewer: int | None) -> Any:
        """Everything public, plus the secrets of `viewer` (none for a spectator). The
        view offers `to_json()`: `python -m bot replay` prints it."""

    def describe(self, event: Event, players: list[PlayerSpec]) -> str:
        """One line of narrative for an event."""

    def caption(self, events: list[Event], players: list[PlayerSpec]) -> str | None:
        """A board's caption for one action's events, its facts the outcome first
        (`bot.games.wording.facts`); None: the last line told is the caption."""


def places_by_points(points: tuple[int, ...] | list[int]) -> list[int]:
    """Each seat's place when the most points wins: 1 for the most, equal points sharing
    a place (1, 1, 3)."""
    return [1 + sum(other > mine for other in points) for mine in points]


def points_result(reason: str | None, points: tuple[int, ...] | list[int]) -> dict[str, Any]:
    """A game won on points, as its end event carries it and as the store keeps it
    (`result`): why it ended, everyone's points and places."""
    return {"reason": reason, "points": list(points), "ranks": places_by_points(points)}


def seat_count(players: list[PlayerSpec], low: int, high: int, title: str) -> int:
    """How many players a new game seats; ValueError unless `low` to `high`."""
    if not low <= len(players) <= high:
        raise ValueError(f"{title} is for {low} to {high} players")
    return len(players)
