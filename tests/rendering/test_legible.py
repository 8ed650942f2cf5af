"""Legible on a phone (issue 16): Discord shows a board about 600 px wide there; no text
drawn on a board may then be smaller than about 11 px (font px x 600 / image width).

Every text goes through the text helpers, which record it with its size in output
pixels; caches are emptied first so backgrounds, sprites and tiles are drawn again."""

from __future__ import annotations

import pytest

from bench.clans_render_bench import mid_game_view
from rendering.clans import layout as CL
from rendering.clans.board import render_clans_image
from rendering.common.drawing import clear_caches
from rendering.common.text import DrawnText, recording
from rendering.doge import layout as DL
from rendering.doge.board import render_doge_image
from tests.rendering import views as V
from tests.rendering.test_clans_board import _end, _view

PHONE_WIDTH = 600
MIN_PX = 11.0


def _drawn(render, *args) -> list[DrawnText]:
    clear_caches()
    with recording() as drawn:
        render(*args)
    clear_caches()  # later tests get caches built outside any recording
    return drawn


def _too_small(drawn: list[DrawnText], width: int) -> list[tuple[str, float]]:
    return sorted({(d.text, round(d.px * PHONE_WIDTH / width, 1)) for d in drawn
                   if d.px * PHONE_WIDTH / width < MIN_PX}, key=lambda t: t[1])


DOGE = {
    "placement": lambda: V.placement(4, ("李小龙", "🐸 Frog King", "عليّ", "Dmitri")),
    **{k: (lambda key: lambda: V.outcomes(4)[key])(k) for k in V.outcomes(4)},
    "game_over": lambda: V.game_over(4, shared=True),
    "crowded": lambda: V.build(4, advisors={a: (i % 4, "san_marco") for i, a in enumerate(
        ("castello", "san_polo", "dorsoduro", "q1", "q2"))},
        houses={"san_marco": (12, 11, 10, 13)}),
}


@pytest.mark.parametrize("case", sorted(DOGE))
def test_doge_text_is_legible_at_phone_width(case: str) -> None:
    drawn = _drawn(render_doge_image, DOGE[case](), "Alice wins the election in San Marco "
                   "and takes the advisor, standing it in Castello for the next election")
    assert len(drawn) > 40  # the recording sees the board's text
    assert _too_small(drawn, DL.WIDTH) == []


@pytest.mark.parametrize("stage", ["mid", "end"])
def test_clans_text_is_legible_at_phone_width(stage: str) -> None:
    view = mid_game_view()[0] if stage == "mid" else _view(_end(4))
    drawn = _drawn(render_clans_image, view, "a caption")
    assert len(drawn) > 40
    assert _too_small(drawn, CL.WIDTH) == []


def test_the_check_can_fail() -> None:
    """A label drawn too small is caught."""
    from PIL import Image, ImageDraw

    from rendering.common.text import draw_text
    with recording() as drawn:
        draw_text(ImageDraw.Draw(Image.new("RGB", (10, 10))), (0, 0), "tiny", 12, (0, 0, 0))
    assert _too_small(drawn, 1200) == [("tiny", 6.0)]
