"""Two edges of the rules: a moderator's end (D-9.3) and tied players' placements, which
take effect only when the step resolves (D-11.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.constants import DISTRICTS
from bot.games.doge.engine import apply_in_place
from bot.games.doge.result import qualifies
from bot.store import ActionEntry
from bot.tables.undo_rules import undo_refusal
from tests.doge.helpers import NAMES, act, elect, new_game, question, types

ANNA, BERND, CLAUDIA, DANIEL = 0, 1, 2, 3


def _give(st, seat: int, palaces: dict[str, int], houses: dict[str, int]) -> None:
    for district, n in palaces.items():
        st.palaces[district] += [seat] * n
    for district, n in houses.items():
        st.houses[district][seat] += n


def _end_by_moderator(st) -> dict:
    events = apply_in_place(st, {"seat": None, "type": "end_game"})
    assert events[-1]["type"] == "game_over"
    return st.result


# ---- D-9.3: a moderator's end ranks by palaces, then houses -----------------------------

def test_d_9_3_moderator_end_ranks_by_palaces_not_by_qualifying() -> None:
    """The issue's case: ended in year 27, Anna has 6 palaces in 6 districts (she would
    qualify under D-9.1 (a)) and 11 houses, Bernd 7 palaces and 15 houses. D-9.1 is
    checked only at a year's end, which a moderator's end is not: Bernd wins."""
    st = new_game(3)
    st.year = 27
    _give(st, ANNA, {d: 1 for d in DISTRICTS}, {"castello": 11})
    _give(st, BERND, {"cannaregio": 2, "san_marco": 2, "san_polo": 2, "dorsoduro": 1},
          {"san_polo": 15})
    assert qualifies(st.palaces_of(ANNA)) == ["a"] and not qualifies(st.palaces_of(BERND))
    result = _end_by_moderator(st)
    assert result["reason"] == "moderator" and result["winners"] == [BERND]
    assert [r["seat"] for r in result["ranking"]] == [BERND, ANNA, CLAUDIA]
    assert result["decided_by"] == "palaces"
    assert not any(r["qualified"] for r in result["ranking"])
    line = ENGINE.describe({"type": "game_over", "result": result}, [])
    assert "ended by a moderator" in line and "palaces" in line


def test_d_9_3_moderator_end_breaks_equal_palaces_by_houses_and_shares_full_ties() -> None:
    st = new_game(4)
    _give(st, ANNA, {d: 1 for d in DISTRICTS}, {"castello": 3})  # would qualify (a)
    _give(st, BERND, {"castello": 3, "san_marco": 3}, {"castello": 4})
    _give(st, CLAUDIA, {"dorsoduro": 6}, {"castello": 4})
    result = _end_by_moderator(st)
    assert result["winners"] == [BERND, CLAUDIA] and result["decided_by"] == "shared"
    assert [(r["seat"], r["place"]) for r in result["ranking"]] == [
        (BERND, 1), (CLAUDIA, 1), (ANNA, 3), (DANIEL, 4)]


def test_d_9_2_a_year_end_still_puts_qualifiers_first() -> None:
    """The same board at a year's end: Anna qualifies, so she wins with fewer palaces."""
    st = new_game(3)
    _give(st, ANNA, {d: 1 for d in DISTRICTS}, {"castello": 11})
    _give(st, BERND, {"cannaregio": 2, "san_marco": 2, "san_polo": 2, "dorsoduro": 1},
          {"san_polo": 15})
    from bot.games.doge.engine import _end_year

    _end_year(st)
    assert st.result["reason"] == "condition" and st.result["winners"] == [ANNA]


def _random_position(seed: int, steps: int):
    rng = random.Random(seed)
    st = new_game(rng.choice((3, 4)), seed=seed)
    for _ in range(steps):
        seats = ENGINE.pending(st)
        if not seats or st.phase == "over":
            break
        seat = rng.choice(seats)
        apply_in_place(st, rng.choice(ENGINE.legal_actions(st, seat)))
    return st, rng


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10_000), steps=hs.integers(0, 900))
def test_d_9_3_property_moderator_end_at_a_random_point(seed: int, steps: int) -> None:
    """Over random games ended by a moderator at random points: everyone is ranked by
    palaces, then houses on the board; the first (or those tied) win; nothing else counts."""
    st, _ = _random_position(seed, steps)
    if st.phase == "over":
        return
    before = st.clone()
    result = _end_by_moderator(st)
    score = {s: (sum(before.palaces_of(s).values()), before.houses_on_board(s))
             for s in range(before.player_count)}
    ranking = result["ranking"]
    assert [score[r["seat"]] for r in ranking] == sorted(score.values(), reverse=True)
    for r in ranking:
        assert (r["palaces"], r["houses"]) == score[r["seat"]]
        better = sum(1 for v in score.values() if v > score[r["seat"]])
        assert r["place"] == better + 1
    best = max(score.values())
    assert result["winners"] == sorted(s for s, v in score.items() if v == best)
    # A half-done tied placement step is not counted (D-11.2): the board is as it was.
    assert st.houses == before.houses and st.palaces == before.palaces


# ---- D-11.2: tied placements take effect when the step resolves -------------------------

def test_d_11_2_tied_winners_placements_wait_for_the_last_answer() -> None:
    st = new_game(4)
    elect(st, "san_polo", {ANNA: [2], BERND: [2], CLAUDIA: [1]})
    assert question(st) == "place" and ENGINE.pending(st) == [ANNA, BERND]  # D-6.4
    events = act(st, BERND, "place", count=2)
    assert types(events) == ["placement_answered"] and "count" not in events[0]
    assert st.houses["san_polo"] == [0, 0, 0, 0]  # not on the board yet
    assert st.players[BERND].houses == 15
    # Anna, still deciding, sees that Bernd answered, not what.
    view = ENGINE.public_view(st, ANNA)
    assert view.public.houses["san_polo"] == (0, 0, 0, 0)
    assert view.public.players[BERND].houses_supply == 15
    assert view.public.election.answered == (BERND,)
    assert view.public.awaiting == (ANNA,)
    events = act(st, ANNA, "place", count=1)
    placed = [(e["seat"], e["count"], e["together"]) for e in events
              if e["type"] == "houses_placed"]
    assert placed == [(ANNA, 1, True), (BERND, 2, True)]
    assert st.houses["san_polo"][:3] == [1, 2, 0]


def test_d_11_2_the_view_of_an_undecided_tied_player_equals_one_where_the_other_chose_else(
) -> None:
    """What Anna sees before she answers does not depend on Bernd's answer."""
    seen = []
    for count in (0, 1, 2):
        st = new_game(4)  # Anna wins, Bernd and Claudia tie for second
        elect(st, "cannaregio", {ANNA: [3, 3], BERND: [2], CLAUDIA: [2]})
        act(st, ANNA, "take", advisor="cannaregio", stand="quarantia")
        act(st, ANNA, "place", count=0)
        assert ENGINE.pending(st) == [BERND, CLAUDIA]  # D-6.3
        act(st, CLAUDIA, "place", count=min(count, 1))
        seen.append(ENGINE.public_view(st, BERND).to_json())
        seen.append(ENGINE.public_view(st, None).to_json())
    assert seen[0] == seen[2] and seen[1] == seen[3]


def test_d_11_2_tied_runners_up_place_together_after_the_last_answer() -> None:
    st = new_game(4)
    elect(st, "cannaregio", {ANNA: [3, 3], BERND: [2], CLAUDIA: [2]})
    act(st, ANNA, "take", advisor="cannaregio", stand="quarantia")
    events = act(st, ANNA, "place", count=2)  # a single winner's placement is at once
    assert st.houses["cannaregio"][ANNA] == 2 and question(st) == "place"
    assert ("houses_placed", False) in [(e["type"], e.get("together")) for e in events]
    act(st, CLAUDIA, "place", count=1)
    assert st.houses["cannaregio"][CLAUDIA] == 0
    act(st, BERND, "place", count=1)
    assert st.houses["cannaregio"][BERND] == 1 and st.houses["cannaregio"][CLAUDIA] == 1


def test_d_11_2_then_building_d_8_5_follows_the_placements() -> None:
    """The rulebook's San Marco example still holds with placements kept pending."""
    st = new_game(4)
    st.palaces["san_marco"] = [CLAUDIA, DANIEL]
    st.houses["san_marco"][ANNA] = 4
    st.houses["san_marco"][BERND] = 3
    elect(st, "san_marco", {ANNA: [2], BERND: [2]})
    act(st, ANNA, "place", count=2)
    assert question(st) == "place" and ENGINE.pending(st) == [BERND]
    assert st.houses["san_marco"][ANNA] == 4
    act(st, BERND, "place", count=2)
    assert question(st) == "build" and ENGINE.pending(st) == [ANNA, BERND]


def test_d_11_2_and_d_9_3_moderator_end_between_two_tied_answers() -> None:
    """A moderator's end between two tied answers counts no half-done step."""
    st = new_game(4)
    _give(st, ANNA, {"castello": 1}, {"castello": 1})
    _give(st, BERND, {"castello": 1}, {"castello": 1})
    elect(st, "san_polo", {ANNA: [2], BERND: [2]})
    act(st, BERND, "place", count=2)  # would give Bernd more houses than Anna
    result = _end_by_moderator(st)
    assert st.houses["san_polo"] == [0, 0, 0, 0]
    assert result["winners"] == [ANNA, BERND] and result["decided_by"] == "shared"


def test_d_11_2_state_round_trips_a_pending_answer() -> None:
    st = new_game(4)
    elect(st, "san_polo", {ANNA: [2], BERND: [2]})
    act(st, BERND, "place", count=2)
    again = ENGINE.state_from_json(ENGINE.state_to_json(st))
    assert again.election.current.chosen == {BERND: 2}
    act(again, ANNA, "place", count=0)
    assert again.houses["san_polo"][BERND] == 2


def test_d_11_2_undo_may_take_back_a_pending_answer_but_not_the_one_that_revealed() -> None:
    st = new_game(4)
    elect(st, "san_polo", {ANNA: [2], BERND: [2]})
    first = act(st, BERND, "place", count=2)
    last = act(st, ANNA, "place", count=1)

    def entry(action: dict, events: list) -> ActionEntry:
        return ActionEntry(game_id=1, seq=1, actor_id=None, created_at=0.0, action=action,
                           events=events, version=1, idempotency_key=None)

    assert undo_refusal("doge", entry({"type": "place", "seat": BERND}, first)) is None
    why = undo_refusal("doge", entry({"type": "place", "seat": ANNA}, last))
    assert why and "D-11.2" in why


def test_d_11_2_the_narrative_of_an_answer_holds_no_count() -> None:
    st = new_game(4)
    elect(st, "san_polo", {ANNA: [2], BERND: [2]})
    events = act(st, BERND, "place", count=2)
    line = ENGINE.describe(events[0], [PlayerSpec(n) for n in NAMES])
    assert line.startswith("Bernd has answered") and "2" not in line and "house" in line
    with pytest.raises(Exception, match="D-11.2"):
        act(st, BERND, "place", count=1)  # only placement choices (D-3.3) can be changed
