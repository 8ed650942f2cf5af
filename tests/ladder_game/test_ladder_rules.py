"""The Ladder engine and kit (rules L-1 to L-3 in README.md): the deal, turns in seat
order, climbing a rung, the deadline's card, the end and a moderator's end, a seeded game
replayed, and views that show no other player's hand."""

from __future__ import annotations

import json
import random

import pytest

from bot.games.base import GameEngine, IllegalAction, PlayerSpec
from bot.games.kit import END_GAME
from tests.ladder_game.rules import ENGINE, LadderState
from tests.ladder_game.rules.engine import DECK, HAND
from tests.ladder_game.rules.kit import KIT

PLAYERS = [PlayerSpec(name) for name in ("ann", "bo", "cy", "di", "ed")]


def dealt(players: int = 3, seed: int = 2) -> LadderState:
    return ENGINE.new_game(PLAYERS[:players], {}, random.Random(seed))


def lay(state: LadderState, card: int) -> LadderState:
    return ENGINE.apply(state, {"seat": ENGINE.pending(state)[0], "type": "lay",
                                "card": card}).state


def test_it_keeps_the_engine_contract() -> None:
    assert isinstance(ENGINE, GameEngine) and KIT.engine is ENGINE
    for wrong in (1, 5):
        with pytest.raises(ValueError):
            dealt(wrong)


def test_l_1_2_four_hidden_cards_each_from_one_deck() -> None:
    state = dealt(4)
    cards = [card for hand in state.hands for card in hand]
    assert [len(hand) for hand in state.hands] == [HAND] * 4
    assert len(set(cards)) == len(cards) and set(cards) <= set(DECK)


def test_l_2_1_turns_go_in_seat_order_with_a_card_of_ones_own_hand() -> None:
    state = dealt()
    assert ENGINE.pending(state) == [0] and ENGINE.legal_actions(state, 1) == []
    assert [a["card"] for a in ENGINE.legal_actions(state, 0)] == list(state.hands[0])
    with pytest.raises(IllegalAction):  # a card of another hand
        ENGINE.apply(state, {"seat": 0, "type": "lay", "card": state.hands[1][0]})
    with pytest.raises(IllegalAction):  # out of turn
        ENGINE.apply(state, {"seat": 1, "type": "lay", "card": state.hands[1][0]})
    assert ENGINE.pending(lay(state, state.hands[0][0])) == [1]


def test_l_2_2_a_higher_card_climbs_a_rung_a_lower_one_scores_nothing() -> None:
    state = dealt()
    first = max(state.hands[0])
    state = lay(state, first)  # the row's first card climbs
    lower = [c for c in state.hands[1] if c < first]
    outcome = ENGINE.apply(state, {"seat": 1, "type": "lay", "card": min(state.hands[1])})
    assert state.points[0] == 1
    assert outcome.events[0]["rung"] == (not lower or min(state.hands[1]) > first)


def test_l_2_3_the_deadline_lays_the_lowest_card() -> None:
    state = dealt()
    assert ENGINE.default_action(state, 0)["card"] == min(state.hands[0])


def test_l_3_1_the_game_ends_with_every_hand_empty_the_most_rungs_first() -> None:
    state, rng = dealt(), random.Random(5)
    while not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0]
        outcome = ENGINE.apply(state, KIT.ai_action(state, seat, rng, "easy"))
        state = outcome.state
    end = outcome.events[-1]
    assert end["type"] == "game_over" and end["reason"] == "hands" and not any(state.hands)
    assert [1 + sum(p > mine for p in state.points) for mine in state.points] == end["ranks"]
    assert ENGINE.result(state) == {k: end[k] for k in ("reason", "points", "ranks")}


def test_l_3_2_a_moderator_ends_it_and_no_hand_is_told() -> None:
    state = dealt()
    outcome = ENGINE.apply(state, KIT.moderator_end(state))
    assert KIT.moderator_end(state) == END_GAME and ENGINE.is_over(outcome.state)
    end = outcome.events[-1]
    assert set(end) == {"type", "reason", "points", "ranks"} and end["reason"] == "moderator"
    assert "(L-3.2)" in ENGINE.describe(end, list(PLAYERS[:3]))


def test_a_seeded_game_replays_the_same_and_survives_json() -> None:
    def play(seed: int) -> LadderState:
        state, rng = dealt(seed=seed), random.Random(seed)
        while not ENGINE.is_over(state):
            state = ENGINE.apply(state, KIT.ai_action(state, ENGINE.pending(state)[0], rng)).state
        return state

    assert play(3) == play(3) != play(4)
    data = json.loads(json.dumps(ENGINE.state_to_json(play(3))))
    assert ENGINE.state_from_json(data) == play(3)


def test_a_view_holds_no_other_players_hand() -> None:
    state = dealt()
    spectator, own = ENGINE.public_view(state, None), ENGINE.public_view(state, 1)
    assert spectator.hand == () and own.hand == state.hands[1]
    assert spectator.held == own.held == (HAND,) * 3
    assert spectator.to_json() == {**own.to_json(), "seat": None, "hand": ()}


def test_the_kit_asks_an_open_question_of_the_hand_one_decision_a_turn() -> None:
    state = dealt()
    question = KIT.question(state, 0, ["ann", "bo", "cy"])
    assert question is not None and not question.secret
    assert question.labels_after(()) == [str(c) for c in state.hands[0]]
    assert KIT.decision_key(state, 0) != KIT.decision_key(lay(state, state.hands[0][0]), 0)
    assert KIT.play_order(state) == [0, 1, 2]
