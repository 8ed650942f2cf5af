"""What the Clans board costs: time to draw and encode it, and its size.

`run()` returns:
- clans_render_ratio: median time of `render_clans_board` (copy of the cached background,
  per-step drawing, palette reduction and palette PNG encoding) for a mid-game view,
  divided by the median time of encoding the finished board image the same way (no
  drawing), interleaved in the same run. Goal: <= 1.3, i.e. drawing adds under 30% to
  the unavoidable encoding. This is the measure `render_bench.py` uses for Doge.
- clans_render_vs_rgb_encode: the same render time divided by encoding the finished
  board as an RGB PNG at zlib level 1 (the encoding before palettes). Goal: <= 1.0.
- clans_png_bytes: the PNG's size. Goal: <= 80 KB.
- clans_blank_encode_ratio: the same render time divided by encoding a uniform blank
  canvas of the same size. A flat image compresses about three times faster than any
  board with terrain on it, at every zlib level (even level 0), so this ratio measures
  the picture's content, not the drawing; reported so the two can be told apart.
plus the raw timings, the PNG size, the background build time (what caching saves on
every step) and, per zlib level, encode time and size: the measurement behind the level.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from PIL import Image

from bot.games.base import PlayerSpec
from bot.games.clans import ENGINE, ClansPublicView
from rendering.clans.background import build_background
from rendering.clans.board import clans_palette, render_clans_board, render_clans_image
from rendering.common.drawing import encode_png
from rendering.common.palette import PALETTE_LEVEL, encode_palette_png, quantize

NAMES = ("Alice", "Bruno", "Chiara", "Dmitri")


def mid_game_view(seed: int = 7) -> tuple[ClansPublicView, str]:
    """A 4-player game played at random until six villages stand and some territory holds
    7 or more huts: villages, stacks, badges and the last move all on the board."""
    specs = [PlayerSpec(n) for n in NAMES]
    for attempt in range(100):
        rng = random.Random(seed + attempt)
        state = ENGINE.new_game(specs, {}, rng)
        caption = "New game"
        while not ENGINE.is_over(state):
            if len(state.villages) >= 6 and max(state.totals) >= 7:
                view = ENGINE.public_view(state, None)
                assert isinstance(view, ClansPublicView)
                return view, caption
            seat = ENGINE.pending(state)[0]
            outcome = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, seat)))
            state = outcome.state
            if outcome.events:
                caption = ENGINE.describe(outcome.events[0], specs)
    raise RuntimeError("no benchmark game reached the mid-game position")


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def run(repeats: int = 21) -> dict[str, Any]:
    view, caption = mid_game_view()
    data = render_clans_board(view, caption)  # warm the background and sprite caches
    drawn = render_clans_image(view, caption)
    blank = Image.new("RGB", drawn.size, (255, 255, 255))
    palette, texts = clans_palette(), (caption, *view.players)
    render_s: list[float] = []
    drawn_s: list[float] = []
    blank_s: list[float] = []
    rgb_s: list[float] = []
    for _ in range(repeats):  # interleaved, so all see the same machine load
        t0 = time.perf_counter()
        data = render_clans_board(view, caption)
        t1 = time.perf_counter()
        encode_palette_png(drawn, palette, texts)
        t2 = time.perf_counter()
        encode_palette_png(blank, palette)
        t3 = time.perf_counter()
        encode_png(drawn, 1)
        t4 = time.perf_counter()
        render_s.append(t1 - t0)
        drawn_s.append(t2 - t1)
        blank_s.append(t3 - t2)
        rgb_s.append(t4 - t3)
    t0 = time.perf_counter()
    build_background()
    background_s = time.perf_counter() - t0
    reduced = quantize(drawn, palette)
    levels = {}
    for level in (0, 1, 3, 6, 9):
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            size = len(encode_png(reduced, level))
            times.append(time.perf_counter() - t0)
        levels[str(level)] = {"ms": _ms(statistics.median(times)), "bytes": size}
    render = statistics.median(render_s)
    encode, encode_blank = statistics.median(drawn_s), statistics.median(blank_s)
    rgb = statistics.median(rgb_s)
    return {
        "clans_render_ratio": round(render / encode, 3),
        "clans_render_vs_rgb_encode": round(render / rgb, 3),
        "clans_blank_encode_ratio": round(render / encode_blank, 3),
        "clans_png_bytes": len(data),
        "clans_render_ms": _ms(render),
        "clans_encode_only_ms": _ms(encode),
        "clans_rgb_encode_ms": _ms(rgb),
        "clans_blank_encode_ms": _ms(encode_blank),
        "clans_background_build_ms": _ms(background_s),
        "clans_png_level": PALETTE_LEVEL,
        "clans_png_levels": levels,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
