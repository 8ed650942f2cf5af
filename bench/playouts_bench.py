"""Random playouts per second, one core: complete 4-player games from the start with
uniformly random legal actions, on the path the search uses (`bot.games.doge.fast`,
`bot.games.clans.fast`), against the public `legal_actions` + `apply_in_place` path in the
same run (the path a search had before the fast path existed)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE as CLANS
from bot.games.clans.fast import play_out
from bot.games.doge import ENGINE as DOGE
from bot.games.doge.fast_state import from_state

PLAYERS = [PlayerSpec(f"P{i}") for i in range(4)]
# Measured on the development machine before the fast paths existed (public path, games
# per second); the ratios below are measured against the public path in the same run.
BEFORE = {"doge": 18.9, "clans": 290.0}


def doge_public(seed: int) -> None:
    rng = random.Random(seed)
    st = DOGE.new_game(PLAYERS, {}, random.Random(seed))
    while not DOGE.is_over(st):
        seat = rng.choice(DOGE.pending(st))
        DOGE.apply_in_place(st, rng.choice(DOGE.legal_actions(st, seat)))


def doge_fast(seed: int) -> None:
    rng = random.Random(seed)
    sim = from_state(DOGE.new_game(PLAYERS, {}, random.Random(seed)))
    while sim.winners is None:
        seat = rng.choice(sim.pending())
        sim.apply(seat, rng.choice(sim.legal(seat)))


def clans_public(seed: int) -> None:
    rng = random.Random(seed)
    st = CLANS.new_game(PLAYERS, {}, random.Random(seed))
    while not CLANS.is_over(st):
        CLANS.apply_in_place(st, rng.choice(CLANS.legal_actions(st, st.mover)))


def clans_fast(seed: int) -> None:
    rng = random.Random(seed)
    play_out(CLANS.new_game(PLAYERS, {}, random.Random(seed)), rng)


def games_per_s(play: Callable[[int], None], seconds: float) -> float:
    """CPU time of this process only, so other work on the machine counts less."""
    play(0)  # warm up caches and imports
    games, started = 0, time.process_time()
    while (elapsed := time.process_time() - started) < seconds:
        play(games)
        games += 1
    return games / elapsed


def run(seconds: float = 4.0) -> dict[str, float]:
    out: dict[str, float] = {}
    for game, public, fast in (("doge", doge_public, doge_fast),
                               ("clans", clans_public, clans_fast)):
        # Alternate the two paths so a busy spell on the machine hits both alike.
        slow = quick = 0.0
        for _ in range(2):
            slow += games_per_s(public, seconds / 2) / 2
            quick += games_per_s(fast, seconds / 2) / 2
        out[f"{game}_playouts_per_s"] = round(quick, 1)
        out[f"{game}_playouts_public_path_per_s"] = round(slow, 1)
        out[f"{game}_playouts_ratio"] = round(quick / slow, 2)
        out[f"{game}_playouts_vs_before"] = round(quick / BEFORE[game], 2)
    return out


if __name__ == "__main__":
    print(run())
