"""A board drawn for a Dutch server marks each player's pieces with the initial of the
Dutch colour name (rood R, blauw B, groen Gr, geel Ge, zwart Z): groen and geel share a G,
so each keeps its second letter. An English board keeps R, B, G, Y, K."""

from __future__ import annotations

import pytest

from bot.games.clans.board import COLOURS as CLANS_COLOURS
from bot.games.clans.events import colour_name
from bot.games.doge.constants import COLOURS as DOGE_COLOURS
from bot.i18n import speaking
from rendering.clans.board import render_clans_board
from rendering.common.drawing import player_colour
from rendering.common.text import recording
from rendering.doge.board import render_doge_board
from tests.rendering import views as V
from tests.rendering.test_clans_board import _mid, _view

DUTCH = {"red": "R", "blue": "B", "green": "Gr", "yellow": "Ge", "black": "Z"}


@pytest.mark.parametrize("colours", [DOGE_COLOURS, CLANS_COLOURS])
def test_dutch_initials_begin_the_dutch_colour_names_and_tell_every_colour_apart(
        colours: tuple[str, ...]) -> None:
    with speaking("nl"):
        letters = [player_colour(c).letter for c in colours]
        for colour, letter in zip(colours, letters, strict=True):
            assert colour_name(colour).startswith(letter.lower()), (colour, letter)
    assert letters == [DUTCH[c] for c in colours]
    assert len(set(letters)) == len(letters)


def _drawn(render: object, language: str) -> set[str]:
    with speaking(language), recording() as drawn:
        render()  # type: ignore[operator]
    return {d.text for d in drawn}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_boards_draw_the_initials_of_their_language(language: str) -> None:
    doge = _drawn(lambda: render_doge_board(V.outcomes()["tied_winners"], "x"), language)
    clans = _drawn(lambda: render_clans_board(_view(_mid(4)), "x"), language)
    english = {"green": "G", "yellow": "Y", "black": "K"}
    for colour, letter in DUTCH.items():
        expected = letter if language == "nl" else english.get(colour, letter)
        other = english.get(colour, letter) if language == "nl" else letter
        assert expected in clans, (colour, language)
        assert other == expected or other not in clans, (colour, language)
        if colour in DOGE_COLOURS:
            assert expected in doge, (colour, language)
            assert other == expected or other not in doge, (colour, language)
