"""Offline games between computer players: each game's record, and a board image per step.

The seats are played by the same computer players the tables seat with `/doge addbot` and
`/clans addbot`, so a record says `is_bot: true`; Doge seats carry the lobby's colours and
each record the settings the game was played with (docs/record-format.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.community import community_of
from bot.games.record import make_record
from bot.games.sealing import Commitment, sealing_of
from bot.tables.kits import KITS, GameKit

DEMO_PLAYERS = ["Anna", "Bernd", "Claudia", "Daniel"]
DEMO_GAMES = ("doge", "clans")
DEMO_GAME_ID = 0  # the game id sealed into the commitments: a demo game is in no store
SALT_BITS = 128  # as a table's salts (bot/tables/commitments.py)

Draw = Callable[[Any, int, str], None]


def demo_players(kit: GameKit) -> list[PlayerSpec]:
    """Four computer seats; Doge's take the lobby colours in order, Clans' are dealt
    their colours in secret by the game (C-2.3)."""
    colours = list(kit.colours) or [None] * len(DEMO_PLAYERS)
    return [PlayerSpec(name, colour, is_bot=True)
            for name, colour in zip(DEMO_PLAYERS, colours, strict=True)]


@dataclass(frozen=True)
class Demo:
    """A demo game written: its record, who won, how long it lasted, boards drawn."""

    game: str
    record: Path
    winners: list[str]
    length: str  # "7 years", "41 turns, epoch 5"
    boards: int

    def line(self) -> str:
        won = " and ".join(self.winners)
        boards = f"{self.boards} boards" if self.boards else "no boards"
        return (f"{self.game} demo game written to {self.record}: {won} won after "
                f"{self.length}, {boards}")


def play_demo(out: Path, seed: int = 2026, images: bool = True,
              game: str = DEMO_GAMES[0]) -> Path:
    """Play one game to its end; its record's path (`demo_game`)."""
    return demo_game(out, seed, images, game).record


def demo_game(out: Path, seed: int = 2026, images: bool = True, game: str = "doge") -> Demo:
    """Play one game to its end; write `<game>-demo-record.json` (and the boards) to `out`.
    The hidden stacks a game seals are sealed as a table seals them (`python -m bot
    verify` checks them), with salts drawn from the seed: the same seed, the same file."""
    kit = KITS[game]
    engine = kit.engine
    out.mkdir(parents=True, exist_ok=True)
    players = demo_players(kit)
    settings = kit.settings_for({})
    state = engine.new_game(players, settings, random.Random(seed))
    choices = random.Random(seed)  # whose turn among simultaneous seats, and the players'
    salts = random.Random(f"salts {seed}")
    sealing = sealing_of(game)
    sealed: list[Commitment] = []
    draw = _image_writer(out, game) if images else None
    actions = []
    if draw:
        draw(state, 0, str(kit.opening_note))
    while not engine.is_over(state):
        seat = choices.choice(engine.pending(state))
        action = kit.ai_action(state, seat, choices)
        outcome = engine.apply(state, action)
        if sealing is not None:
            sealed += sealing.seal(DEMO_GAME_ID, state, action, outcome.events,
                                   lambda: f"{salts.getrandbits(SALT_BITS):0{SALT_BITS // 4}x}")
        state = outcome.state
        actions.append(action)
        if draw:
            draw(state, len(actions), step_caption(engine, state, outcome.events, players))
    commitments = None if sealing is None or not sealed else {
        "scheme": sealing.scheme, "game_id": DEMO_GAME_ID,
        "stacks": [c.to_json() for c in sealed]}
    record = make_record(game, seed, players, settings, actions,
                         meta={"status": "finished"}, commitments=commitments)
    path = out / f"{game}-demo-record.json"
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    view = engine.public_view(state, None)
    places = community_of(game).finish(view).places
    return Demo(game, path, [p.name for p, place in zip(players, places, strict=True)
                             if place == 1],
                _length(view), len(actions) + 1 if draw else 0)


def _length(view: Any) -> str:
    """How long a finished game lasted, as its public view counts: years, or turns and
    the epoch reached."""
    year = getattr(view, "year", None)
    if year is not None:
        return f"{year} year" + ("s" if year != 1 else "")
    return f"{view.turn} turns, epoch {view.epoch}"


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
