"""How many complete random 4-player Clans games one core plays per second, on the
in-place simulation path (setup, then uniformly random moves and village orders)."""

from __future__ import annotations

import random
import time

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.players import play_out_randomly

PLAYERS = [PlayerSpec(name) for name in ("North", "East", "South", "West")]


def play_games(count: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        state = ENGINE.new_game(PLAYERS, {}, rng)
        play_out_randomly(state, rng)


def run(seconds: float = 2.0) -> dict[str, float]:
    play_games(20)  # warm up caches and imports outside the measurement
    games, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        play_games(50, seed=games)
        games += 50
    return {"clans_random_games_per_s": round(games / elapsed, 1)}


if __name__ == "__main__":
    print(run())
