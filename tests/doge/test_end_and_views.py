"""D-9 the end, D-10 what is public, D-11 how decisions are asked."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.doge import ENGINE
from bot.games.doge.constants import DISTRICTS
from bot.games.doge.engine import _advance, apply_in_place
from bot.games.doge.result import final_result, qualifies
from bot.games.doge.state import Stack
from bot.games.doge.view import PlayerView, PublicView
from tests.doge.helpers import act, elect, new_game, types

ANNA, BERND, CLAUDIA, DANIEL = 0, 1, 2, 3


def test_d_9_1_the_three_winning_conditions() -> None:
    def spread(*counts: int) -> dict[str, int]:
        return dict(zip(DISTRICTS, list(counts) + [0] * (6 - len(counts)), strict=True))

    assert qualifies(spread(1, 1, 1, 1, 1, 1)) == ["a"]
    assert qualifies(spread(2, 2, 1, 1, 1)) == ["b"]
    assert qualifies(spread(2, 2, 2, 2)) == ["c"]
    assert qualifies(spread(2, 2, 2, 1, 1)) == ["b", "c"]
    assert qualifies(spread(3, 2, 2, 1)) == ["c"]
    assert qualifies(spread(4, 3)) == []
    assert qualifies(spread(2, 2, 1, 1)) == []


def _year_end(st) -> list:
    st.phase = "elections"
    st.stacks = {}
    events: list = []
    _advance(st, events)  # a year nobody votes in
    return events


def test_d_9_2_qualifiers_win_by_palaces_then_houses() -> None:
    st = new_game(4)
    for d in DISTRICTS:
        st.palaces[d] = [ANNA, BERND]
    st.palaces["castello"] += [CLAUDIA, CLAUDIA, CLAUDIA]
    st.palaces["dorsoduro"] += [CLAUDIA] * 3
    st.palaces["san_marco"] += [CLAUDIA] * 3
    st.houses["castello"][BERND] = 2
    events = _year_end(st)
    assert st.phase == "over" and "game_over" in types(events)
    res = st.result
    assert res["winners"] == [BERND] and res["decided_by"] == "houses"
    assert [r["seat"] for r in res["ranking"]] == [BERND, ANNA, CLAUDIA, DANIEL]
    assert res["ranking"][2]["palaces"] == 9 and not res["ranking"][2]["qualified"]


def test_d_9_2_ruling_a_full_tie_shares_the_win() -> None:
    st = new_game(4)
    for d in DISTRICTS:
        st.palaces[d] = [ANNA, BERND]
    _year_end(st)
    assert st.result["winners"] == [ANNA, BERND] and st.result["decided_by"] == "shared"
    assert [r["place"] for r in st.result["ranking"]] == [1, 1, 3, 3]


def test_d_9_3_a_full_board_ends_the_game_and_ranks_everyone() -> None:
    st = new_game(4)
    for d in DISTRICTS:
        st.palaces[d] = [CLAUDIA, CLAUDIA, DANIEL, DANIEL, DANIEL]
    _year_end(st)
    assert st.result["reason"] == "condition"  # Daniel qualifies too: D-9.2 holds
    st = new_game(4)
    for d in DISTRICTS[:3]:
        st.palaces[d] = [CLAUDIA] * 5
    for d in DISTRICTS[3:]:
        st.palaces[d] = [DANIEL] * 5
    assert final_result(st, by_moderator=False) is None or st.palaces_of(CLAUDIA)
    st.players[CLAUDIA].palaces = 0
    _year_end(st)
    # Claudia has 15 palaces in 3 districts and Daniel the same: nobody qualifies.
    assert st.result["reason"] == "board_full" and st.result["winners"] == [CLAUDIA, DANIEL]


def test_d_9_3_year_limit_and_moderator_end() -> None:
    st = new_game(4, year_limit=1)
    st.palaces["castello"] = [BERND]
    _year_end(st)
    assert st.result["reason"] == "year_limit" and st.result["winners"] == [BERND]
    st = new_game(3)
    events = apply_in_place(st, {"seat": None, "type": "end_game"})
    assert st.phase == "over" and st.result["reason"] == "moderator"
    assert "ended by a moderator" in ENGINE.describe(events[-1], [])
    with pytest.raises(IllegalAction, match="D-9.2"):
        act(st, 0, "ballot", area="castello", markers=[1])
    with pytest.raises(IllegalAction, match="D-9.3"):
        new_game(3, year_limit=0)


def test_d_9_the_end_is_checked_only_at_the_end_of_a_year() -> None:
    st = new_game(4)
    for d in DISTRICTS[1:]:
        st.palaces[d] = [ANNA]
    st.houses["cannaregio"][ANNA] = 3
    elect(st, "cannaregio", {ANNA: [3]})
    st.stacks["castello"] = [Stack(BERND, [1])]
    act(st, ANNA, "abstain", move=None)
    act(st, ANNA, "place", count=0)
    # Anna cannot build (nothing arrived), so use a placement to build:
    assert st.phase == "elections"  # and even with 6 districts the year goes on
    st2 = new_game(4)
    for d in DISTRICTS[1:]:
        st2.palaces[d] = [ANNA]
    st2.houses["cannaregio"][ANNA] = 2
    elect(st2, "cannaregio", {ANNA: [3]})
    st2.stacks["castello"] = [Stack(BERND, [1])]
    act(st2, ANNA, "abstain", move=None)
    act(st2, ANNA, "place", count=1)
    act(st2, ANNA, "build", district="cannaregio", count=1)
    assert qualifies(st2.palaces_of(ANNA)) == ["a"] and st2.phase == "elections"


def _secret_free(view: PublicView) -> None:
    for area, stacks in view.stacks.items():
        voting = view.election is not None and view.election.area == area
        for s in stacks:
            assert (s.values is not None) == voting


def test_d_10_1_and_d_10_2_the_public_view_holds_no_secret() -> None:
    st = new_game(4)
    act(st, ANNA, "ballot", area="castello", markers=[3, 2])
    view = ENGINE.public_view(st, None)
    assert isinstance(view, PublicView) and not isinstance(view, PlayerView)
    assert view.players[ANNA].has_chosen and not view.players[BERND].has_chosen
    assert view.players[ANNA].cards_used == ()  # the card is not shown before the reveal
    # Changing every secret leaves the public view unchanged.
    other = new_game(4)
    act(other, ANNA, "ballot", area="quarantia", markers=[0])
    assert ENGINE.public_view(other, None) == view
    own = ENGINE.public_view(st, ANNA)
    assert own.own.ballot == ("castello", (3, 2)) and own.public == view
    assert ENGINE.public_view(st, BERND).own.ballot is None


def test_d_10_2_face_down_stack_values_and_held_markers_stay_hidden() -> None:
    st = new_game(3)
    for seat, values in ((0, [3, 3]), (1, [1]), (2, [0])):
        act(st, seat, "ballot", area="san_polo", markers=values)
    view = ENGINE.public_view(st, None)
    assert [(s.seat, s.count, s.values) for s in view.stacks["san_polo"]] == [
        (0, 2, None), (1, 1, None), (2, 1, None)]
    assert view.players[0].markers_left == 5
    assert ENGINE.public_view(st, 0).own.markers == (0, 1, 1, 2, 2)
    assert ENGINE.public_view(st, 0).own.stacks == {"san_polo": (3, 3)}
    _secret_free(view)


def test_d_11_1_a_decision_without_choice_is_taken_and_reported() -> None:
    st = new_game(4)
    for advisor in ("cannaregio", "dorsoduro", "san_marco", "san_polo", "santa_croce", "q1"):
        st.advisors[advisor] = [ANNA, "quarantia" if advisor != "q1" else "dorsoduro"]
    events = elect(st, "castello", {ANNA: [3]})  # no ring, no house to move
    abstained = next(e for e in events if e["type"] == "abstained")
    assert abstained["automatic"] and "no choice" in ENGINE.describe(abstained, [])
    assert ENGINE.pending(st) == [ANNA] and ENGINE.legal_actions(st, ANNA)[0]["type"] == "place"


def test_d_11_2_simultaneous_deciders_answer_in_any_order() -> None:
    for order in ((ANNA, BERND), (BERND, ANNA)):
        st = new_game(4)
        elect(st, "dorsoduro", {ANNA: [2], BERND: [2]})
        for seat in order:
            assert seat in ENGINE.pending(st)
            act(st, seat, "place", count=1)
        assert st.houses["dorsoduro"][:2] == [1, 1]
    st = new_game(4)
    elect(st, "dorsoduro", {ANNA: [2], BERND: [2]})
    act(st, ANNA, "place", count=1)
    with pytest.raises(IllegalAction, match="D-11.2"):
        act(st, ANNA, "place", count=1)  # given answers cannot be changed


def test_defaults_are_legal_and_sensible() -> None:
    st = new_game(4)
    st.stacks["dorsoduro"] = [Stack(ANNA, [1])]
    elect(st, "castello", {ANNA: [3]})
    st.stacks["dorsoduro"] = [Stack(BERND, [1])]
    default = ENGINE.default_action(st, ANNA)
    assert default["type"] == "take" and default in ENGINE.legal_actions(st, ANNA)
    apply_in_place(st, default)
    assert ENGINE.default_action(st, ANNA) == {"seat": ANNA, "type": "place",
                                               "count": 2}
