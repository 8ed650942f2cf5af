"""The Doge board says what its goal pills ('6 in 6', '7 in 5', '8 in 4') mean (D-9.1):
a legend on the line of the voting order's second title, whole and beside that title in
every language."""

from __future__ import annotations

import pytest

from bot.i18n import _, speaking
from rendering.common.drawing import clear_caches
from rendering.common.text import recording, text_width
from rendering.doge import background
from rendering.doge import layout as L
from rendering.doge.board import render_doge_image
from tests.rendering import views as V

LEGEND = "To win at year end: palaces in districts"


def _texts(language: str, players: int = 4) -> list[str]:
    clear_caches()  # the background is cached per language: draw it again, recorded
    try:
        with speaking(language), recording() as drawn:
            render_doge_image(V.placement(players))
    finally:
        clear_caches()
    return [d.text for d in drawn]


@pytest.mark.parametrize("players", [3, 4])
def test_d_9_1_the_board_explains_the_goal_pills(players: int) -> None:
    texts = _texts("en", players)
    assert {"6 in 6", "7 in 5", "8 in 4"} <= set(texts)  # the pills on each player card
    assert LEGEND in texts


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_legend_is_drawn_whole_beside_the_row_title(language: str) -> None:
    texts = _texts(language)
    with speaking(language):
        legend, title = background.goals_legend(), _("Next year (cards turned so far)")
    assert legend in texts and title in texts  # whole, not cut with '…'
    used = 14 + text_width(title, L.TEXT, bold=True) + 24 + text_width(legend, L.TEXT)
    assert used <= L.WIDTH - 14
