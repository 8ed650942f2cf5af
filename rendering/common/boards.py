"""What every game's board module offers in the same way, built from its own renderer:
its fixed palette, the board drawn off the event loop for the channel, and written to a
file for the demo (`python -m bot demo` calls a board module's `write_png(path, view,
caption)`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from PIL import Image

from rendering.common.drawing import RGB, cached, piece_colours, piece_swatch
from rendering.common.legibility import unrecorded
from rendering.common.palette import fixed_palette

Render = Callable[[Any, str], bytes]  # (public view, caption) -> PNG bytes


def board_palette(game: str, exact: list[RGB], surfaces: tuple[RGB, ...],
                  background: Callable[[], Image.Image]) -> list[RGB]:
    """A board's fixed palette, made once: every piece colour and `exact` kept exact, then
    the colours of the background's edges and of the pieces' edges on `surfaces`."""

    def build() -> list[RGB]:
        with unrecorded():  # a sample, not a text of the image being drawn
            return fixed_palette([*piece_colours(), *exact],
                                 [background(), piece_swatch(surfaces)])

    return cached(("palette", game), build)


def off_the_loop(render: Render, check: Callable[[Any], object]
                 ) -> Callable[[Any, str], Awaitable[bytes]]:
    """`render` in a worker thread, so the event loop (and the gateway heartbeat) never
    waits on drawing or compression; `check` refuses a view that is not public first."""

    async def render_async(view: Any, caption: str = "") -> bytes:
        check(view)  # fail fast, in the caller's task
        return await asyncio.to_thread(render, view, caption)

    return render_async


def png_writer(render: Render) -> Callable[[str | Path, Any, str], Path]:
    """A board module's `write_png(path, view, caption)`: `render`'s PNG saved at `path`,
    its folders made."""

    def write_png(path: str | Path, view: Any, caption: str = "") -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(render(view, caption))
        return path

    return write_png
