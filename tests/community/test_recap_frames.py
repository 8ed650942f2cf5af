"""Each recap frame shows the board its caption names: right after that election's last
decision (Doge: D-4.7, D-11.3) or that village's founding (Clans: C-4.2, C-4.7), never the
next one under way. Read from the frames' public views, not their pixels."""

from __future__ import annotations

import pytest

from bench.recap_bench import play
from bot.community.recap import Scene, scenes
from bot.games.doge.constants import area_name
from bot.games.wording import FACTS


def _doge_shown(found: list[Scene]) -> list[tuple[int, str]]:
    """(year, area) of the election whose result each frame's board shows."""
    shown = []
    for i, scene in enumerate(found):
        view = scene.view
        if view.result is not None:
            # The final board (D-9): the year's end moves no piece, so it is the board
            # after the year's last vote, the one after the frame before.
            assert i == len(found) - 1
            before = found[i - 1].view
            shown.append((before.year, before.order_current[before.elections_done]))
            continue
        # Between two elections: the last decision made, the next vote not begun.
        assert view.phase == "elections" and view.election is None and view.awaiting == ()
        assert view.elections_done >= 1
        area = view.order_current[view.elections_done - 1]
        assert area in view.revealed and area not in view.stacks  # D-11.3: stacks gone
        shown.append((view.year, area))
    return shown


@pytest.mark.parametrize("seed", [2, 5])
def test_each_doge_frame_shows_the_election_its_caption_names(seed: int) -> None:
    found = scenes(play("doge", seed))
    shown = _doge_shown(found)
    assert len(shown) == len(found) > 14
    # Who won first (D-4.4), then which election it was.
    assert [s.caption.split(FACTS)[-1] for s in found] == [
        f"Year {year} — election {n} of {len(found)}: {area_name(area)}"
        for n, (year, area) in enumerate(shown, start=1)]
    assert all(" wins the " in s.caption or " tie for the " in s.caption
               or s.caption.startswith("Nobody takes part") for s in found)
    assert found[-1].view.result is not None  # the last frame ends on the result


def test_a_doge_frame_after_a_years_last_vote_is_still_that_year() -> None:
    found = scenes(play("doge", 2))
    last_of_year = [s.view for s in found
                    if s.view.result is None and s.view.elections_done == 7]
    assert last_of_year
    for view in last_of_year:
        assert view.phase == "elections" and not view.stacks  # not yet next year's placement


@pytest.mark.parametrize("seed", [3, 4])
def test_each_clans_frame_shows_the_village_its_caption_names(seed: int) -> None:
    """Seed 4 has an order founding two villages in one action (C-4.7): each gets the
    board with it founded and the other still waiting to be ordered."""
    found = scenes(play("clans", seed))
    for n, scene in enumerate(found, start=1):
        view = scene.view
        assert len(view.villages) == n  # this village, not the next
        v = view.villages[-1]
        founder, which = scene.caption.split(FACTS)  # who founded it first (C-4.2)
        assert which == (f"Epoch {v.epoch} — village {n} of {len(found)}: "
                         f"{v.territory} ({v.terrain})")
        assert founder.startswith(view.players[v.founder])
    if seed == 4:
        waiting = [s.view for s in found if s.view.villages_to_order]
        assert len(waiting) == 1
        later = waiting[0].villages_to_order[0]
        assert later not in {v.territory for v in waiting[0].villages}
    assert found[-1].view.result is not None
