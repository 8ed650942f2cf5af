"""D-1 setup, D-2 the year, D-3 placement."""

from __future__ import annotations

import random

import pytest

from bot.games.base import IllegalAction, PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.constants import (
    ADVISORS,
    AREAS,
    DISTRICTS,
    MARKER_VALUES,
    PALACE_COSTS,
)
from bot.games.doge.engine import apply_in_place
from tests.doge.helpers import NAMES, act, new_game, types


def test_d_1_1_three_or_four_players_with_distinct_colours() -> None:
    assert [p.colour for p in new_game(3).players] == ["red", "blue", "green"]
    assert [p.colour for p in new_game(4).players] == ["red", "blue", "green", "yellow"]
    for n in (2, 5):
        with pytest.raises(IllegalAction, match="D-1.1"):
            new_game(n) if n <= 4 else ENGINE.new_game(
                [PlayerSpec(f"P{i}") for i in range(n)], {}, random.Random(1))
    chosen = [PlayerSpec("A", "yellow"), PlayerSpec("B", "red"), PlayerSpec("C", "green")]
    st = ENGINE.new_game(chosen, {}, random.Random(1))
    assert [p.colour for p in st.players] == ["yellow", "red", "green"]
    twice = [PlayerSpec("A", "red"), PlayerSpec("B", "red"), PlayerSpec("C", "green")]
    with pytest.raises(IllegalAction, match="D-1.1"):
        ENGINE.new_game(twice, {}, random.Random(1))


def test_d_1_2_each_player_starts_with_full_supply() -> None:
    st = new_game(4)
    for seat, p in enumerate(st.players):
        assert (p.houses, p.palaces, st.rings_in_supply(seat)) == (15, 8, 6)
        assert sorted(p.markers) == [0, 1, 1, 2, 2, 3, 3] == sorted(MARKER_VALUES)
        assert p.cards_used == []


def test_d_1_3_seven_areas_and_palace_costs_three_to_seven() -> None:
    assert len(AREAS) == 7 and len(DISTRICTS) == 6 and AREAS[-1] == "quarantia"
    assert PALACE_COSTS == (3, 4, 5, 6, 7)
    st = new_game()
    assert all(st.palaces[d] == [] for d in DISTRICTS)


def test_d_1_4_nine_neutral_advisors() -> None:
    st = new_game()
    assert len(ADVISORS) == 9 and sorted(st.advisors) == sorted(ADVISORS)
    assert all(v == [None, None] for v in st.advisors.values())


def test_d_1_5_two_seeded_decks_one_card_per_area() -> None:
    a, b = new_game(seed=7), new_game(seed=7)
    assert a.order_current == b.order_current and a.order_next == b.order_next
    assert sorted(a.order_current) == sorted(AREAS) == sorted(a.order_next)
    orders = {tuple(new_game(seed=s).order_current) for s in range(20)}
    assert len(orders) > 10  # really shuffled, by the seed
    view = ENGINE.public_view(a, None)
    assert view.order_current == tuple(a.order_current)
    assert view.order_next_face_up == ()  # deck B lies face down


def _play_placement(st, choose) -> list:
    events = []
    while st.phase == "placement":
        for seat in ENGINE.pending(st):
            events += apply_in_place(st, choose(st, seat))
    return events


def _first_legal(st, seat):
    return ENGINE.legal_actions(st, seat)[0]


def test_d_2_1_placement_then_elections() -> None:
    st = new_game(4)
    events = _play_placement(st, _first_legal)
    assert "elections_begin" in types(events)
    assert st.phase == "elections"


def test_d_3_1_rounds_per_player_count() -> None:
    for players, rounds in ((3, 4), (4, 3)):
        st = new_game(players)
        seen = set()
        while st.phase == "placement":
            seen.add(st.round)
            for seat in ENGINE.pending(st):
                # one marker at a time, so nobody runs out early
                act(st, seat, "ballot", area=[a for a in AREAS if a not in
                                              st.players[seat].cards_used][0], markers=[1]
                    if 1 in st.players[seat].markers else [st.players[seat].markers[0]])
        assert seen == set(range(1, rounds + 1))


def test_d_3_2_one_to_four_markers_on_an_unused_card() -> None:
    st = new_game(4)
    with pytest.raises(IllegalAction, match="D-3.2"):
        act(st, 0, "ballot", area="castello", markers=[])
    with pytest.raises(IllegalAction, match="D-3.2"):
        act(st, 0, "ballot", area="castello", markers=[3, 3, 2, 2, 1])
    with pytest.raises(IllegalAction, match="D-3.2"):
        act(st, 0, "ballot", area="castello", markers=[3, 3, 3])  # only two 3s
    with pytest.raises(IllegalAction, match="D-1.3"):
        act(st, 0, "ballot", area="rialto", markers=[1])
    act(st, 0, "ballot", area="castello", markers=[0])  # a lone 0 is a legal bluff
    for seat in (1, 2, 3):
        act(st, seat, "ballot", area="castello", markers=[3])
    assert st.players[0].cards_used == ["castello"]
    with pytest.raises(IllegalAction, match="D-3.3"):
        act(st, 0, "ballot", area="castello", markers=[1])
    with pytest.raises(IllegalAction, match="D-3.2"):
        act(st, 0, "ballot", area="dorsoduro", markers=[0])  # the 0 is on the board


def test_d_3_3_choice_changes_until_the_round_is_revealed() -> None:
    st = new_game(3)
    assert act(st, 0, "ballot", area="castello", markers=[3])[0]["type"] == "ballot_set"
    events = act(st, 0, "ballot", area="san_marco", markers=[2, 1])
    assert types(events) == ["ballot_changed"]
    assert ENGINE.pending(st) == [1, 2]
    assert len(ENGINE.legal_actions(st, 0)) > 0  # still changeable
    act(st, 1, "ballot", area="castello", markers=[1])
    events = act(st, 2, "ballot", area="quarantia", markers=[3, 3, 0])
    reveal = next(e for e in events if e["type"] == "round_revealed")
    assert reveal["placements"] == [
        {"seat": 0, "area": "san_marco", "count": 2},
        {"seat": 1, "area": "castello", "count": 1},
        {"seat": 2, "area": "quarantia", "count": 3},
    ]
    assert "markers" not in str(reveal) and "3, 3" not in str(events)  # values stay secret
    assert st.round == 2 and st.players[0].cards_used == ["san_marco"]
    assert sorted(st.players[0].markers) == [0, 1, 2, 3, 3]


def test_d_3_4_a_player_without_markers_sits_out() -> None:
    st = new_game(3)
    act(st, 0, "ballot", area="castello", markers=[3, 3, 2, 2])
    act(st, 1, "ballot", area="castello", markers=[1])
    act(st, 2, "ballot", area="castello", markers=[1])
    act(st, 0, "ballot", area="dorsoduro", markers=[1, 1, 0])
    act(st, 1, "ballot", area="dorsoduro", markers=[1])
    act(st, 2, "ballot", area="dorsoduro", markers=[1])
    assert st.round == 3 and ENGINE.pending(st) == [1, 2]
    assert ENGINE.legal_actions(st, 0) == []
    with pytest.raises(IllegalAction, match="D-3.4"):
        act(st, 0, "ballot", area="san_marco", markers=[1])


def test_d_3_5_markers_left_are_out_of_play_in_the_elections() -> None:
    st = new_game(4)
    _play_placement(st, lambda s, seat: {"seat": seat, "type": "ballot", "area": [
        a for a in AREAS if a not in s.players[seat].cards_used][0], "markers": [0]
        if 0 in s.players[seat].markers else [1]})
    assert st.phase == "elections"
    assert all(len(p.markers) == 4 for p in st.players)
    with pytest.raises(IllegalAction, match="D-3.2"):
        act(st, ENGINE.pending(st)[0] if ENGINE.pending(st) else 0, "ballot",
            area="castello", markers=[3])


def test_d_3_6_a_round_nobody_can_play_is_skipped() -> None:
    st = new_game(3)
    for _ in range(2):
        for seat in range(3):
            have = sorted(st.players[seat].markers, reverse=True)
            area = [a for a in AREAS if a not in st.players[seat].cards_used][0]
            events = act(st, seat, "ballot", area=area, markers=have[:4])
    assert "round_skipped" in types(events)  # rounds 3 and 4: nobody holds a marker
    assert types(events)[-1] == "elections_begin" or st.phase == "elections"


def test_d_3_7_only_the_table_sits_a_player_out_and_markers_stay() -> None:
    st = new_game(3)
    with pytest.raises(IllegalAction, match="D-3.7"):
        act(st, 0, "sit_out")
    assert ENGINE.default_action(st, 0) == {"seat": 0, "type": "sit_out", "forced": True}
    act(st, 1, "ballot", area="castello", markers=[3])
    act(st, 2, "ballot", area="castello", markers=[2])
    events = apply_in_place(st, ENGINE.default_action(st, 0))
    assert "sat_out" in types(events) and "round_revealed" in types(events)
    assert len(st.players[0].markers) == 7 and st.players[0].cards_used == []
    assert st.round == 2 and 0 in ENGINE.pending(st)


def test_d_2_2_and_d_2_3_year_end_returns_markers_and_cards() -> None:
    st = new_game(4, seed=3)
    rng = random.Random(3)
    from bot.games.doge.players import random_action

    while st.year == 1:
        seat = ENGINE.pending(st)[0]
        apply_in_place(st, random_action(st, seat, rng))
    assert st.phase in ("placement", "over")
    if st.phase == "placement":
        assert all(sorted(p.markers) == sorted(MARKER_VALUES) for p in st.players)
        assert all(p.cards_used == [] for p in st.players)
        assert st.stacks == {} and st.round == 1
        assert sum(st.houses_on_board(s) for s in range(4)) > 0  # houses stay


def test_names_are_kept_in_seat_order() -> None:
    assert [p.name for p in new_game(4).players] == NAMES
