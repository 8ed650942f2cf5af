"""Epochs: C-5.1 our chart, C-5.2 epochs end when their chips are taken."""

from __future__ import annotations

import pytest

from bot.games.clans import ENGINE
from bot.games.clans.board import TERRAINS
from bot.games.clans.rules import EPOCH_CHIPS
from tests.clans.helpers import blank, elsewhere, move, of_type, pair, place, take_chips

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
