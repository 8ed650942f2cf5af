"""What every game's board module offers in the same way, built from its own renderer:
its fixed palette, the board drawn off the event loop for the channel, and written to a
file for the demo (`python -m bot demo` calls a board module's `write_png(path, view,
caption)`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, NamedTuple

from PIL import Image

from bot.i18n import SOURCE_LANGUAGE, speaking
from rendering.common.drawing import RGB, cached, piece_colours, piece_swatch
from rendering.common.legibility import unrecorded
from rendering.common.palette import encode_palette_png, fixed_palette

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


def spectators_only(kind: type, title: str) -> Callable[[object], Any]:
    """A board's check of what it is given: a spectator's view of `kind` (its `seat`
    None) passes; a seat's view, which carries that seat's secrets, or any other thing
    is refused."""

    def check(view: object) -> Any:
        if type(view) is not kind or getattr(view, "seat", None) is not None:
            raise TypeError(f"the {title} board draws only a spectator's {kind.__name__}")
        return view

    return check


class Board(NamedTuple):
    """A board module's parts made from its image renderer (`palette_board`): its
    `palette`, `render(view, caption)` → palette PNG, `render_async` off the event loop,
    the demo's `write_png` and the recap's `recap` (`RECAP_DRAWING`)."""

    palette: Callable[[], list[RGB]]
    render: Render
    render_async: Callable[[Any, str], Awaitable[bytes]]
    write_png: Callable[[str | Path, Any, str], Path]
    recap: tuple[Callable[[Any, str], Image.Image], Callable[[], list[RGB]]]


def palette_board(game: str, image: Callable[[Any, str], Image.Image],
                  check: Callable[[Any], Any], names: Callable[[Any], tuple[str, ...]],
                  exact: list[RGB], sample: Callable[[], Any]) -> Board:
    """Every part of a board module but its drawing: `image(view, caption)` draws a
    public view (`check` refuses any other view first), `names(view)` the names it
    shows; the palette keeps `exact` exact and samples the image of `sample()`."""

    def palette() -> list[RGB]:
        def build() -> list[RGB]:
            with unrecorded(), speaking(SOURCE_LANGUAGE):  # a sample, in one language
                return fixed_palette(exact, [image(sample(), "A caption")])
        return cached(("palette", game), build)

    def render(view: Any, caption: str = "") -> bytes:
        texts = (caption, *names(check(view)))
        return encode_palette_png(image(view, caption), palette(), texts)

    return Board(palette, render, off_the_loop(render, check), png_writer(render),
                 (image, palette))
