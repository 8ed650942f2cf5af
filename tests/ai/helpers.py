"""Positions of both games reached by play, for the computer players' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE as CLANS
from bot.games.doge import ENGINE as DOGE
from bot.games.doge.players import random_action
from bot.tables.kits import get_kit

ENGINES = {"doge": DOGE, "clans": CLANS}


def new_game(game: str, players: int, seed: int) -> Any:
    """A game with the settings of a table opened with no options: no year limit (Doge's
    stalemate end, D-9.4, ends a game in which nobody builds any more)."""
    engine = ENGINES[game]
    return engine.new_game([PlayerSpec(f"P{i}") for i in range(players)],
                           get_kit(game).settings_for({}), random.Random(seed))


def random_step(game: str, state: Any, rng: random.Random) -> Any:
    """One uniformly random legal action of a random awaited seat, applied in place."""
    engine = ENGINES[game]
    seat = rng.choice(engine.pending(state))
    if game == "doge":
        action = random_action(state, seat, rng)
    else:
        action = rng.choice(engine.legal_actions(state, seat))
    engine.apply_in_place(state, action)
    return state


def positions(game: str, count: int, seed: int = 0, players: int = 4,
              per_game: int = 8, smart: float = 0.5) -> Iterator[Any]:
    """`count` positions where someone must act, a few from each of many games played
    with a mix of random and heuristic moves (a `smart` share of them), so elections
    with ties and palaces occur."""
    rng = random.Random(seed)
    engine, kit = ENGINES[game], get_kit(game)
    made = 0
    game_no = 0
    while made < count:
        state = new_game(game, players, seed * 1000 + game_no)
        game_no += 1
        length = 0
        keep_every = rng.randint(3, 30)
        while not engine.is_over(state) and made < count and \
                length < keep_every * per_game:
            if length % keep_every == 0:
                made += 1
                yield engine.state_from_json(engine.state_to_json(state))
            roll = rng.random()
            if roll < 0.05:  # a deadline: the table's default (sitting out in placement)
                seat = rng.choice(engine.pending(state))
                engine.apply_in_place(state, engine.default_action(state, seat))
            elif roll < 1 - smart:
                random_step(game, state, rng)
            else:
                seat = rng.choice(engine.pending(state))
                engine.apply_in_place(state, kit.ai_action(state, seat, rng))
            length += 1
