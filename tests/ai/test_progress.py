"""Computer seats play for progress: a table of them does not freeze (D-9.4)."""

from __future__ import annotations

import random

import pytest

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.progress import progress_gain, progress_target
from bot.tables.kits import get_kit


def test_the_target_is_the_nearest_palace_when_none_is_within_reach() -> None:
    # Houses 2, 0, 4, 1, 0, 0 against costs 3, 4, 7 (full: none), 3, 3, 5.
    mine, filled = [2, 0, 4, 1, 0, 0], [0, 1, 5, 0, 0, 2]
    assert progress_target(mine, filled, house_supply=0, palace_supply=3) == 0
    assert progress_target(mine, filled, house_supply=1, palace_supply=3) is None  # 2+1
    assert progress_target(mine, filled, house_supply=0, palace_supply=0) is None
    assert progress_gain(0, mine, filled, src=2, dst=0) > progress_gain(0, mine, filled, 3, 0)
    assert progress_gain(0, mine, filled, src=3, dst=1) == 0.0  # not toward the target


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_d_9_4_tables_of_computer_seats_end_by_a_winning_condition(level: str) -> None:
    """Forty four-seat tables of a level, with a new table's settings (no year limit):
    seats that play for progress do not let the board freeze into the stalemate end.
    (Without it, about one easy table in five did.)"""
    kit = get_kit("doge")
    ends = []
    for game in range(40):
        st = ENGINE.new_game([PlayerSpec(f"P{i}") for i in range(4)], kit.settings_for({}),
                             random.Random(game))
        step = 0
        while not ENGINE.is_over(st):
            seat = ENGINE.pending(st)[0]
            ENGINE.apply_in_place(st, kit.ai_action(st, seat, random.Random(step), level))
            step += 1
        ends.append(st.result["reason"])
    assert ends.count("stalemate") <= 1, ends
