"""The Bids engine (rules B-1 to B-4 in README.md): legal bids, the reveal, the end, a
moderator's end, determinism, and a view that shows no other player's bid."""

from __future__ import annotations

import json
import random

import pytest

from bot.games.base import GameEngine, IllegalAction, PlayerSpec
from bot.games.kit import END_GAME
from tests.plugin_game.rules import ENGINE, BidsState
from tests.plugin_game.rules.engine import LOTS, START_COINS
from tests.plugin_game.rules.kit import KIT


def new(players: int = 3, seed: int = 1) -> BidsState:
    names = ("ann", "bo", "cy", "di", "ed", "fay")[:players]
    return ENGINE.new_game([PlayerSpec(n) for n in names], {}, random.Random(seed))


def bid_all(state: BidsState, *amounts: int):
    events = []
    for seat, amount in enumerate(amounts):
        outcome = ENGINE.apply(state, {"seat": seat, "type": "bid", "amount": amount})
        state, events = outcome.state, events + outcome.events
    return state, events


def test_it_keeps_the_engine_contract() -> None:
    assert isinstance(ENGINE, GameEngine) and KIT.engine is ENGINE


@pytest.mark.parametrize("players", [2, 6])
def test_three_to_five_players(players: int) -> None:
    with pytest.raises(ValueError):
        new(players)


def test_everyone_bids_at_once_from_zero_to_all_their_coins() -> None:  # B-2.1
    state = new()
    assert ENGINE.pending(state) == [0, 1, 2]
    assert [a["amount"] for a in ENGINE.legal_actions(state, 1)] == list(range(START_COINS + 1))
    assert ENGINE.default_action(state, 2) == {"seat": 2, "type": "bid", "amount": 0}  # B-2.2
    for bad in ({"seat": 0, "type": "bid", "amount": START_COINS + 1},
                {"seat": 0, "type": "bid", "amount": -1}, {"seat": 0, "type": "bid"},
                {"seat": 0, "type": "move"}, {"seat": 7, "type": "bid", "amount": 1}):
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, bad)
    state, events = bid_all(state, 3)
    assert events == [{"type": "bid_placed", "seat": 0}]  # the amount stays secret
    assert ENGINE.pending(state) == [1, 2] and ENGINE.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="B-2.1"):  # one bid per lot
        ENGINE.apply(state, {"seat": 0, "type": "bid", "amount": 1})


def test_the_last_bid_reveals_and_the_single_highest_pays() -> None:  # B-3.1, B-3.2
    state = new()
    value = state.lots[0]
    state, events = bid_all(state, 3, 5, 1)
    sold = events[3]
    assert sold == {"type": "lot_sold", "lot": 1, "value": value, "bids": [3, 5, 1],
                    "winner": 1}
    assert events[4] == {"type": "lot_up", "lot": 2, "value": state.lots[1]}
    assert state.coins == (START_COINS, START_COINS - 5, START_COINS)
    assert state.points == (0, value, 0) and ENGINE.pending(state) == [0, 1, 2]
    assert "bo wins it for 5 coins" in ENGINE.describe(sold, list(state.players))


def test_a_tie_at_the_top_wins_nothing_and_pays_nothing() -> None:  # B-3.3
    state, events = bid_all(new(), 4, 4, 1)
    assert events[3]["winner"] is None and state.coins == (START_COINS,) * 3
    state, events = bid_all(state, 0, 0, 0)
    assert events[3]["winner"] is None and state.points == (0, 0, 0)


def test_after_the_last_lot_the_most_points_win_and_ties_share() -> None:  # B-4.1
    state = new(4, seed=3)
    for lot in range(LOTS):
        state, events = bid_all(state, *((1, 0, 0, 0) if lot % 2 else (0, 1, 0, 0)))
    assert ENGINE.is_over(state) and ENGINE.pending(state) == []
    end = events[-1]
    assert end["type"] == "game_over" and end["reason"] == "lots"
    points = list(state.points)
    assert end["ranks"] == ENGINE.ranking(state) == [
        1 + sum(p > mine for p in points) for mine in points]
    assert "lot_up" not in [e["type"] for e in events]
    with pytest.raises(IllegalAction, match="B-4.1"):
        ENGINE.apply(state, {"seat": 0, "type": "bid", "amount": 0})


def test_a_moderator_ends_it_with_the_shared_end_action() -> None:  # B-4.2
    state, _ = bid_all(new(), 2, 6, 1)
    state = ENGINE.apply(state, {"seat": 0, "type": "bid", "amount": 9}).state
    action = KIT.moderator_end(state)
    assert action == END_GAME
    outcome = ENGINE.apply(state, action)
    [end] = outcome.events
    assert end["reason"] == "moderator" and end["ranks"] == [2, 1, 2]
    assert "9" not in json.dumps(outcome.events)  # the unrevealed bid stays unrevealed
    assert ENGINE.public_view(outcome.state, 0).own_bid is None
    assert end["type"] in KIT.ending_events


def test_a_seeded_game_plays_the_same_twice_and_survives_json() -> None:
    def play(seed: int) -> tuple[list, dict]:
        state, rng, log = new(5, seed), random.Random(seed), []
        while not ENGINE.is_over(state):
            for seat in ENGINE.pending(state):
                outcome = ENGINE.apply(state, KIT.ai_action(state, seat, rng, "easy"))
                state = ENGINE.state_from_json(json.loads(json.dumps(
                    ENGINE.state_to_json(outcome.state))))
                log += outcome.events
        return log, ENGINE.state_to_json(state)

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_a_view_holds_no_other_players_bid() -> None:  # B-2.1
    state, _ = bid_all(new(), 2, 6, 1)
    state = ENGINE.apply(state, {"seat": 0, "type": "bid", "amount": 11}).state
    state = ENGINE.apply(state, {"seat": 2, "type": "bid", "amount": 13}).state
    spectator, bidder, other = (ENGINE.public_view(state, s) for s in (None, 0, 1))
    assert bidder.own_bid == 11 and other.own_bid is None and spectator.own_bid is None
    for view in (spectator, other):
        assert "11" not in repr(view) and "13" not in repr(view)
    assert spectator.has_bid == (True, False, True)
    assert spectator.sales == ((2, 6, 1),)  # revealed bids are public (B-3.1)


def test_the_kit_asks_a_bid_and_knows_its_decisions() -> None:
    state = new()
    question = KIT.question(state, 0, ["ann", "bo", "cy"])
    question.check()
    assert question.labels_after(())[:2] == ["0 coins", "1 coin"]
    assert question.default_path == ("0 coins",)
    before = KIT.decision_key(state, 0)
    after = ENGINE.apply(state, {"seat": 0, "type": "bid", "amount": 1}).state
    assert KIT.decision_key(after, 1) == KIT.decision_key(state, 1)  # others still bid
    assert KIT.decision_key(after, 0) != before and KIT.question(after, 0, []) is None
    assert KIT.ai_action(state, 1, random.Random(1), "strong")["amount"] <= START_COINS
