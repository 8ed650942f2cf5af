"""Offline games between computer players: each game's record, and a board image per step.

The seats are played by the same computer players the tables seat with `/doge addbot` and
`/clans addbot`, so a record says `is_bot: true`; Doge seats carry the lobby's colours and
each record the settings the game was played with (docs/record-format.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.record import make_record
from bot.tables.kits import KITS, GameKit

DEMO_PLAYERS = ["Anna", "Bernd", "Claudia", "Daniel"]
DEMO_GAMES = ("doge", "clans")

Draw = Callable[[Any, int, str], None]


def demo_players(kit: GameKit) -> list[PlayerSpec]:
    """Four computer seats; Doge's take the lobby colours in order, Clans' are dealt
    their colours in secret by the game (C-2.3)."""
    colours = list(kit.colours) or [None] * len(DEMO_PLAYERS)
    return [PlayerSpec(name, colour, is_bot=True)
            for name, colour in zip(DEMO_PLAYERS, colours, strict=True)]


def play_demo(out: Path, seed: int = 2026, images: bool = True, game: str = "doge") -> Path:
    """Play one game to its end; write `<game>-demo-record.json` (and the boards) to `out`."""
    kit = KITS[game]
    engine = kit.engine
    out.mkdir(parents=True, exist_ok=True)
    players = demo_players(kit)
    settings = kit.settings_for({})
    state = engine.new_game(players, settings, random.Random(seed))
    choices = random.Random(seed)  # whose turn among simultaneous seats, and the players'
    draw = _image_writer(out, game) if images else None
    actions = []
    if draw:
        draw(state, 0, str(kit.opening_note))
    while not engine.is_over(state):
        seat = choices.choice(engine.pending(state))
        action = kit.ai_action(state, seat, choices)
        outcome = engine.apply(state, action)
        state = outcome.state
        actions.append(action)
        if draw:
            draw(state, len(actions), step_caption(engine, state, outcome.events, players))
    record = make_record(game, seed, players, settings, actions,
                         meta={"status": "finished"})
    path = out / f"{game}-demo-record.json"
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def step_caption(engine: Any, state: Any, events: list[Any],
                 players: list[PlayerSpec]) -> str:
    """A step's board caption: the game's own, its outcome first; else its last two
    events; at the end the result alone, which a long final move would otherwise push
    out of the caption's two lines."""
    own = engine.caption(events, players)
    if own:
        return str(own)
    told = events[-1:] if engine.is_over(state) else events[-2:]
    return " ".join(engine.describe(e, players) for e in told)


def _image_writer(out: Path, game: str) -> Draw | None:
    engine = KITS[game].engine
    try:
        if game == "doge":
            from rendering.doge.board import write_png
        else:
            from rendering.clans.board import write_png
    except ImportError:  # the renderer is optional for the record
        return None

    def draw(state: Any, step: int, caption: str) -> None:
        view = engine.public_view(state, None)  # boards show only what is public (D-10)
        write_png(out / f"{game}-step-{step:04d}.png", view, caption)

    return draw
