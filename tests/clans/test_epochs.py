"""Epochs: C-5.1 our chart, C-5.2 epochs end when their chips are taken."""

from __future__ import annotations

import pytest

from bot.games.clans import ENGINE
from bot.games.clans.board import TERRAINS
from bot.games.clans.rules import EPOCH_CHIPS
from tests.clans.helpers import (
    blank,
    chain,
    elsewhere,
    move,
    of_type,
    order,
    pair,
    place,
    take_chips,
)

FIRST_CHIP = (1, 5, 8, 10, 12)
# C-5.1: (favourable terrain, bonus, unfavourable terrain) per epoch
CHART = [("forest", 1, "mountain"), ("mountain", 2, "grassland"), ("steppe", 3, "forest"),
         ("grassland", 4, "steppe"), (None, 5, None)]


def found(terrain: str, chips_taken: int) -> dict:
    """Founds one village of 3 huts (2 red, 1 blue) on `terrain` as the next chip."""
    a, b = pair(terrain)
    state = blank()
    place(state, a, "rr")
    place(state, b, "b")
    elsewhere(state, a, b)
    take_chips(state, chips_taken)
    return of_type(move(state, b, a).events, "village")[0]


def test_chips_per_epoch_c_5_1() -> None:
    assert EPOCH_CHIPS == (4, 3, 2, 2, 1)


@pytest.mark.parametrize("epoch", range(5))
def test_chart_values_per_terrain_c_5_1(epoch: int) -> None:
    favourable, bonus, unfavourable = CHART[epoch]
    for terrain in TERRAINS:
        village = found(terrain, FIRST_CHIP[epoch] - 1)
        assert village["epoch"] == epoch + 1
        if terrain == unfavourable:
            assert village["destroyed"] and village["value"] == 0
        elif favourable in (None, terrain):
            assert village["value"] == 3 + bonus
        else:
            assert village["value"] == 3 and not village["destroyed"]


@pytest.mark.parametrize("chips_taken", [3, 4, 6, 7, 8, 9, 10, 11])
def test_the_next_village_belongs_to_the_next_epoch_once_chips_are_gone_c_5_2(
    chips_taken: int,
) -> None:
    expected = max(e for e, first in enumerate(FIRST_CHIP) if first <= chips_taken + 1)
    assert found("steppe", chips_taken)["epoch"] == expected + 1


def test_epoch_change_is_announced_and_shown_c_5_2() -> None:
    a, b = pair("mountain")  # destroyed in epoch I: it still takes the last chip
    state = blank()
    place(state, a, "rr")
    place(state, b, "b")
    elsewhere(state, a, b)
    take_chips(state, 3)
    assert ENGINE.public_view(state, None).epoch == 1
    outcome = move(state, b, a)
    assert [e["type"] for e in outcome.events][-2:] == ["village", "epoch"]
    assert of_type(outcome.events, "epoch")[0]["epoch"] == 2
    view = ENGINE.public_view(outcome.state, None)
    assert view.epoch == 2 and view.chips_left_in_epoch == 3
    line = ENGINE.describe(of_type(outcome.events, "epoch")[0], list(state.players))
    assert line.startswith("Epoch II begins") and "grassland unfavourable" in line


def test_an_epoch_the_game_ends_before_is_never_announced_c_5_2_c_6_1() -> None:
    a, b = pair("steppe")
    state = blank()
    place(state, a, "rr")
    place(state, b, "b")  # nothing elsewhere: the 4th village leaves no move (C-6.4)
    take_chips(state, 3)
    outcome = move(state, b, a)
    assert [e["type"] for e in outcome.events] == ["move", "village", "game_end"]
    lines = [ENGINE.describe(e, list(state.players)) for e in outcome.events]
    assert not any("Epoch" in line for line in lines)
    assert lines[-1].startswith("Game over: no move is left.")


def test_an_epoch_a_later_village_of_the_order_belongs_to_is_told_c_4_7_c_5_2() -> None:
    x, y, z = chain()
    for taken, told in ((3, ["order", "village", "epoch", "village", "game_end"]),
                        (2, ["order", "village", "village", "game_end"])):
        state = blank()
        place(state, x, "r")
        place(state, y, "b")
        place(state, z, "g")
        take_chips(state, taken)
        outcome = order(move(state, y, z).state, [x, z])  # no move is left after (C-6.1)
        assert [e["type"] for e in outcome.events] == told
        # The 5th village belongs to epoch II: it begins; after the 4th nothing does.
        assert [e["epoch"] for e in of_type(outcome.events, "epoch")] == [2] * (taken == 3)


def test_a_log_telling_an_epoch_just_before_the_end_replays_as_the_same_c_6_1() -> None:
    """Older releases logged the epoch the last village opened before `game_end`: a replay
    without it tells the same game (the store's rebuild check); other changes do not."""
    a, b = pair("steppe")
    state = blank()
    place(state, a, "rr")
    place(state, b, "b")
    take_chips(state, 3)
    replayed = move(state, b, a).events
    old_form = [*replayed[:-1], {"type": "epoch", "epoch": 2}, replayed[-1]]
    assert ENGINE.same_events(old_form, replayed)
    assert ENGINE.same_events(replayed, replayed)
    assert not ENGINE.same_events(old_form[:1] + old_form[2:], replayed)  # a village lost
    assert not ENGINE.same_events([*replayed[:-1], {"type": "epoch", "epoch": 2}], replayed)
    moved_on = [*replayed[:-1], {"type": "epoch", "epoch": 2}, {"type": "move"}]
    assert not ENGINE.same_events(moved_on, [*replayed[:-1], {"type": "move"}])
