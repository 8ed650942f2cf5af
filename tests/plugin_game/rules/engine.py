"""The Bids engine: a sealed-bid auction (rules B-1 to B-4 in ../README.md). Pure: state in,
action in, new state and events out; chance only from the `random.Random` of `new_game`."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from typing import Any

from bot.games import base
from bot.games.base import Action, Event, IllegalAction, Outcome, PlayerSpec
from bot.games.wording import and_list, user_text
from bot.i18n import _, _n

MIN_PLAYERS, MAX_PLAYERS = 3, 5
START_COINS = 15  # B-1.1
LOTS = 5  # B-1.2
LOT_VALUES = range(1, 9)  # B-1.2


@dataclass(frozen=True)
class BidsState:
    players: tuple[PlayerSpec, ...]
    lots: tuple[int, ...]  # each lot's points, in the order they come up (B-1.2)
    lot: int  # the lot up now, from 0
    coins: tuple[int, ...]
    points: tuple[int, ...]
    bids: tuple[int | None, ...]  # this lot's bids, secret until all are in (B-2.1)
    sales: tuple[tuple[int, ...], ...] = ()  # each revealed lot's bids, by seat (B-3.1)
    over: bool = False
    reason: str | None = None  # "lots" or "moderator"


@dataclass(frozen=True)
class BidsView:
    """What a seat may see: everything public, and its own bid (none for a spectator)."""

    players: tuple[str, ...]
    lot: int
    lots: int
    value: int | None  # the lot up now; None once the game is over
    coins: tuple[int, ...]
    points: tuple[int, ...]
    has_bid: tuple[bool, ...]
    lot_values: tuple[int, ...]  # the lots revealed so far, then the one up
    sales: tuple[tuple[int, ...], ...]  # each revealed lot's bids, by seat (B-3.1)
    over: bool
    reason: str | None
    ranks: tuple[int, ...] | None
    seat: int | None = None
    own_bid: int | None = None

    def to_json(self) -> dict[str, Any]:
        """As `python -m bot replay` prints it."""
        return asdict(self)


def winner_of(bids: tuple[int, ...] | list[int]) -> int | None:
    """The single highest bidder; None for a tie at the top or no bid at all (B-3.2, B-3.3)."""
    top = max(bids)
    return bids.index(top) if top > 0 and list(bids).count(top) == 1 else None


class BidsEngine:
    name = "bids"
    schema_version = 1

    def new_game(self, players: list[PlayerSpec], settings: dict[str, Any],
                 rng: random.Random) -> BidsState:
        n = base.seat_count(players, MIN_PLAYERS, MAX_PLAYERS, "Bids")
        return BidsState(players=tuple(players),
                         lots=tuple(rng.choice(LOT_VALUES) for _ in range(LOTS)), lot=0,
                         coins=(START_COINS,) * n, points=(0,) * n, bids=(None,) * n)

    def pending(self, state: BidsState) -> list[int]:
        return [] if state.over else [s for s, bid in enumerate(state.bids) if bid is None]

    def is_over(self, state: BidsState) -> bool:
        return state.over

    def legal_actions(self, state: BidsState, seat: int) -> list[Action]:
        if seat not in self.pending(state):
            return []
        return [{"seat": seat, "type": "bid", "amount": a}
                for a in range(state.coins[seat] + 1)]  # B-2.1

    def default_action(self, state: BidsState, seat: int) -> Action:
        return {"seat": seat, "type": "bid", "amount": 0}  # B-2.2

    def apply(self, state: BidsState, action: Action) -> Outcome:
        if not isinstance(action, dict):
            raise IllegalAction(_("an action must be a JSON object"))
        if state.over:
            raise IllegalAction(_("the game is over"), "B-4.1")
        if action.get("type") == "end_game" and action.get("seat") is None:
            return self._end(state, "moderator", [])  # B-4.2
        if action.get("type") != "bid":
            raise IllegalAction(_("Bids has bids only, not {kind}",
                                  kind=user_text(repr(action.get("type")))), "B-2.1")
        seat, amount = action.get("seat"), action.get("amount")
        if type(seat) is not int or seat not in self.pending(state):
            raise IllegalAction(_("that seat has bid for this lot already"), "B-2.1")
        if type(amount) is not int or not 0 <= amount <= state.coins[seat]:
            raise IllegalAction(_("a bid is 0 to {coins} coins",
                                  coins=state.coins[seat]), "B-2.1")
        bids = list(state.bids)
        bids[seat] = amount
        state = replace(state, bids=tuple(bids))
        events: list[Event] = [{"type": "bid_placed", "seat": seat}]
        if None in bids:
            return Outcome(state, events)
        return self._reveal(state, events)

    def _reveal(self, state: BidsState, events: list[Event]) -> Outcome:
        bids = [int(b or 0) for b in state.bids]
        winner = winner_of(bids)
        value = state.lots[state.lot]
        coins, points = list(state.coins), list(state.points)
        if winner is not None:  # B-3.2
            coins[winner] -= bids[winner]
            points[winner] += value
        events.append({"type": "lot_sold", "lot": state.lot + 1, "value": value,
                       "bids": bids, "winner": winner})
        state = replace(state, coins=tuple(coins), points=tuple(points),
                        bids=(None,) * len(bids), lot=state.lot + 1,
                        sales=(*state.sales, tuple(bids)))
        if state.lot >= len(state.lots):
            return self._end(state, "lots", events)  # B-4.1
        events.append({"type": "lot_up", "lot": state.lot + 1,
                       "value": state.lots[state.lot]})
        return Outcome(state, events)

    def _end(self, state: BidsState, reason: str, events: list[Event]) -> Outcome:
        state = replace(state, over=True, reason=reason, bids=(None,) * len(state.bids))
        events.append({"type": "game_over", **base.points_result(reason, state.points)})  # B-4.1
        return Outcome(state, events)

    def ranking(self, state: BidsState) -> list[int]:
        return base.places_by_points(state.points)

    def result(self, state: BidsState) -> dict[str, Any]:
        """What the store keeps of a finished game: why it ended, points and places."""
        return base.points_result(state.reason, state.points)

    def public_view(self, state: BidsState, viewer: int | None) -> BidsView:
        """Who has bid, never how much: only `viewer`'s own bid (B-2.1)."""
        return BidsView(
            players=tuple(p.name for p in state.players), lot=state.lot,
            lots=len(state.lots), value=None if state.over else state.lots[state.lot],
            coins=state.coins, points=state.points,
            has_bid=tuple(b is not None for b in state.bids),
            lot_values=state.lots[:state.lot + 1], sales=state.sales, over=state.over,
            reason=state.reason,
            ranks=tuple(self.ranking(state)) if state.over else None, seat=viewer,
            own_bid=None if viewer is None else state.bids[viewer])

    def describe(self, event: Event, players: list[PlayerSpec]) -> str:
        names = [p.name for p in players]
        kind = event["type"]
        if kind == "bid_placed":
            return _("{name} has placed a bid.", name=names[event["seat"]])
        if kind == "lot_up":
            return _n("Lot {lot} is up: worth {n} point.", "Lot {lot} is up: worth {n} points.",
                      event["value"], lot=event["lot"])
        if kind == "lot_sold":
            return sale_line(event, names)
        if kind == "game_over":
            return end_lines(event, names)
        return kind

    def caption(self, events: list[Event], players: list[PlayerSpec]) -> str | None:
        sold = [e for e in events if e["type"] == "lot_sold"]
        return sale_line(sold[-1], [p.name for p in players]) if sold else None

    def state_to_json(self, state: BidsState) -> dict[str, Any]:
        return {"players": [p.to_json() for p in state.players], "lots": list(state.lots),
                "lot": state.lot, "coins": list(state.coins), "points": list(state.points),
                "bids": list(state.bids), "sales": [list(s) for s in state.sales],
                "over": state.over, "reason": state.reason}

    def state_from_json(self, data: dict[str, Any]) -> BidsState:
        return BidsState(
            players=tuple(PlayerSpec.from_json(p) for p in data["players"]),
            lots=tuple(data["lots"]), lot=data["lot"], coins=tuple(data["coins"]),
            points=tuple(data["points"]), bids=tuple(data["bids"]),
            sales=tuple(tuple(s) for s in data["sales"]), over=data["over"],
            reason=data["reason"])


def sale_line(event: Event, names: list[str]) -> str:
    """'Lot 2 (5 points): Ann 3, Bo 6, Cy 0. Bo wins it for 6 coins.' (B-3.1 to B-3.3)"""
    bids = ", ".join(f"{name} {bid}" for name, bid in zip(names, event["bids"], strict=True))
    head = _n("Lot {lot} ({n} point): {bids}.", "Lot {lot} ({n} points): {bids}.",
              event["value"], lot=event["lot"], bids=bids)
    if event["winner"] is None:
        return head + " " + _("A tie at the top: nobody wins it, nobody pays (B-3.3).")
    winner = event["winner"]
    return head + " " + _n("{name} wins it for {n} coin.", "{name} wins it for {n} coins.",
                           event["bids"][winner], name=names[winner])


def end_lines(event: Event, names: list[str]) -> str:
    """Why the game ended, then everyone by place (B-4.1, B-4.2)."""
    head = (_("A moderator ended the game; the bids for the lot up were never revealed "
              "(B-4.2).") if event["reason"] == "moderator" else
            _("Game over: all lots are sold (B-4.1)."))
    places = sorted(range(len(names)), key=lambda s: (event["ranks"][s], s))
    winners = [names[s] for s in places if event["ranks"][s] == 1]
    if event["reason"] == "moderator":  # ranked as it stood: nobody won (B-4.2)
        lead = _("Ahead when it ended: {names}.", names=and_list(winners))
    else:
        lead = (_("Winner: {names}.", names=and_list(winners)) if len(winners) == 1 else
                _("Shared win: {names}.", names=and_list(winners)))
    lines = [head, lead]
    lines += [_n("{place}. {name}: {n} point", "{place}. {name}: {n} points",
                 event["points"][s], place=event["ranks"][s], name=names[s])
              for s in places]
    return "\n".join(lines)
