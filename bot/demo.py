"""Offline games between computer players: each registered game's record, and a board
image per step.

The seats are played by the same computer players the tables seat with `/<game> addbot`,
so a record says `is_bot: true`; the seats of a game whose players pick colours carry the
lobby's colours, and each record the settings the game was played with
(docs/record-format.md)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.record import make_record
from bot.games.registry import GAMES
from bot.games.registry import game as registered
from bot.games.sealing import Commitment, sealing_of
from bot.tables.kits import GameKit

DEMO_PLAYERS = ["Anna", "Bernd", "Claudia", "Daniel"]  # as many as the game seats, if it can
DEMO_GAME_ID = 0  # the game id sealed into the commitments: a demo game is in no store
SALT_BITS = 128  # as a table's salts (bot/tables/commitments.py)

Draw = Callable[[Any, int, str], None]


def demo_players(kit: GameKit) -> list[PlayerSpec]:
    """Four computer seats, or as near to four as the game seats. They take the lobby's
    colours in order; a game that deals colours in secret (no colours to pick) gives
    them none."""
    count = min(max(len(DEMO_PLAYERS), kit.min_players), kit.max_players)
    names = [*DEMO_PLAYERS, *(f"Player {n + 1}" for n in range(len(DEMO_PLAYERS), count))]
    colours = list(kit.colours[:count]) if kit.colours else [None] * count
    return [PlayerSpec(name, colour, is_bot=True)
            for name, colour in zip(names[:count], colours, strict=True)]


@dataclass(frozen=True)
class Demo:
    """A demo game written: its record, who won, how long it lasted, boards drawn."""

    game: str
    record: Path
    winners: list[str]
    steps: int  # the actions played
    boards: int
    no_boards: str = ""  # why none were drawn, when they were asked for

    def line(self) -> str:
        won = " and ".join(self.winners)
        boards = f"{self.boards} boards" if self.boards else "no boards"
        if self.no_boards:
            boards += f" ({self.no_boards})"
        return (f"{self.game} demo game written to {self.record}: {won} won after "
                f"{self.steps} steps, {boards}")


def play_demo(out: Path, seed: int = 2026, images: bool = True,
              game: str | None = None) -> Path:
    """Play one game to its end; its record's path (`demo_game`)."""
    return demo_game(out, seed, images, game).record


def demo_game(out: Path, seed: int = 2026, images: bool = True,
              game: str | None = None) -> Demo:
    """Play one game to its end; write `<game>-demo-record.json` (and the boards) to `out`.
    The hidden stacks a game seals are sealed as a table seals them (`python -m bot
    verify` checks them), with salts drawn from the seed: the same seed, the same file.
    Without `game`, the first game registered."""
    game = game or GAMES[0]
    kit = registered(game).kit
    engine = kit.engine
    out.mkdir(parents=True, exist_ok=True)
    players = demo_players(kit)
    settings = kit.settings_for({})
    state = engine.new_game(players, settings, random.Random(seed))
    choices = random.Random(seed)  # whose turn among simultaneous seats, and the players'
    salts = random.Random(f"salts {seed}")
    sealing = sealing_of(game)
    sealed: list[Commitment] = []
    draw = board_writer(out, game) if images else None
    no_boards = "" if draw or not images else missing_board(game)
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
    places = registered(game).community.finish(engine.public_view(state, None)).places
    return Demo(game, path, [p.name for p, place in zip(players, places, strict=True)
                             if place == 1],
                len(actions), len(actions) + 1 if draw else 0, no_boards)


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


def missing_board(game: str) -> str:
    """Why `board_writer` draws nothing for `game`, in words that say what to add."""
    package = registered(game).drawing
    try:
        board = registered(game).optional("drawing", "board")
    except ImportError as exc:
        return f"the board's renderer cannot be imported: {exc}"
    if board is None:
        return f"{game} has no {package}.board module"
    return f"{package}.board has no write_png(path, view, caption)"


def board_writer(out: Path, game: str) -> Draw | None:
    """Draws a step's board into `out` with the game's board module (its `write_png`);
    None when the game has none or the renderer is not installed (the record needs no
    images)."""
    engine = registered(game).engine
    try:
        board = registered(game).optional("drawing", "board")
    except ImportError:
        return None
    write_png = getattr(board, "write_png", None)
    if write_png is None:
        return None

    def draw(state: Any, step: int, caption: str) -> None:
        view = engine.public_view(state, None)  # boards show only what is public (D-10)
        write_png(out / f"{game}-step-{step:04d}.png", view, caption)

    return draw
