"""Palette PNGs: a board holds a few hundred distinct colours, and one byte per pixel
instead of three makes the file about a third of the RGB one and quicker to write.

Each board has a fixed palette, built once from what never changes: the colours every
piece and label is drawn in (kept exact), then the colours of its static background and
of the pieces' anti-aliased edges (chosen by an octree). A few entries are left free: an
image whose names hold colour emoji gives them colours of their own. Everything is a
function of the board and its texts, so the same board gives the same bytes in every
process.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image

from rendering.common.text import text_image, uses_colour_font

RGB = tuple[int, int, int]
INK: RGB = (33, 30, 28)  # the board's ink and paper (rendering.common.drawing), for glyph samples
PAPER: RGB = (250, 244, 230)

REMAINDER = 64  # palette entries left for colours of one image
# zlib level, by measurement on the mid-game Doge board (bench/render_bench.py): at level 7
# the palette image is a third of the RGB PNG (about 98 KB) and, with the reduction, still
# encodes faster than RGB at level 1; level 8 saves 2% more and takes twice as long.
PALETTE_LEVEL = 7


def _box(c: RGB) -> tuple[int, int, int]:
    # Pillow maps colours through a cache of 4x4x4 boxes, each box to the entry nearest
    # its lowest corner: keep one entry per box.
    return (c[0] >> 2, c[1] >> 2, c[2] >> 2)


def _mapped_to(c: RGB, palette: list[RGB]) -> RGB:
    """The entry Pillow maps a colour to (the one nearest its box's corner)."""
    corner = (c[0] & ~3, c[1] & ~3, c[2] & ~3)
    return min(palette, key=lambda p: sum((p[k] - corner[k]) ** 2 for k in range(3)))


def _keep_exact(exact: list[RGB], palette: list[RGB]) -> list[RGB]:
    """Drop the entries that would take an exact colour's pixels."""
    out = list(palette)
    for c in exact:
        while (taker := _mapped_to(c, out)) != c and taker not in exact:
            out.remove(taker)
    return out


def _colours(img: Image.Image, count: int) -> list[RGB]:
    if count <= 0:
        return []
    pal = img.convert("RGB").quantize(count, method=Image.Quantize.FASTOCTREE,
                                      dither=Image.Dither.NONE).getpalette() or []
    used = min(count, len(pal) // 3)
    return [(pal[3 * i], pal[3 * i + 1], pal[3 * i + 2]) for i in range(used)]


def _merge(*groups: Iterable[RGB], limit: int = 256) -> list[RGB]:
    out: list[RGB] = []
    seen: set[tuple[int, int, int]] = set()
    for group in groups:
        for c in group:
            if len(out) == limit:
                return out
            if _box(c) not in seen:
                seen.add(_box(c))
                out.append(c)
    return out


def palette_image(colours: list[RGB]) -> Image.Image:
    pal = Image.new("P", (1, 1))
    flat = [v for c in colours for v in c]
    pal.putpalette(flat + flat[:3] * (256 - len(colours)))
    return pal


def fixed_palette(exact: Iterable[RGB], samples: Iterable[Image.Image]) -> list[RGB]:
    """The exact colours first, then the samples' own colours, leaving REMAINDER free."""
    exact = list(dict.fromkeys(exact))
    sample = list(samples)
    free = 256 - REMAINDER - len(exact)
    per_sample = [_colours(s, max(1, free // len(sample))) for s in sample] if sample else []
    return _keep_exact(exact, _merge(exact, *per_sample, limit=256 - REMAINDER))


@lru_cache(maxsize=64)
def glyph_colours(texts: tuple[str, ...]) -> tuple[RGB, ...]:
    """Up to REMAINDER colours of the colour glyphs (emoji) in these texts: the part of
    an image's palette that is its own. Empty when no text has any."""
    pictures = [text_image(t, 32, INK, True)[0] for t in texts if uses_colour_font(t)]
    if not pictures:
        return ()
    sample = Image.new("RGB", (sum(p.width for p in pictures), max(p.height for p in pictures)),
                       PAPER)
    x = 0
    for picture in pictures:
        sample.paste(picture, (x, 0), picture)
        x += picture.width
    return tuple(_colours(sample, REMAINDER))


@lru_cache(maxsize=64)
def _with_own(palette: tuple[RGB, ...], own: tuple[RGB, ...]) -> list[RGB]:
    # Own colours never take pixels of a fixed colour: those stay exactly as they were.
    return _keep_exact(list(palette), _merge(palette, own))


def quantize(img: Image.Image, palette: list[RGB], own: Iterable[RGB] = ()) -> Image.Image:
    """The image in palette mode: each pixel the nearest colour of the fixed palette and
    of its own colours."""
    full = _with_own(tuple(palette), tuple(own))
    return img.quantize(palette=palette_image(full), dither=Image.Dither.NONE)


def encode_palette_png(img: Image.Image, palette: list[RGB], texts: Iterable[str] = (),
                       level: int = PALETTE_LEVEL) -> bytes:
    """The image as a palette PNG; `texts` are the names and captions drawn on it, whose
    colour glyphs get colours of their own."""
    buf = io.BytesIO()
    own = glyph_colours(tuple(texts))
    quantize(img, palette, own).save(buf, format="PNG", compress_level=level)
    return buf.getvalue()
