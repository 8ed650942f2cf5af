"""Playing for progress: where a computer seat moves its houses when no palace is within
reach, so that a table of computer players does not freeze (D-9.4 would end it).

Shared by the `normal` heuristic on a seat's view (`players.py`) and the same heuristic
on the compact game the strong level searches (`strong.py`); both hand in plain lists
indexed like `DISTRICTS`."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.doge.constants import PALACE_COSTS, SPACES_PER_DISTRICT

# A move toward the target outweighs taking an advisor (the heuristics score a take at
# 2.5 at most) but not a move that makes a palace affordable where it lands (4.0).
PROGRESS_GAIN = 3.0
PLACED_AT_ONCE = 2  # D-6.1: a district's winner places up to 2 houses
# A seat's target district (or None), its houses and the palaces per district.
Progress = tuple[int | None, list[int], list[int]]


def progress_target(mine: Sequence[int], filled: Sequence[int], house_supply: int,
                    palace_supply: int) -> int | None:
    """The district whose next palace the seat is nearest to, when none is within reach
    of one election's placement (D-6.1); None when one is, or the seat cannot build.

    `mine`: the seat's houses per district; `filled`: palaces per district. Ties go to a
    district the seat holds no palace in yet (D-9.1), then to the first."""
    if palace_supply == 0:
        return None
    need = {d: PALACE_COSTS[f] - mine[d] for d, f in enumerate(filled)
            if f < SPACES_PER_DISTRICT}
    if not need or min(need.values()) <= min(PLACED_AT_ONCE, house_supply):
        return None
    return min(need, key=lambda d: (need[d], d))


def progress_gain(target: int | None, mine: Sequence[int], filled: Sequence[int],
                  src: int, dst: int) -> float:
    """What moving a house from district `src` to `dst` is worth toward `target`: the
    gain when it lands there, a little more the farther its source is from a palace."""
    if target is None or dst != target or src == target:
        return 0.0
    farness = PALACE_COSTS[filled[src]] - mine[src] if filled[src] < SPACES_PER_DISTRICT \
        else max(PALACE_COSTS)  # no palace can come of houses in a full district
    return PROGRESS_GAIN + 0.01 * max(0, farness)
