"""The Ladder board: a spectator's view only (a seat's holds its hand, L-1.2), every text
legible on a phone (tests/rendering/test_legible.py's rule), a full row included."""

from __future__ import annotations

import random

import pytest

from bot.games.base import PlayerSpec
from tests.ladder_game.drawing.board import WIDTH, ladder_image, render_ladder_board
from tests.ladder_game.rules import ENGINE, LadderState
from tests.ladder_game.rules.kit import KIT
from tests.rendering.on_a_phone import legible_on_a_phone

NAMES = ("李小龙", "🐸 Frog King", "عليّ", "Dmitri Alexandrovich Karamazov")


def after(cards: int) -> LadderState:
    state = ENGINE.new_game([PlayerSpec(n) for n in NAMES], {}, random.Random(6))
    rng = random.Random(6)
    for _turn in range(cards):
        state = ENGINE.apply(state, KIT.ai_action(state, ENGINE.pending(state)[0], rng)).state
    return state


@pytest.mark.parametrize("cards", [0, 7, 16])
def test_every_text_is_legible_at_phone_width(cards: int) -> None:
    view = ENGINE.public_view(after(cards), None)
    caption = "Dmitri Alexandrovich Karamazov lays 17: a rung up (L-2.2)."
    assert legible_on_a_phone(lambda: ladder_image(view, caption), WIDTH, texts=10)


def test_only_a_spectators_view_is_drawn() -> None:
    state = after(3)
    with pytest.raises(TypeError):
        render_ladder_board(ENGINE.public_view(state, 0))  # it holds seat 0's hand
    assert render_ladder_board(ENGINE.public_view(state, None)).startswith(b"\x89PNG")
