"""Boards from real games: every phase the engine reaches renders, at 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from rendering.doge import layout as L
from rendering.doge.board import render_doge_board, render_doge_image

doge = pytest.importorskip("bot.games.doge")


def _play(n: int, seed: int) -> list[tuple[object, str]]:
    """Public views after every step of a seeded random game, with a caption."""
    from bot.games.base import PlayerSpec
    from bot.games.doge.players import random_action

    rng = random.Random(seed)
    specs = [PlayerSpec(name) for name in ("Ada", "Борис", "Chloé", "王芳")[:n]]
    engine = doge.ENGINE
    state = engine.new_game(specs, {"year_limit": 4}, rng)
    out = [(engine.public_view(state, None), "New game")]
    for _ in range(5000):
        if engine.is_over(state):
            break
        seat = rng.choice(engine.pending(state))
        outcome = engine.apply(state, random_action(state, seat, rng))
        state = outcome.state
        caption = engine.describe(outcome.events[-1], specs) if outcome.events else ""
        out.append((engine.public_view(state, None), caption))
    assert engine.is_over(state)
    return out


@pytest.mark.parametrize("n,seed", [(3, 11), (4, 12)])
def test_random_games_render_at_every_kind_of_step(n: int, seed: int) -> None:
    steps = _play(n, seed)
    # Render one step of each kind of moment (phase, question, tie shape) and a sample.
    picked: dict[object, int] = {}
    for i, (view, _) in enumerate(steps):
        el = view.election
        kind = (view.phase, el and el.question, el and len(el.winners), el and
                len(el.runners_up), el and el.area == "quarantia")
        picked.setdefault(kind, i)
    indices = sorted({*picked.values(), *range(0, len(steps), 25), len(steps) - 1})
    for i in indices:
        view, caption = steps[i]
        img = render_doge_image(view, caption)
        assert img.size == (L.WIDTH, L.HEIGHT)
    final, caption = steps[-1]
    assert final.result is not None
    data = render_doge_board(final, caption)
    assert data == render_doge_board(final, caption)
