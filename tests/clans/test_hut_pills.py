"""A hut pill on the Clans board reads as a count of one clan's huts (C-7.1), "B×1", never
as a territory label such as B1: a "×" stands between the clan's disc and the count."""

from __future__ import annotations

import pytest
from PIL import Image

from rendering.clans import layout as L
from rendering.clans.sprites import hut_pill
from rendering.common.drawing import INK, PLAYER_COLOURS, RGB


def close(pixel: tuple[int, ...], colour: RGB, tol: int) -> bool:
    return pixel[3] > 200 and all(abs(pixel[k] - colour[k]) <= tol for k in range(3))


def ink_runs(pill: Image.Image) -> list[tuple[int, int]]:
    """Column spans of dark ink right of the clan's disc (as wide as the pill is high),
    inside the pill's rim."""
    px = pill.convert("RGBA").load()
    w, h = pill.size
    middle = range(4, h - 4)  # clear of the rim, which is dark too
    columns = [x for x in range(h, w - 2) if any(close(px[x, y], INK, 60) for y in middle)]
    runs: list[tuple[int, int]] = []
    for x in columns:
        if runs and x == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


@pytest.mark.parametrize("colour", ["red", "blue", "green", "yellow", "black"])
@pytest.mark.parametrize("count", [1, 4, 7])
def test_a_times_sign_stands_between_the_disc_and_the_count(colour: str, count: int) -> None:
    pill = hut_pill(PLAYER_COLOURS[colour], count)
    runs = ink_runs(pill)
    assert len(runs) == 2, runs  # the "×", then the one digit
    (x0, x1), (d0, _) = runs
    assert x1 - x0 <= 6 and d0 - x1 >= 1  # small, and apart from the count
    # An × rather than a bar or a dot: ink where its strokes cross, paper straight above
    # and below that.
    px = pill.convert("RGBA").load()
    mid_x, mid_y = (x0 + x1) // 2, pill.height // 2
    near_ink = [close(px[mid_x + dx, mid_y + dy], INK, 110) for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)]
    assert any(near_ink)
    assert not close(px[mid_x, mid_y - 4], INK, 110) and not close(px[mid_x, mid_y + 5], INK, 110)


def test_the_pills_still_fit_two_in_a_row() -> None:
    """Five clans on one territory still fit its hexagon in three rows (two, two, one)."""
    width = hut_pill(PLAYER_COLOURS["red"], 9).width
    assert 2 * width + L.PILL_GAP <= L.row_width(L.PILL_ROWS[3][1])
