"""Villages: C-4.1 founding, C-4.2 the scoring sequence, C-4.3 strife, C-4.4 value,
C-4.5 who scores, C-4.6 villages never move, C-4.7 several at once, C-4.8 the 12th."""

from __future__ import annotations

import pytest

from bot.games.base import IllegalAction
from bot.games.clans import ENGINE
from bot.games.clans.questions import build_question
from bot.games.clans.rules import MAP
from bot.i18n import speaking
from tests.clans.helpers import (
    blank,
    chain,
    elsewhere,
    huts_at,
    move,
    neighbours,
    of_type,
    order,
    pair,
    place,
    take_chips,
)


def test_a_territory_left_without_occupied_neighbours_becomes_a_village_c_4_1() -> None:
    x, y, z = chain()
    state = blank()
    place(state, x, "r")  # a lone hut left behind counts too
    place(state, y, "b")
    place(state, z, "gg")
    outcome = move(state, y, z)
    villages = of_type(outcome.events, "order_asked")
    assert villages and set(villages[0]["villages"]) == {x, z}


def test_a_territory_with_an_occupied_neighbour_is_no_village_c_4_1() -> None:
    x, y, z = chain()
    state = blank()
    place(state, x, "r")
    place(state, y, "b")
    place(state, z, "g")
    outcome = move(state, x, y)
    assert not of_type(outcome.events, "village") and not outcome.state.villages


def test_a_village_is_never_founded_again_c_4_1() -> None:
    a, b = pair("steppe")
    state = blank()
    place(state, a, "r")
    place(state, b, "b")
    p, q = elsewhere(state, a, b)
    state = move(state, b, a).state
    assert [v.territory for v in state.villages] == [MAP.index_of[a]]
    after = move(state, p, q).state
    assert [v.territory for v in after.villages] == [MAP.index_of[a], MAP.index_of[q]]


def test_mover_takes_the_chip_then_strife_value_and_score_c_4_2() -> None:
    a, b = pair("steppe")
    state = blank(3)
    place(state, a, "kkkkrrgy")
    place(state, b, "b")
    outcome = move(state, b, a)
    [village] = of_type(outcome.events, "village")
    assert outcome.state.chips == [1, 0, 0] and village["chip"] == 1 and village["seat"] == 0
    assert village["strife_losses"] == ["blue", "green", "yellow"]
    assert village["value"] == 6 and village["scored"] == ["red", "black"]


def test_strife_removes_every_single_hut_when_all_five_colours_are_present_c_4_3() -> None:
    a, b = pair("grassland")
    state = blank()
    place(state, a, "kkkkrrgy")
    place(state, b, "b")
    after = move(state, b, a).state  # the rulebook's example: 9 huts become 6
    assert huts_at(after, a) == {"black": 4, "red": 2}
    assert after.clan_scores == [6, 0, 0, 0, 6]


def test_no_strife_with_four_colours_c_4_3() -> None:
    a, b = pair("grassland")
    state = blank()
    place(state, a, "krgy")
    place(state, b, "k")
    assert move(state, b, a).state.clan_scores == [5, 0, 5, 5, 5]


def test_a_village_emptied_by_strife_scores_for_nobody_c_4_3() -> None:
    a, b = pair("forest")  # favourable in epoch I: still nothing to add a bonus to
    state = blank()
    place(state, a, "rbgy")
    place(state, b, "k")
    outcome = move(state, b, a)
    [village] = of_type(outcome.events, "village")
    assert village["value"] == 0 and village["scored"] == [] and not village["destroyed"]
    assert outcome.state.clan_scores == [0] * 5 and outcome.state.chips[0] == 1
    assert huts_at(outcome.state, a) == {}
    assert "nobody scores" in ENGINE.describe(village, list(outcome.state.players))


def test_value_is_the_huts_left_on_neutral_terrain_c_4_4() -> None:
    a, b = pair("steppe")
    state = blank()
    place(state, a, "rrr")
    place(state, b, "b")
    assert of_type(move(state, b, a).events, "village")[0]["value"] == 4


def test_favourable_terrain_adds_the_epoch_bonus_c_4_4() -> None:
    a, b = pair("forest")
    state = blank()
    place(state, a, "rrr")
    place(state, b, "b")
    assert of_type(move(state, b, a).events, "village")[0]["value"] == 4 + 1


def test_unfavourable_terrain_destroys_the_village_and_its_huts_c_4_4() -> None:
    a, b = pair("mountain")
    state = blank()
    place(state, a, "rrrg")
    place(state, b, "b")
    outcome = move(state, b, a)
    [village] = of_type(outcome.events, "village")
    assert village["destroyed"] and village["value"] == 0 and village["scored"] == []
    assert huts_at(outcome.state, a) == {} and outcome.state.clan_scores == [0] * 5
    assert outcome.state.chips[0] == 1  # C-5.2: it still takes a chip


def test_every_colour_present_scores_the_full_value_c_4_5() -> None:
    a, b = pair("steppe")
    state = blank()
    place(state, a, "rrrrg")
    place(state, b, "b")
    assert move(state, b, a).state.clan_scores == [6, 6, 6, 0, 0]


def test_village_huts_stay_and_never_move_c_4_6() -> None:
    a, b = pair("steppe")
    state = blank()
    place(state, a, "rr")
    place(state, b, "b")
    elsewhere(state, a, b)
    state = move(state, b, a).state
    assert huts_at(state, a) == {"red": 2, "blue": 1}
    assert all(a not in (m["from"], m["to"]) for m in ENGINE.legal_actions(state, state.mover))
    with pytest.raises(IllegalAction, match=r"C-3\.1"):
        move(state, a, b)


def test_several_villages_ask_the_mover_for_their_order_c_4_7() -> None:
    x, y, z = chain()
    state = blank()
    place(state, x, "r")
    place(state, y, "b")
    place(state, z, "g")
    asked = move(state, y, z).state
    assert ENGINE.pending(asked) == [0] and asked.villages == []
    assert ENGINE.legal_actions(asked, 0) == [
        {"seat": 0, "type": "order", "villages": [x, z]},
        {"seat": 0, "type": "order", "villages": [z, x]},
    ]
    assert ENGINE.default_action(asked, 0)["villages"] == [x, z]
    for bad in ([x], [x, x], [x, z, z], [x, y]):
        with pytest.raises(IllegalAction, match=r"exactly once.*\(C-4\.7\)"):
            order(asked, bad)
    with pytest.raises(IllegalAction, match=r"C-4\.7"):
        move(asked, x, z)
    scored = order(asked, [z, x])
    assert [e["territory"] for e in of_type(scored.events, "village")] == [z, x]
    assert [v.chip for v in scored.state.villages] == [1, 2] and scored.state.chips[0] == 2


def test_the_order_decides_the_epochs_c_4_7() -> None:
    x, y, z = chain(("forest", "mountain"))
    state = blank()
    place(state, x, "rr")
    place(state, y, "b")
    place(state, z, "gg")
    take_chips(state, 3)
    asked = move(state, y, z).state
    forest_first = order(asked, [x, z]).state  # forest +1 in I, then mountain +2 in II
    assert forest_first.clan_scores == [3, 3 + 2, 3 + 2, 0, 0]
    mountain_first = order(asked, [z, x]).state  # mountain destroyed in I, forest plain in II
    assert mountain_first.clan_scores == [2, 0, 0, 0, 0]


def test_a_single_village_is_scored_at_once_c_4_7() -> None:
    a, b = pair()
    state = blank()
    place(state, a, "r")
    place(state, b, "b")
    outcome = move(state, b, a)
    assert not of_type(outcome.events, "order_asked") and len(outcome.state.villages) == 1


def test_the_twelfth_village_scores_a_bonus_of_five_whatever_its_terrain_c_4_8() -> None:
    a, b = pair("mountain")
    state = blank()
    place(state, a, "rr")
    place(state, b, "b")
    elsewhere(state, a, b)
    take_chips(state, 11)
    outcome = move(state, b, a)
    [village] = of_type(outcome.events, "village")
    assert village["chip"] == 12 and village["value"] == 3 + 5
    assert ENGINE.is_over(outcome.state) and outcome.state.end_reason == "twelfth_village"


def test_villages_after_the_twelfth_do_not_score_and_keep_their_huts_c_4_8() -> None:
    x, y, z = chain()
    state = blank()
    place(state, x, "rbgyk")  # would lose every hut to strife if it were scored
    place(state, y, "b")
    place(state, z, "gg")
    take_chips(state, 11)
    outcome = order(move(state, y, z).state, [z, x])
    assert [e["territory"] for e in of_type(outcome.events, "village")] == [z]
    assert [e["territory"] for e in of_type(outcome.events, "village_unscored")] == [x]
    after = outcome.state
    assert len(after.villages) == 12 and after.chips[0] == 12 - 11
    assert huts_at(after, x) == {c: 1 for c in ("red", "blue", "green", "yellow", "black")}
    assert after.clan_scores == [0, 3 + 5, 3 + 5, 0, 0] and ENGINE.is_over(after)


def test_the_order_question_says_which_epoch_each_place_scores_in_c_4_7_c_5_2() -> None:
    x, y, z = chain(("forest", "mountain"))
    state = blank()
    place(state, x, "rr")
    place(state, y, "b")
    place(state, z, "gg")
    take_chips(state, 3)  # the 4th chip is epoch I's last
    asked = move(state, y, z).state
    legal = ENGINE.legal_actions(asked, 0)
    question = build_question(ENGINE.public_view(asked, 0), legal, legal[0], ["A", "B"])
    assert question.prompt.startswith("A, choose the order in which your 2 new villages "
                                      "score (C-4.7)")
    assert "at once" not in question.prompt  # the story line above says so (said once)
    assert ("each takes the next village chip, so the 1st village scores in epoch I, the "
            "2nd in epoch II.") in question.prompt
    with speaking("nl"):
        dutch = build_question(ENGINE.public_view(asked, 0), legal, legal[0], ["A", "B"])
    assert dutch.prompt == ("A, kies in welke volgorde je 2 nieuwe dorpen scoren (C-4.7): "
                            "elk pakt de volgende dorpsfiche, dus "
                            "het 1e dorp scoort in tijdperk I, het 2e in tijdperk II.")
    firsts = {o.path[0] for o in question.options}
    assert firsts == {f"1st: {x} (forest, 2 huts)", f"1st: {z} (mountain, 3 huts)"}
    take_chips(state, 8)  # 11 taken: the next is the 12th, the one after it scores nothing
    asked = move(state, y, z).state
    legal = ENGINE.legal_actions(asked, 0)
    question = build_question(ENGINE.public_view(asked, 0), legal, legal[0], ["A", "B"])
    assert "so the 1st village scores in epoch V, the 2nd scores nothing (C-4.8)." in \
        question.prompt


def test_a_village_away_from_the_huts_names_the_territory_that_cut_it_off_c_4_1() -> None:
    """x - y - z - w: y's huts go to z, which keeps w; x, whose last occupied neighbour
    was y, is founded, and its event (so its line) names y. Where the huts went, no."""
    x, y, z = chain()
    [w] = [n for n in neighbours(z) if n not in (x, y)
           and n not in neighbours(x) and n not in neighbours(y)][:1]
    state = blank()
    for label, huts in ((x, "r"), (y, "b"), (z, "g"), (w, "y")):
        place(state, label, huts)
    [village] = of_type(move(state, y, z).events, "village")
    assert village["territory"] == x and village["emptied"] == y
    assert f"its last occupied neighbour, {y}, was emptied (C-4.1)" in \
        ENGINE.describe(village, list(state.players))
    a, b = pair()
    there = blank()
    place(there, a, "r")
    place(there, b, "b")
    [village] = of_type(move(there, b, a).events, "village")
    assert village["territory"] == a and "emptied" not in village


def test_villages_of_an_order_away_from_the_huts_name_the_emptied_territory_c_4_7() -> None:
    x, y, z = chain()
    state = blank()
    place(state, x, "r")
    place(state, y, "b")
    place(state, z, "g")
    scored = order(move(state, y, z).state, [z, x])  # the huts went to z (C-4.1)
    assert [e.get("emptied") for e in of_type(scored.events, "village")] == [None, y]
