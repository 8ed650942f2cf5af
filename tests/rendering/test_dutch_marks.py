"""A Dutch board's two-letter colour marks ('Gr' groen, 'Ge' geel) fit their marks (issue
47): the letters' ink stays inside the mark's fill, as a one-letter mark's does (the
player cards, the vote panel and a district's stacks draw the same mark; D-10.1: every
piece shows its owner's colour and letter)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bot.i18n import speaking
from rendering.common.drawing import letter_disc, player_colour


def _inside(img: Image.Image, fill: tuple[int, int, int], ink: tuple[int, int, int]) -> bool:
    """Whether every pixel of `ink` lies between pixels of `fill` on its row."""
    px = img.convert("RGB").load()
    w, h = img.size
    for y in range(h):
        row = [px[x, y] for x in range(w)]
        inks = [x for x, c in enumerate(row) if c == ink]
        fills = [x for x, c in enumerate(row) if c == fill]
        if inks and (not fills or min(inks) <= min(fills) or max(inks) >= max(fills)):
            return False
    return True


@pytest.mark.parametrize("colour", ["green", "yellow", "red"])
def test_a_mark_holds_its_letters(colour: str) -> None:
    col = player_colour(colour)
    with speaking("nl"):
        img = Image.new("RGB", (120, 60), (90, 200, 210))  # no piece's colour
        letter_disc(img, ImageDraw.Draw(img), (60, 30), 30, col, size=22)
        assert len(col.letter) == (2 if colour != "red" else 1)
    assert _inside(img, col.fill, col.ink)
