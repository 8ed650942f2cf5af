"""A board's texts as a phone shows them, for a game's own legibility test: every text a
drawing draws, recorded (caches cleared around it, so none is left out), and the
smallest at phone width (tests/rendering/test_legible.py's rule: at least MIN_PX)."""

from __future__ import annotations

from collections.abc import Callable

from rendering.common.drawing import clear_caches
from rendering.common.legibility import recording
from tests.rendering.test_legible import MIN_PX, PHONE_WIDTH


def legible_on_a_phone(draw: Callable[[], object], width: int, *, texts: int) -> bool:
    """Whether `draw` (a board `width` px wide) draws at least `texts` texts, none under
    MIN_PX at phone width."""
    clear_caches()
    with recording() as drawn:
        draw()
    clear_caches()
    assert len(drawn) >= texts, f"only {len(drawn)} texts recorded"
    return min(d.px * PHONE_WIDTH / width for d in drawn) >= MIN_PX
