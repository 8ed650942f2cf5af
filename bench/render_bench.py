"""What the Doge board costs: time to draw and encode it, and its size.

`run()` returns, over consecutive steps of a realistic mid-game (4 players, year 3, an
election being decided); each repetition starts with an empty tile cache, so changed
player cards are redrawn as in a game:
- doge_render_vs_rgb_encode: median time of `render_doge_board` (copy of the cached
  background, per-step drawing, palette reduction and palette PNG encoding) divided by
  the median time of encoding the same, already drawn canvas as an RGB PNG at zlib level
  1 (the board's encoding before palettes). Goal: <= 1.0, i.e. the whole lighter board
  costs less than the old encoding alone.
- doge_render_ratio: the same render time divided by the palette encoding alone
  (reduction and PNG, no drawing): what drawing adds. Goal: <= 1.3.
- doge_png_bytes: the largest PNG of those steps. Goal: <= 100 KB.
plus the raw timings, the background build time (what caching saves on every step) and,
per zlib level, encode time and size of the palette image: the measurement behind
PALETTE_LEVEL.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from bot.games.base import PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.players import heuristic_action
from bot.games.doge.view import PublicView
from rendering.common.drawing import clear_tiles, encode_png
from rendering.common.palette import PALETTE_LEVEL, encode_palette_png, quantize
from rendering.doge.background import build_background
from rendering.doge.board import doge_palette, render_doge_board, render_doge_image

Step = tuple[PublicView, str]


def mid_game_steps(count: int = 12, seed: int = 7) -> list[Step]:
    """`count` consecutive public views (with captions) of a 4-player game played by the
    heuristic players, from the first moment in year 3 when an election is being decided
    after three others: palaces, houses, advisors and stacks are all out by then."""
    rng = random.Random(seed)
    specs = [PlayerSpec(n) for n in ("Alice", "Bruno", "Chiara", "Dmitri")]
    state = ENGINE.new_game(specs, {}, rng)
    caption, steps = "New game", []
    for _ in range(10_000):
        view = ENGINE.public_view(state, None)
        if steps or (view.year >= 3 and view.election is not None
                     and view.elections_done >= 3 and view.election.question):
            steps.append((view, caption))
        if len(steps) == count or ENGINE.is_over(state):
            return steps
        seat = ENGINE.pending(state)[0]
        action = heuristic_action(ENGINE.public_view(state, seat),
                                  ENGINE.legal_actions(state, seat), rng)
        outcome = ENGINE.apply(state, action)
        state = outcome.state
        if outcome.events:
            caption = ENGINE.describe(outcome.events[-1], specs)
    raise RuntimeError("the benchmark game did not reach a mid-game election")


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def run(repeats: int = 5) -> dict[str, Any]:
    steps = mid_game_steps()
    canvases = [render_doge_image(v, c) for v, c in steps]  # also warms static caches
    palette = doge_palette()
    render_s: list[float] = []
    palette_s: list[float] = []
    rgb_s: list[float] = []
    sizes: list[int] = []
    for _ in range(repeats):
        clear_tiles()
        render_doge_board(*steps[0])  # the step before is on screen already
        for step, canvas in zip(steps[1:], canvases[1:], strict=True):
            texts = (step[1], *(p.name for p in step[0].players))
            t0 = time.perf_counter()
            data = render_doge_board(*step)
            t1 = time.perf_counter()
            encode_palette_png(canvas, palette, texts)
            t2 = time.perf_counter()
            encode_png(canvas, 1)
            t3 = time.perf_counter()
            render_s.append(t1 - t0)
            palette_s.append(t2 - t1)
            rgb_s.append(t3 - t2)
            sizes.append(len(data))
    t0 = time.perf_counter()
    build_background()
    background_s = time.perf_counter() - t0
    reduced = quantize(canvases[0], palette)
    levels = {}
    for level in (1, 3, 6, 9):
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            size = len(encode_png(reduced, level))
            times.append(time.perf_counter() - t0)
        levels[str(level)] = {"ms": _ms(statistics.median(times)), "bytes": size}
    render, encode, rgb = (statistics.median(x) for x in (render_s, palette_s, rgb_s))
    return {
        "doge_render_vs_rgb_encode": round(render / rgb, 3),
        "doge_render_ratio": round(render / encode, 3),
        "doge_png_bytes": max(sizes),
        "doge_rgb_png_bytes": len(encode_png(canvases[-1], 1)),
        "doge_render_ms": _ms(render),
        "doge_encode_only_ms": _ms(encode),
        "doge_rgb_encode_ms": _ms(rgb),
        "doge_background_build_ms": _ms(background_s),
        "doge_png_level": PALETTE_LEVEL,
        "doge_png_levels": levels,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
