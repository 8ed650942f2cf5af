"""The Ladder engine: players take turns laying a card of their hidden hand on a public
row (rules L-1 to L-3 in ../README.md). Pure: state in, action in, new state and events
out; the deal only from the `random.Random` of `new_game`."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from typing import Any

from bot.games.base import (
    Action,
    Event,
    IllegalAction,
    Outcome,
    PlayerSpec,
    places_by_points,
    points_result,
    seat_count,
)
from bot.games.wording import and_list, facts
from bot.i18n import _, _n

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # L-1.1
DECK = range(1, 25)  # L-1.1
HAND = 4  # L-1.2
LAY = "lay"  # the one kind of action (L-2.1)


@dataclass(frozen=True)
class LadderState:
    players: tuple[PlayerSpec, ...]
    hands: tuple[tuple[int, ...], ...]  # each seat's cards, seen by it alone (L-1.2)
    row: tuple[tuple[int, int], ...] = ()  # (seat, card) laid, in order (L-2.1)
    points: tuple[int, ...] = ()
    turn: int = 0  # turns taken; the seat to lay is turn % players (L-2.1)
    reason: str | None = None  # set once over: "hands" or "moderator"


@dataclass(frozen=True)
class LadderView:
    """What a seat may see: the row, how many cards each holds, the points, and its own
    hand (none for a spectator)."""

    players: tuple[str, ...]
    row: tuple[tuple[int, int], ...]
    held: tuple[int, ...]
    points: tuple[int, ...]
    to_lay: int | None  # the seat whose turn it is; None once over
    reason: str | None
    ranks: tuple[int, ...] | None
    seat: int | None = None
    hand: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return self.reason is not None

    def to_json(self) -> dict[str, Any]:
        """As `python -m bot replay` prints it."""
        return asdict(self)


def climbs(row: tuple[tuple[int, int], ...], card: int) -> bool:
    """Whether `card` laid on the row climbs a rung (L-2.2)."""
    return not row or card > row[-1][1]


class LadderEngine:
    name = "ladder"
    schema_version = 1

    def new_game(self, players: list[PlayerSpec], settings: dict[str, Any],
                 rng: random.Random) -> LadderState:
        seats = seat_count(players, MIN_PLAYERS, MAX_PLAYERS, "Ladder")
        deck = list(DECK)
        rng.shuffle(deck)  # L-1.1, then four cards each (L-1.2)
        hands = tuple(tuple(sorted(deck[i * HAND:(i + 1) * HAND])) for i in range(seats))
        return LadderState(players=tuple(players), hands=hands, points=(0,) * seats)

    def is_over(self, state: LadderState) -> bool:
        return state.reason is not None

    def seat_to_lay(self, state: LadderState) -> int | None:
        return None if self.is_over(state) else state.turn % len(state.players)

    def pending(self, state: LadderState) -> list[int]:
        seat = self.seat_to_lay(state)
        return [] if seat is None else [seat]

    def legal_actions(self, state: LadderState, seat: int) -> list[Action]:
        if seat != self.seat_to_lay(state):
            return []
        return [{"seat": seat, "type": LAY, "card": card} for card in state.hands[seat]]

    def default_action(self, state: LadderState, seat: int) -> Action:
        return {"seat": seat, "type": LAY, "card": min(state.hands[seat])}  # L-2.3

    def apply(self, state: LadderState, action: Action) -> Outcome:
        if not isinstance(action, dict):
            raise IllegalAction(_("an action must be a JSON object"))
        if self.is_over(state):
            raise IllegalAction(_("the game is over"), "L-3.1")
        if action.get("type") == "end_game" and action.get("seat") is None:
            return self._over(state, "moderator", [])  # L-3.2
        seat, card = action.get("seat"), action.get("card")
        if action.get("type") != LAY or seat != self.seat_to_lay(state):
            raise IllegalAction(_("it is not that seat's turn to lay a card"), "L-2.1")
        if card not in state.hands[seat] or type(card) is not int:
            raise IllegalAction(_("that card is not in the hand"), "L-2.1")
        rung = climbs(state.row, card)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        points = list(state.points)
        points[seat] += rung  # L-2.2
        state = replace(state, hands=tuple(hands), row=(*state.row, (seat, card)),
                        points=tuple(points), turn=state.turn + 1)
        events: list[Event] = [{"type": "card_laid", "seat": seat, "card": card,
                                "rung": rung}]
        if any(state.hands):
            return Outcome(state, events)
        return self._over(state, "hands", events)  # L-3.1

    def _over(self, state: LadderState, reason: str, events: list[Event]) -> Outcome:
        state = replace(state, reason=reason)
        return Outcome(state, [*events, {"type": "game_over", **self.result(state)}])

    def result(self, state: LadderState) -> dict[str, Any]:
        """Why it ended, the rungs and the places (L-3.1): its end event's and the store's."""
        return points_result(state.reason, state.points)

    def ranking(self, state: LadderState) -> list[int]:
        return places_by_points(state.points)

    def public_view(self, state: LadderState, viewer: int | None) -> LadderView:
        """The hands' sizes, never their cards: only `viewer`'s own hand (L-1.2)."""
        return LadderView(
            players=tuple(p.name for p in state.players), row=state.row,
            held=tuple(len(h) for h in state.hands), points=state.points,
            to_lay=self.seat_to_lay(state), reason=state.reason,
            ranks=tuple(self.ranking(state)) if self.is_over(state) else None,
            seat=viewer, hand=() if viewer is None else state.hands[viewer])

    def describe(self, event: Event, players: list[PlayerSpec]) -> str:
        names = [p.name for p in players]
        if event["type"] == "card_laid":
            return laid_line(event, names)
        if event["type"] == "game_over":
            return result_lines(event, names)
        return str(event["type"])

    def caption(self, events: list[Event], players: list[PlayerSpec]) -> str | None:
        """The card laid; at the end, who won first."""
        names = [p.name for p in players]
        laid = [laid_line(e, names) for e in events if e["type"] == "card_laid"]
        ended = [result_lines(e, names).split("\n")[1] for e in events
                 if e["type"] == "game_over"]
        return facts(*ended, *laid) or None

    def state_to_json(self, state: LadderState) -> dict[str, Any]:
        data = asdict(state)
        data["players"] = [p.to_json() for p in state.players]
        return data

    def state_from_json(self, data: dict[str, Any]) -> LadderState:
        return LadderState(
            players=tuple(PlayerSpec.from_json(p) for p in data["players"]),
            hands=tuple(tuple(h) for h in data["hands"]),
            row=tuple((s, c) for s, c in data["row"]), points=tuple(data["points"]),
            turn=data["turn"], reason=data["reason"])


def laid_line(event: Event, names: list[str]) -> str:
    """'Ann lays 7: a rung up (L-2.2).'"""
    name, card = names[event["seat"]], event["card"]
    if event["rung"]:
        return _("{name} lays {card}: a rung up (L-2.2).", name=name, card=card)
    return _("{name} lays {card}, no higher than the last card.", name=name, card=card)


def result_lines(event: Event, names: list[str]) -> str:
    """Why it ended, who won, then everyone's points by place (L-3.1, L-3.2)."""
    ranks = event["ranks"]
    first = and_list(names[s] for s in range(len(names)) if ranks[s] == 1)
    if event["reason"] == "moderator":
        head = [_("A moderator ended the game; no hand is shown (L-3.2)."),
                _("Ahead when it ended: {names}.", names=first)]
    else:
        head = [_("Every hand is empty: the game is over (L-3.1)."),
                _("{names} climbed highest.", names=first)]
    order = sorted(range(len(names)), key=lambda s: (ranks[s], s))
    return "\n".join(head + [_n("{place}. {name}: {n} rung", "{place}. {name}: {n} rungs",
                                event["points"][s], place=ranks[s], name=names[s])
                             for s in order])
