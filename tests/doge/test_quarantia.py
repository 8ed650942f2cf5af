"""D-7 Quarantia elections."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.doge import ENGINE
from bot.games.doge.constants import DISTRICTS
from tests.doge.helpers import act, elect, new_game, question, types

ANNA, BERND, CLAUDIA, DANIEL = 0, 1, 2, 3


def test_rulebook_bernd_wins_anna_runner_up_quarantia_order() -> None:
    """D-7.1: winner, then runner-up, then the winner again (the Bernd/Anna example)."""
    st = new_game(4)
    st.houses["castello"][ANNA] = 1
    st.houses["dorsoduro"][BERND] = 1
    elect(st, "quarantia", {BERND: [3, 2], ANNA: [2]})
    assert ENGINE.pending(st) == [BERND] and question(st) == "qadvisor"
    act(st, BERND, "take", advisor="q1", stand="san_marco")  # San Marco votes next
    assert ENGINE.pending(st) == [ANNA] and question(st) == "qadvisor"
    act(st, ANNA, "abstain", move=["castello", "san_polo"])  # sees no advantage
    assert ENGINE.pending(st) == [BERND] and question(st) == "qadvisor"
    events = act(st, BERND, "abstain", move=["dorsoduro", "cannaregio"])
    assert st.advisors["q1"] == [BERND, "san_marco"]
    assert st.advisors["q2"] == [None, None] and st.advisors["q3"] == [None, None]
    assert st.houses["san_polo"][ANNA] == 1 and st.houses["cannaregio"][BERND] == 1
    assert "election_done" in types(events)


def test_d_7_1_all_three_become_neutral_first_and_any_neutral_one_may_be_named() -> None:
    st = new_game(4)
    st.advisors["q1"] = [CLAUDIA, "castello"]
    st.advisors["q3"] = [ANNA, "dorsoduro"]
    events = elect(st, "quarantia", {ANNA: [3]})
    neutral = [e for e in events if e["type"] == "advisor_neutral"]
    assert {e["advisor"] for e in neutral} == {"q1", "q3"}
    assert all(st.advisors[q] == [None, None] for q in ("q1", "q2", "q3"))
    takes = {(a["advisor"], a["stand"]) for a in ENGINE.legal_actions(st, ANNA)
             if a["type"] == "take"}
    assert takes == {(q, d) for q in ("q1", "q2", "q3") for d in DISTRICTS}
    act(st, ANNA, "take", advisor="q3", stand="castello")
    with pytest.raises(IllegalAction, match="D-7.1"):
        act(st, ANNA, "take", advisor="q3", stand="dorsoduro")  # Q3 is no longer neutral
    assert ENGINE.default_action(st, ANNA)["advisor"] == "q1"  # the lowest by default


def test_d_7_2_quarantia_abstain_move_any_district_to_any_other() -> None:
    st = new_game(4)
    st.houses["san_polo"][ANNA] = 2
    elect(st, "quarantia", {ANNA: [3]})
    moves = {tuple(a["move"]) for a in ENGINE.legal_actions(st, ANNA)
             if a["type"] == "abstain" and a["move"]}
    assert moves == {("san_polo", d) for d in DISTRICTS if d != "san_polo"}


def test_d_7_3_tied_runners_up_each_move_once_between_the_winners_choices() -> None:
    st = new_game(4)
    st.houses["castello"][BERND] = 1
    st.houses["castello"][CLAUDIA] = 1
    elect(st, "quarantia", {ANNA: [3, 3], BERND: [2], CLAUDIA: [2]})
    act(st, ANNA, "take", advisor="q1", stand="castello")
    assert question(st) == "qmove" and ENGINE.pending(st) == [BERND, CLAUDIA]
    assert not any(a["type"] == "take" for a in ENGINE.legal_actions(st, BERND))
    act(st, CLAUDIA, "move", **{"from": "castello", "to": "dorsoduro"})
    assert ENGINE.pending(st) == [BERND]  # one move each
    act(st, BERND, "pass")
    assert question(st) == "qadvisor" and ENGINE.pending(st) == [ANNA]
    act(st, ANNA, "take", advisor="q2", stand="dorsoduro")
    assert st.advisors["q3"] == [None, None]  # the runner-up's advisor stays neutral


def test_d_7_4_no_runner_up_the_winner_makes_two_choices() -> None:
    st = new_game(4)
    elect(st, "quarantia", {ANNA: [1]})
    act(st, ANNA, "take", advisor="q1", stand="castello")
    assert ENGINE.pending(st) == [ANNA]
    act(st, ANNA, "take", advisor="q2", stand="dorsoduro")
    assert st.election is None or st.election.area != "quarantia"
    assert st.advisors["q3"] == [None, None]


def test_d_7_5_tied_winners_move_up_to_two_houses_one_after_the_other() -> None:
    st = new_game(4)
    st.advisors["q2"] = [DANIEL, "san_marco"]
    st.houses["castello"][ANNA] = 1
    st.houses["castello"][BERND] = 2
    elect(st, "quarantia", {ANNA: [2], BERND: [2]})
    assert st.advisors["q2"] == [None, None]
    assert question(st) == "qmove" and ENGINE.pending(st) == [ANNA, BERND]
    act(st, ANNA, "move", **{"from": "castello", "to": "dorsoduro"})
    act(st, ANNA, "move", **{"from": "dorsoduro", "to": "san_polo"})  # moved again
    assert ENGINE.pending(st) == [BERND]
    act(st, BERND, "move", **{"from": "castello", "to": "san_marco"})
    act(st, BERND, "pass")
    assert st.houses["san_polo"][ANNA] == 1 and st.houses["san_marco"][BERND] == 1


def test_d_7_6_no_houses_from_supply_in_the_quarantia() -> None:
    st = new_game(4)
    elect(st, "quarantia", {ANNA: [3], BERND: [1]})
    seen = set()
    while st.election and st.election.area == "quarantia":
        seat = ENGINE.pending(st)[0]
        actions = ENGINE.legal_actions(st, seat)
        seen |= {a["type"] for a in actions}
        act(st, seat, "abstain", move=None)
    assert "place" not in seen
    assert st.players[ANNA].houses == 15 and st.players[BERND].houses == 15


def test_d_11_1_no_move_asked_of_a_player_with_no_house_on_the_board() -> None:
    st = new_game(4)
    st.houses["castello"][BERND] = 1
    events = elect(st, "quarantia", {ANNA: [2], BERND: [2]})
    lost = [e for e in events if e["type"] == "chance_lost"]
    assert [e["seat"] for e in lost] == [ANNA]
    assert ENGINE.pending(st) == [BERND]
