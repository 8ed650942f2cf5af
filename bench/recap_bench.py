"""The animated recap of a finished game: its size against Discord's 8 MB.

Seeded 4-player games of each game are played by the computer (the heuristic seats
`/doge addbot` gives); each game's recap (rendering/common/recap.py: the board after each
election or village, as a GIF) is drawn from its record as the bot does at the end of a
game. `run()` returns:
- recap_bytes_max: the largest recap of all these games. Goal: < 8 MB (8,388,608 bytes).
- per game: the longest game's scenes, its recap's bytes and the seconds it took to
  replay and draw (a figure to watch, not a goal).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bot.community.recap import scenes
from bot.demo import demo_players
from bot.games.record import make_record
from bot.tables.kits import KITS
from rendering.common.recap import render_recap

SEEDS = range(1, 7)


def play(game: str, seed: int) -> dict[str, Any]:
    """A finished game's record."""
    kit = KITS[game]
    players, settings = demo_players(kit), kit.settings_for({})
    state = kit.engine.new_game(players, settings, random.Random(seed))
    rng, actions = random.Random(seed), []
    while not kit.engine.is_over(state):
        action = kit.ai_action(state, rng.choice(kit.engine.pending(state)), rng)
        state = kit.engine.apply(state, action).state
        actions.append(action)
    return make_record(game, seed, players, settings, actions, meta={"status": "finished"})


def run() -> dict[str, Any]:
    out: dict[str, Any] = {}
    largest = 0
    for game in ("doge", "clans"):
        measured = []
        for seed in SEEDS:
            record = play(game, seed)
            started = time.perf_counter()
            found = scenes(record)
            size = len(render_recap(game, found))
            measured.append((len(found), size, time.perf_counter() - started))
        frames, size, seconds = max(measured)  # the longest game
        largest = max(largest, *(m[1] for m in measured))
        out[f"{game}_recap_longest_scenes"] = frames
        out[f"{game}_recap_longest_bytes"] = size
        out[f"{game}_recap_longest_s"] = round(seconds, 2)
    out["recap_bytes_max"] = largest
    return out


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
