"""D-8 palaces."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.doge import ENGINE
from tests.doge.helpers import act, elect, new_game, question, types

ANNA, BERND, CLAUDIA, DANIEL = 0, 1, 2, 3


def test_rulebook_san_marco_tied_winners_build_at_the_same_cost() -> None:
    """D-8.5: 2 palaces in San Marco; Anna 4 houses, Bernd 3; both tie for first and place
    2 each; both build for 5 houses on the spaces marked 5 and 6; Anna keeps 1 house."""
    st = new_game(4)
    st.palaces["san_marco"] = [CLAUDIA, DANIEL]
    st.houses["san_marco"][ANNA] = 4
    st.houses["san_marco"][BERND] = 3
    elect(st, "san_marco", {ANNA: [2], BERND: [2]})
    act(st, BERND, "place", count=2)
    act(st, ANNA, "place", count=2)
    assert question(st) == "build" and ENGINE.pending(st) == [ANNA, BERND]
    assert [a["count"] for a in ENGINE.legal_actions(st, ANNA)] == [1, 0]
    act(st, ANNA, "build", district="san_marco", count=1)
    events = act(st, BERND, "build", district="san_marco", count=1)
    built = [e for e in events if e["type"] == "palace_built"]
    assert [(e["seat"], e["cost"], e["space"]) for e in built] == [(ANNA, 5, 3), (BERND, 5, 4)]
    assert st.palaces["san_marco"] == [CLAUDIA, DANIEL, ANNA, BERND]
    assert st.houses["san_marco"][ANNA] == 1 and st.houses["san_marco"][BERND] == 0


def test_d_8_1_build_only_where_a_house_just_arrived() -> None:
    st = new_game(4)
    st.houses["castello"][ANNA] = 5  # enough, but nothing arrives there
    elect(st, "dorsoduro", {ANNA: [3]})
    act(st, ANNA, "take", advisor="dorsoduro", stand="castello")
    events = act(st, ANNA, "place", count=0)
    assert "palace_built" not in types(events) and question(st) != "build"
    with pytest.raises(IllegalAction):
        act(st, ANNA, "build", district="castello", count=1)


def test_d_8_2_cost_is_the_next_space_and_extra_houses_stay() -> None:
    st = new_game(4)
    st.palaces["castello"] = [BERND]
    st.houses["castello"][ANNA] = 4
    elect(st, "castello", {ANNA: [3]})
    act(st, ANNA, "take", advisor="castello", stand="quarantia")
    act(st, ANNA, "place", count=2)
    events = act(st, ANNA, "build", district="castello", count=1)
    built = next(e for e in events if e["type"] == "palace_built")
    assert built["cost"] == 4 and st.houses["castello"][ANNA] == 2
    assert st.players[ANNA].houses == 13 + 4 and st.players[ANNA].palaces == 7


def test_d_8_3_building_is_optional_and_needs_a_space_and_a_palace() -> None:
    st = new_game(4)
    st.houses["cannaregio"][ANNA] = 2
    elect(st, "cannaregio", {ANNA: [3]})
    act(st, ANNA, "abstain", move=None)
    act(st, ANNA, "place", count=1)
    act(st, ANNA, "build", district="cannaregio", count=0)  # declined
    assert st.palaces["cannaregio"] == [] and st.houses["cannaregio"][ANNA] == 3
    full = new_game(4)
    full.palaces["cannaregio"] = [BERND] * 5
    full.houses["cannaregio"][ANNA] = 9
    elect(full, "cannaregio", {ANNA: [3]})
    act(full, ANNA, "abstain", move=None)
    act(full, ANNA, "place", count=2)
    assert question(full) != "build"  # D-11.1: no free space, not asked
    none_left = new_game(4)
    none_left.players[ANNA].palaces = 0
    none_left.houses["cannaregio"][ANNA] = 9
    elect(none_left, "cannaregio", {ANNA: [3]})
    act(none_left, ANNA, "abstain", move=None)
    act(none_left, ANNA, "place", count=2)
    assert question(none_left) != "build"


def test_d_8_4_one_palace_per_house_received_one_district_at_a_time() -> None:
    st = new_game(4)
    st.houses["castello"][ANNA] = 6
    st.houses["dorsoduro"][ANNA] = 2
    elect(st, "castello", {ANNA: [3]})
    act(st, ANNA, "abstain", move=["castello", "dorsoduro"])  # Dorsoduro receives 1
    act(st, ANNA, "place", count=2)  # Castello receives 2 and holds 7
    assert question(st) == "build"
    first = ENGINE.legal_actions(st, ANNA)
    assert first[0]["district"] == "castello" and [a["count"] for a in first] == [2, 1, 0]
    act(st, ANNA, "build", district="castello", count=2)  # 3 then 4 houses
    second = ENGINE.legal_actions(st, ANNA)
    assert second[0]["district"] == "dorsoduro" and [a["count"] for a in second] == [1, 0]
    events = act(st, ANNA, "build", district="dorsoduro", count=1)
    costs = [(e["district"], e["cost"]) for e in events if e["type"] == "palace_built"]
    assert costs == [("castello", 3), ("castello", 4), ("dorsoduro", 3)]
    assert st.houses["castello"][ANNA] == 0


def test_d_8_4_a_house_moved_twice_counts_for_both_districts() -> None:
    st = new_game(4)
    st.houses["castello"][ANNA] = 1
    st.houses["dorsoduro"][ANNA] = 3
    st.houses["san_polo"][ANNA] = 2
    st.houses["castello"][BERND] = 1
    elect(st, "quarantia", {ANNA: [2], BERND: [2]})
    act(st, BERND, "pass")
    act(st, ANNA, "move", **{"from": "castello", "to": "dorsoduro"})
    act(st, ANNA, "move", **{"from": "dorsoduro", "to": "san_polo"})
    districts = [a["district"] for a in ENGINE.legal_actions(st, ANNA)]
    assert set(districts) == {"dorsoduro"}  # asked about Dorsoduro first
    act(st, ANNA, "build", district="dorsoduro", count=1)
    assert {a["district"] for a in ENGINE.legal_actions(st, ANNA)} == {"san_polo"}


def test_d_8_5_spaces_go_to_more_houses_first_and_run_out_in_that_order() -> None:
    st = new_game(4)
    st.palaces["santa_croce"] = [DANIEL, DANIEL, DANIEL, DANIEL]  # one space left, cost 7
    st.houses["santa_croce"][ANNA] = 5
    st.houses["santa_croce"][BERND] = 6
    elect(st, "santa_croce", {ANNA: [2], BERND: [2]})
    act(st, ANNA, "place", count=2)
    act(st, BERND, "place", count=2)
    act(st, ANNA, "build", district="santa_croce", count=1)
    events = act(st, BERND, "build", district="santa_croce", count=1)
    built = [e for e in events if e["type"] == "palace_built"]
    assert [e["seat"] for e in built] == [BERND]  # 8 houses before Anna's 7
    assert st.houses["santa_croce"][ANNA] == 7


def test_d_8_5_equal_houses_go_in_seat_order_and_wants_run_in_rounds() -> None:
    st = new_game(4)
    st.houses["san_polo"][BERND] = 10
    st.houses["san_polo"][CLAUDIA] = 10
    elect(st, "san_polo", {BERND: [2], CLAUDIA: [2]})
    act(st, CLAUDIA, "place", count=2)
    act(st, BERND, "place", count=2)
    act(st, CLAUDIA, "build", district="san_polo", count=2)
    events = act(st, BERND, "build", district="san_polo", count=2)
    built = [(e["seat"], e["cost"]) for e in events if e["type"] == "palace_built"]
    # Round 1 at cost 3: Bernd (seat order), Claudia. Round 2 at cost 5: both again.
    assert built == [(BERND, 3), (CLAUDIA, 3), (BERND, 5), (CLAUDIA, 5)]
