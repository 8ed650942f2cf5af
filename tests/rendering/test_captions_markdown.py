"""A board's caption is the story's last line, written for Discord: the marks Discord
would hide (inline code, bold, underline) are not drawn as characters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.games.clans import ENGINE
from rendering.clans.board import render_clans_image
from rendering.common.text import recording
from rendering.common.words import plain
from rendering.doge.board import render_doge_image
from tests.rendering import views as V
from tests.rendering.test_clans_board import _new

SECRET = ("The five clans are secret: see yours with `/clans me`.",
          "The five clans are secret: see yours with /clans me.")


@pytest.mark.parametrize(("marked", "drawn"), [
    SECRET,
    ("**Anna** wins __San Marco__", "Anna wins San Marco"),
    ("```code``` and **`both`**", "code and both"),
    ("no marks: a_b, 2*3, snake__case", "no marks: a_b, 2*3, snake__case"),
    (r"an escaped \*\*star\*\*", "an escaped **star**"),
    ("", ""),
])
def test_plain_drops_discords_marks(marked: str, drawn: str) -> None:
    assert plain(marked) == drawn


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def _captions(draw: Callable[[Any, str], Image.Image], view: Any, caption: str) -> list[str]:
    with recording() as drawn:
        draw(view, caption)
    return [d.text for d in drawn]


@pytest.mark.parametrize("game", ["clans", "doge"])
def test_a_caption_is_drawn_without_markdown(game: str) -> None:
    draw: Callable[[Any, str], Image.Image] = (render_clans_image if game == "clans"
                                              else render_doge_image)
    view = ENGINE.public_view(_new(4), None) if game == "clans" else V.placement(4)
    marked, bare = SECRET[0].replace("secret", "**secret**"), SECRET[1]
    assert _same(draw(view, marked), draw(view, bare))
    texts = _captions(draw, view, marked)
    assert not any(mark in t for t in texts for mark in ("`", "**"))
