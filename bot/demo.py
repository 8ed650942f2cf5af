"""An offline game between heuristic players: its record, and a board image per step."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.players import heuristic_action
from bot.games.record import make_record

DEMO_PLAYERS = ["Anna", "Bernd", "Claudia", "Daniel"]


def play_demo(out: Path, seed: int = 2026, images: bool = True) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    players = [PlayerSpec(name) for name in DEMO_PLAYERS]
    rng = random.Random(seed)
    settings: dict = {}
    state = ENGINE.new_game(players, settings, random.Random(seed))
    draw = _image_writer(out) if images else None
    actions = []
    step = 0
    if draw:
        draw(state, step, "A new game of Doge begins.")
    while not ENGINE.is_over(state):
        seat = rng.choice(ENGINE.pending(state))
        view = ENGINE.public_view(state, seat)
        action = heuristic_action(view, ENGINE.legal_actions(state, seat), rng)
        outcome = ENGINE.apply(state, action)
        state = outcome.state
        actions.append(action)
        step += 1
        if draw:
            caption = " ".join(ENGINE.describe(e, players) for e in outcome.events[-2:])
            draw(state, step, caption)
    record = make_record("doge", seed, players, settings, actions)
    path = out / "doge-demo-record.json"
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


def _image_writer(out: Path):
    try:
        from rendering.doge_board import write_png
    except ImportError:  # the renderer is optional for the record
        return None

    def draw(state, step: int, caption: str) -> None:
        write_png(out / f"doge-step-{step:04d}.png", ENGINE.public_view(state, None), caption)

    return draw
