"""A game's recap as an animated GIF: the board after each election (Doge) or village
(Clans), drawn from public views only by the boards' own renderers.

Why GIF and not animated WebP, measured on a 56-election Doge game (1200x1276 boards):
- GIF, the boards' fixed palette, each frame only the pixels that changed: 1.9 MB,
  encoded in 0.6 s; the pixels are exactly those of the PNG boards the channel shows.
- lossless WebP: 1.5 MB but 7.5 s of encoding (8 s at the default effort); lossy WebP
  at quality 80: 3.5 MB in 10 s, with soft edges on the small numbers and names.
Both stay far under Discord's 8 MB; GIF keeps the boards' legibility at a tenth of the
work, and every Discord client plays it inline. `bench/recap_bench.py` checks the size.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from bot.games.registry import GAMES
from bot.games.registry import game as registered
from rendering.common.palette import glyph_colours, quantize

FRAME_MS = 1600  # long enough to read the caption
LAST_FRAME_MS = 6000  # the final board stays a while before the loop starts again


def _renderer(game: str) -> tuple[Callable[[Any, str], Image.Image], list[Any]]:
    """The game's board drawing and its palette (`RECAP_DRAWING` in the `board` module
    of the game's drawing package, rendering/<game>/ for the product's games)."""
    if game not in GAMES:
        raise ValueError(f"no recap for the game {game!r}")
    draw, palette = registered(game).module("drawing", "board").RECAP_DRAWING
    return draw, palette()


def _names(view: Any) -> list[str]:
    return [p if isinstance(p, str) else p.name for p in view.players]


def render_recap(game: str, scenes: Sequence[Any]) -> bytes:
    """The scenes (bot.community.recap.Scene: a public view and a caption) as one
    animated GIF that loops; ValueError when there is no scene."""
    if not scenes:
        raise ValueError("a recap needs at least one scene")
    draw, palette = _renderer(game)
    first = draw(scenes[0].view, scenes[0].caption)  # the renderers refuse secret views
    # Emoji in names keep their colours, as on the PNG boards.
    own = glyph_colours(tuple([s.caption for s in scenes] + _names(scenes[0].view)))
    # Each frame is reduced to the palette as soon as it is drawn: palette frames take a
    # quarter of the memory of full-colour ones (the GIF writer holds them all).
    frames = [quantize(first.convert("RGB"), palette, own)]
    frames += [quantize(draw(s.view, s.caption).convert("RGB"), palette, own)
               for s in scenes[1:]]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    buf = io.BytesIO()
    # disposal 1: each frame is drawn over the last, so only changed pixels are stored.
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:],
                   duration=durations, loop=0, optimize=True, disposal=1)
    return buf.getvalue()


async def render_recap_async(game: str, scenes: Sequence[Any]) -> bytes:
    """In a worker thread: the event loop never waits on drawing or compression."""
    return await asyncio.to_thread(render_recap, game, scenes)
