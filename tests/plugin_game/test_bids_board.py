"""The Bids board: drawn from a spectator's view only, every text legible on a phone
(tests/rendering/test_legible.py's rule: at least 11 px at 600 px wide)."""

from __future__ import annotations

import random

import pytest

from bot.games.base import PlayerSpec
from rendering.common.drawing import clear_caches
from rendering.common.legibility import recording
from tests.plugin_game.drawing.board import WIDTH, render_bids_board, render_bids_image
from tests.plugin_game.rules import ENGINE
from tests.plugin_game.rules.kit import KIT
from tests.rendering.test_legible import MIN_PX, PHONE_WIDTH

NAMES = ("李小龙", "🐸 Frog King", "عليّ", "Dmitri Alexandrovich Karamazov", "Eve")


def played(lots: int, seed: int = 4):
    state = ENGINE.new_game([PlayerSpec(n) for n in NAMES], {}, random.Random(seed))
    rng = random.Random(seed)
    while state.lot < lots and not ENGINE.is_over(state):
        for seat in ENGINE.pending(state):
            state = ENGINE.apply(state, KIT.ai_action(state, seat, rng)).state
    return state


@pytest.mark.parametrize("lots", [0, 2, 5])
def test_every_text_is_legible_at_phone_width(lots: int) -> None:
    clear_caches()
    with recording() as drawn:
        render_bids_image(ENGINE.public_view(played(lots), None),
                          "Lot 2 (5 points): a long caption naming everyone who bid for it")
    clear_caches()
    assert len(drawn) > 20
    assert min(d.px * PHONE_WIDTH / WIDTH for d in drawn) >= MIN_PX


def test_only_a_spectators_view_is_drawn() -> None:
    state = ENGINE.apply(played(1), {"seat": 0, "type": "bid", "amount": 3}).state
    with pytest.raises(TypeError):
        render_bids_board(ENGINE.public_view(state, 0))  # it holds seat 0's bid
    assert render_bids_board(ENGINE.public_view(state, None)).startswith(b"\x89PNG")
