"""Doge engine: random games per second on one core, and the heuristic's win rate."""

from __future__ import annotations

import random
import time

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.engine import apply_in_place
from bot.games.doge.players import heuristic_action, random_action
from bot.games.doge.view import player_view


def _play(seed: int, heuristic_seat: int | None = None) -> list[int]:
    rng = random.Random(seed)
    state = ENGINE.new_game([PlayerSpec(f"P{i}") for i in range(4)], {}, random.Random(seed))
    while state.phase != "over":
        pending = ENGINE.pending(state)
        seat = rng.choice(pending)
        if seat == heuristic_seat:
            action = heuristic_action(player_view(state, seat, pending),
                                      ENGINE.legal_actions(state, seat))
        else:
            action = random_action(state, seat, rng)
        apply_in_place(state, action)
    return state.result["winners"]


def run(games: int = 300, duel_games: int = 400) -> dict[str, float]:
    start = time.process_time()  # CPU time of this one process: one core
    for seed in range(games):
        _play(seed)
    per_s = games / (time.process_time() - start)
    wins = 0.0
    for seed in range(duel_games):
        seat = seed % 4
        winners = _play(10_000 + seed, heuristic_seat=seat)
        if seat in winners:
            wins += 1 / len(winners)  # a shared win counts its share
    return {"doge_random_games_per_s": round(per_s, 1),
            "doge_heuristic_win_rate": round(wins / duel_games, 3)}


if __name__ == "__main__":
    print(run())
