"""Moves: C-1.2 neighbours, C-3.1 moving a whole group, C-3.2 the 7-hut limit, C-3.3 its
exception, C-3.4 no move left."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.clans import ENGINE
from bot.games.clans.rules import LABELS, MAP, ClansState
from tests.clans.helpers import blank, chain, huts_at, move, neighbours, pair, place


def position(first: str, second: str) -> tuple[ClansState, str, str]:
    """a and b neighbours holding `first` and `second`, plus a red hut on c next to b
    (not a), so that moving a onto b founds no village."""
    a, b, c = chain()
    state = blank()
    place(state, a, first)
    place(state, b, second)
    place(state, c, "r")
    return state, a, b


def test_a_move_takes_every_hut_of_the_territory_c_3_1() -> None:
    state, a, b = position("rrb", "gk")
    after = move(state, a, b).state
    assert huts_at(after, a) == {}
    assert huts_at(after, b) == {"red": 2, "blue": 1, "green": 1, "black": 1}
    assert huts_at(state, a) == {"red": 2, "blue": 1}  # the input is untouched


def test_cannot_move_into_an_empty_territory_c_3_1() -> None:
    state, a, b = position("r", "b")
    empty = next(n for n in neighbours(a) if not huts_at(state, n))
    with pytest.raises(IllegalAction, match=r"empty territory .*\(C-3\.1\)"):
        move(state, a, empty)


def test_cannot_move_from_an_empty_territory_c_3_1() -> None:
    state, a, b = position("r", "b")
    empty = next(n for n in neighbours(b) if not huts_at(state, n))
    with pytest.raises(IllegalAction, match=r"holds no huts \(C-3\.1\)"):
        move(state, empty, b)


def test_only_neighbours_c_1_2() -> None:
    state, a, b = position("r", "b")
    far = next(t for t in LABELS if t != a and t not in neighbours(a))
    place(state, far, "g")
    with pytest.raises(IllegalAction, match=r"not neighbours \(C-1\.2\)"):
        move(state, a, far)
    with pytest.raises(IllegalAction, match=rf"from {a} to a neighbouring territory \(C-3\.1\)"):
        move(state, a, a)


def test_a_lake_separates_a_river_does_not_c_1_2() -> None:
    lake = next(b for b in MAP.borders if b.kind == "lake")
    river = next(b for b in MAP.borders if b.kind == "river")
    state = blank()
    for border in (lake, river):
        for t in (border.a, border.b):
            if not state.totals[t]:
                place(state, LABELS[t], "rr")
    with pytest.raises(IllegalAction, match=r"separated by a lake \(C-1\.2\)"):
        move(state, LABELS[lake.a], LABELS[lake.b])
    move(state, LABELS[river.a], LABELS[river.b])


def test_seven_huts_cannot_leave_c_3_2() -> None:
    state, a, b = position("rrrrbbb", "g")
    with pytest.raises(IllegalAction, match=r"7 or more huts cannot be left .*\(C-3\.2\)"):
        move(state, a, b)
    assert {"seat": 0, "type": "move", "from": a, "to": b} not in ENGINE.legal_actions(state, 0)


def test_six_huts_may_leave_and_any_group_may_enter_seven_c_3_2() -> None:
    state, a, b = position("rrrrbb", "g")
    move(state, a, b)
    state, a, b = position("rrrrbbb", "g")
    assert huts_at(move(state, b, a).state, a)["green"] == 1


def test_smaller_seven_plus_group_may_move_onto_larger_c_3_3() -> None:
    state, a, b = position("rrrrrrrr", "bbbbbbb")
    move(state, b, a)
    with pytest.raises(IllegalAction, match=r"only the smaller group may move .*\(C-3\.3\)"):
        move(state, a, b)


def test_equal_seven_plus_groups_move_either_way_c_3_3() -> None:
    state, a, b = position("rrrrrrr", "bbbbbbb")
    move(state, a, b)
    move(state, b, a)
    legal = ENGINE.legal_actions(state, 0)
    assert {"seat": 0, "type": "move", "from": a, "to": b} in legal
    assert {"seat": 0, "type": "move", "from": b, "to": a} in legal


def test_no_move_left_ends_the_game_at_once_c_3_4() -> None:
    a, b = pair()
    state = blank()
    place(state, a, "rb")
    place(state, b, "g")
    outcome = move(state, b, a)
    assert ENGINE.is_over(outcome.state) and ENGINE.pending(outcome.state) == []
    assert outcome.state.end_reason == "no_moves"
    assert outcome.events[-1]["type"] == "game_end" and len(outcome.state.villages) == 1


def test_not_your_turn_c_2_4() -> None:
    state, a, b = position("r", "b")
    with pytest.raises(IllegalAction, match=r"C-2\.4"):
        ENGINE.apply(state, {"seat": 1, "type": "move", "from": a, "to": b})
    assert ENGINE.legal_actions(state, 1) == []


@pytest.mark.parametrize("action", [
    {"seat": 0, "type": "move", "from": "Z9", "to": "A1"},
    {"seat": 0, "type": "move", "from": 3, "to": "A1"},
    {"seat": 0, "type": "move"},
    {"seat": 0, "type": "jump"},
    {"type": "move", "from": "A1", "to": "A2"},
    {"seat": "0", "type": "move", "from": "A1", "to": "A2"},
])
def test_malformed_actions_are_refused_with_a_rule_c_3_1(action: dict) -> None:
    state, a, b = position("r", "b")
    before = ENGINE.state_to_json(state)
    with pytest.raises(IllegalAction, match=r"\(C-\d\.\d\)"):
        ENGINE.apply_in_place(state, action)
    assert ENGINE.state_to_json(state) == before
