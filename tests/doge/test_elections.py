"""D-4 counting, D-5 advisors, D-6 district elections."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.doge import ENGINE
from bot.games.doge.constants import AREAS
from bot.games.doge.engine import _advance
from bot.games.doge.state import Stack
from tests.doge.helpers import act, elect, new_game, question, types

ANNA, BERND, CLAUDIA, DANIEL = 0, 1, 2, 3


def test_rulebook_claudia_wins_daniel_with_only_a_zero_is_no_runner_up() -> None:
    """D-4.3, D-4.5: a lone 0 marker is no vote, so Daniel is not the runner-up."""
    st = new_game(4)
    events = elect(st, "cannaregio", {CLAUDIA: [3, 1], DANIEL: [0]})
    election = events[0]
    assert election["winners"] == [CLAUDIA] and election["runners_up"] == []
    assert election["votes"] == {str(CLAUDIA): 4}


def test_d_4_1_next_years_card_turns_after_each_election() -> None:
    st = new_game(4)
    elect(st, "castello")  # nobody votes: the elections run on by themselves
    assert st.year == 2 and st.phase == "placement"  # all seven held, a new year
    st = new_game(4, seed=5)
    first_next = st.order_next[0]
    events = elect(st, "castello", {ANNA: [3]})
    st.stacks["cannaregio"] = [Stack(BERND, [2])]  # so the next election waits for Bernd
    assert ENGINE.public_view(st, None).order_next_face_up == ()
    act(st, ANNA, "abstain", move=None)
    done = [e for e in act(st, ANNA, "place", count=0) if e["type"] == "election_done"]
    assert done[0]["next_year_card"] == first_next
    assert ENGINE.public_view(st, None).order_next_face_up == (first_next,)
    assert events[0]["area"] == "castello"


def test_d_4_1_the_used_deck_becomes_the_order_of_the_year_after_next() -> None:
    orders = []
    for _ in range(2):
        st = new_game(4, seed=9)
        year1, year2 = list(st.order_current), list(st.order_next)
        st.phase = "elections"
        _advance(st, [])  # a year in which nobody placed a marker
        assert st.year == 2 and st.order_current == year2
        assert sorted(st.order_next) == sorted(year1)
        orders.append(st.order_next)
    assert orders[0] == orders[1]  # the shuffle follows the game's seed


def test_d_4_2_votes_are_markers_plus_controlled_advisors_there() -> None:
    st = new_game(4)
    st.advisors["castello"] = [BERND, "san_marco"]
    st.advisors["q1"] = [BERND, "san_marco"]
    events = elect(st, "san_marco", {ANNA: [3], BERND: [1]})
    assert events[0]["votes"] == {"0": 3, "1": 3}
    assert events[0]["winners"] == [ANNA, BERND]


def test_d_4_3_an_advisor_alone_takes_part() -> None:
    st = new_game(4)
    st.advisors["q2"] = [CLAUDIA, "dorsoduro"]
    events = elect(st, "dorsoduro", {ANNA: [0]})
    assert events[0]["winners"] == [CLAUDIA] and events[0]["runners_up"] == []


def test_d_4_4_tied_winners_have_no_runner_up() -> None:
    st = new_game(4)
    events = elect(st, "san_polo", {ANNA: [3], BERND: [2, 1], CLAUDIA: [1]})
    assert events[0]["winners"] == [ANNA, BERND] and events[0]["runners_up"] == []


def test_d_4_5_tied_runners_up() -> None:
    st = new_game(4)
    events = elect(st, "san_polo", {ANNA: [3, 3], BERND: [2], CLAUDIA: [1, 1], DANIEL: [1]})
    assert events[0]["winners"] == [ANNA] and events[0]["runners_up"] == [BERND, CLAUDIA]


def test_d_4_6_nobody_takes_part_nothing_happens() -> None:
    st = new_game(4)
    st.advisors["santa_croce"] = [DANIEL, "castello"]
    st.houses["santa_croce"][ANNA] = 2
    events = elect(st, "santa_croce", {ANNA: [0], BERND: [0]})
    assert "no_contest" in types(events)
    assert st.advisors["santa_croce"] == [DANIEL, "castello"]
    assert st.houses["santa_croce"][ANNA] == 2


def test_d_4_7_and_d_11_3_stacks_stay_until_the_last_decision_then_leave() -> None:
    st = new_game(4)
    elect(st, "castello", {ANNA: [3, 2], BERND: [1]})
    view = ENGINE.public_view(st, None)
    assert view.stacks["castello"][0].values == (3, 2)  # D-11.3: public while it votes
    act(st, ANNA, "take", advisor="castello", stand="san_marco")
    act(st, ANNA, "place", count=2)
    assert "castello" in st.stacks
    act(st, BERND, "place", count=1)
    assert "castello" not in st.stacks
    assert ENGINE.public_view(st, None).revealed["castello"][0].values == (3, 2)


def test_d_5_1_taking_returns_anothers_ring_and_the_owner_may_stand_it_anew() -> None:
    st = new_game(4)
    st.advisors["castello"] = [BERND, "quarantia"]
    elect(st, "castello", {ANNA: [3]})
    events = act(st, ANNA, "take", advisor="castello", stand="san_marco")
    taken = next(e for e in events if e["type"] == "advisor_taken")
    assert taken["ring_returned_to"] == BERND
    assert st.advisors["castello"] == [ANNA, "san_marco"]
    assert st.rings_in_supply(BERND) == 6 and st.rings_in_supply(ANNA) == 5
    st2 = new_game(4)
    st2.advisors["castello"] = [ANNA, "quarantia"]
    elect(st2, "castello", {ANNA: [3]})
    act(st2, ANNA, "take", advisor="castello", stand="quarantia")  # may stay
    assert st2.advisors["castello"] == [ANNA, "quarantia"] and st2.rings_in_supply(ANNA) == 5


def _give_six_rings(st, seat: int) -> None:
    for advisor in ("cannaregio", "dorsoduro", "san_marco", "san_polo", "santa_croce", "q1"):
        st.advisors[advisor] = [seat, "quarantia" if advisor != "q1" else "castello"]


def test_d_5_2_without_a_ring_the_winner_must_abstain() -> None:
    st = new_game(4)
    _give_six_rings(st, ANNA)
    st.houses["castello"][ANNA] = 1
    elect(st, "castello", {ANNA: [3]})
    assert {a["type"] for a in ENGINE.legal_actions(st, ANNA)} == {"abstain"}
    with pytest.raises(IllegalAction, match="D-5.2"):
        act(st, ANNA, "take", advisor="castello", stand="san_marco")


def test_d_5_2_ruling_an_advisor_already_controlled_needs_no_new_ring() -> None:
    st = new_game(4)
    _give_six_rings(st, ANNA)
    elect(st, "san_marco", {ANNA: [3]})
    act(st, ANNA, "take", advisor="san_marco", stand="castello")
    assert st.advisors["san_marco"] == [ANNA, "castello"]


def test_d_5_3_an_advisor_never_stands_at_home() -> None:
    st = new_game(4)
    elect(st, "dorsoduro", {ANNA: [2]})
    stands = {a["stand"] for a in ENGINE.legal_actions(st, ANNA) if a["type"] == "take"}
    assert stands == set(AREAS) - {"dorsoduro"}
    with pytest.raises(IllegalAction, match="D-5.3"):
        act(st, ANNA, "take", advisor="dorsoduro", stand="dorsoduro")


def test_d_5_4_abstaining_neutralises_and_the_move_is_optional() -> None:
    st = new_game(4)
    st.advisors["castello"] = [BERND, "san_polo"]
    elect(st, "castello", {ANNA: [3]})
    events = act(st, ANNA, "abstain", move=None)
    assert st.advisors["castello"] == [None, None]
    neutral = next(e for e in events if e["type"] == "advisor_neutral")
    assert neutral["ring_returned_to"] == BERND


def test_d_6_1_single_winner_advisor_then_two_houses() -> None:
    st = new_game(4)
    elect(st, "san_marco", {ANNA: [3]})
    assert question(st) == "advisor" and ENGINE.pending(st) == [ANNA]
    act(st, ANNA, "take", advisor="san_marco", stand="castello")
    assert question(st) == "place"
    assert [a["count"] for a in ENGINE.legal_actions(st, ANNA)] == [2, 1, 0]
    with pytest.raises(IllegalAction, match="D-6.5"):
        act(st, ANNA, "place", count=3)
    act(st, ANNA, "place", count=2)
    assert st.houses["san_marco"][ANNA] == 2 and st.players[ANNA].houses == 13


def test_d_6_2_abstain_move_into_or_out_of_the_district() -> None:
    st = new_game(4)
    st.houses["castello"][ANNA] = 1
    st.houses["dorsoduro"][ANNA] = 1
    elect(st, "castello", {ANNA: [3]})
    moves = {tuple(a["move"]) for a in ENGINE.legal_actions(st, ANNA)
             if a["type"] == "abstain" and a["move"]}
    out_of = {("castello", d) for d in ("cannaregio", "dorsoduro", "san_marco", "san_polo",
                                        "santa_croce")}
    assert moves == out_of | {("dorsoduro", "castello")}
    with pytest.raises(IllegalAction, match="D-6.2"):
        act(st, ANNA, "abstain", move=["dorsoduro", "san_marco"])
    act(st, ANNA, "abstain", move=["dorsoduro", "castello"])
    assert st.houses["castello"][ANNA] == 2 and st.houses["dorsoduro"][ANNA] == 0


def test_d_6_3_runner_up_and_tied_runners_up_place_one() -> None:
    st = new_game(4)
    elect(st, "cannaregio", {ANNA: [3, 3], BERND: [2], CLAUDIA: [2]})
    act(st, ANNA, "take", advisor="cannaregio", stand="quarantia")
    act(st, ANNA, "place", count=0)
    assert question(st) == "place" and ENGINE.pending(st) == [BERND, CLAUDIA]
    assert [a["count"] for a in ENGINE.legal_actions(st, BERND)] == [1, 0]
    act(st, CLAUDIA, "place", count=1)  # D-11.2: any order
    act(st, BERND, "place", count=0)
    assert st.houses["cannaregio"] == [0, 0, 1, 0]


def test_d_6_4_tied_winners_neutral_advisor_two_houses_each() -> None:
    st = new_game(4)
    st.advisors["san_polo"] = [DANIEL, "castello"]
    events = elect(st, "san_polo", {ANNA: [2], BERND: [2], CLAUDIA: [1]})
    assert st.advisors["san_polo"] == [None, None] and "advisor_neutral" in types(events)
    assert question(st) == "place" and ENGINE.pending(st) == [ANNA, BERND]
    act(st, BERND, "place", count=2)
    act(st, ANNA, "place", count=1)
    assert st.houses["san_polo"][:3] == [1, 2, 0]  # Claudia is not a runner-up


def test_d_6_5_supply_caps_placement_and_an_empty_supply_loses_the_chance() -> None:
    st = new_game(4)
    st.players[ANNA].houses = 1
    st.players[BERND].houses = 0
    elect(st, "santa_croce", {ANNA: [3], BERND: [1]})
    act(st, ANNA, "abstain", move=None)
    assert [a["count"] for a in ENGINE.legal_actions(st, ANNA)] == [1, 0]
    events = act(st, ANNA, "place", count=1)
    lost = [e for e in events if e["type"] == "chance_lost"]
    assert lost and lost[0]["seat"] == BERND  # D-11.1: not asked


def test_d_11_1_a_heads_up_names_only_those_a_later_step_will_ask() -> None:
    """The public view's `later`: a runner-up with houses in supply will be asked to place
    (D-6.3); one with an empty supply loses the chance unasked (D-6.5), so is not named."""
    for supply, named in ((3, [BERND, CLAUDIA]), (0, [CLAUDIA])):
        st = new_game(4)
        st.players[BERND].houses = supply
        elect(st, "cannaregio", {ANNA: [3, 3], BERND: [2], CLAUDIA: [2]})
        assert ENGINE.pending(st) == [ANNA] and st.election.runners_up == [BERND, CLAUDIA]
        # Anna places after her advisor step; the runners-up after her.
        assert list(ENGINE.public_view(st, None).election.later) == [ANNA, *named]
        act(st, ANNA, "abstain", move=None)
        act(st, ANNA, "place", count=0)
        assert ENGINE.pending(st) == named  # as announced
