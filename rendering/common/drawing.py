"""Game-agnostic drawing helpers shared by the Doge and Clans boards.

Palette with letters for colour-blind players, anti-aliased piece sprites, caches for
static backgrounds, sprites and rarely changing tiles, and PNG encoding at a measured
compression level. Text (fonts with fallback, fitting) lives in `rendering.common.text` and is
re-exported here.
"""

from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from PIL import Image, ImageDraw

from bot.i18n import SOURCE_LANGUAGE, current_language, speaking
from rendering.common.text import draw_text, drawing_scale, fit_text, font, paste_text, text_width

__all__ = [
    "PLAYER_COLOURS", "PNG_COMPRESS_LEVEL", "PlayerColour", "cached", "worded_background",
    "clear_caches",
    "cached_tile", "clear_tiles", "contrast_ratio", "disc_sprite", "draw_text",
    "encode_png", "fit_text", "font", "house_sprite", "letter_disc", "marker_pile_sprite",
    "mix", "palace_sprite", "paste", "paste_text", "pawn_sprite", "player_colour",
    "ring_sprite", "supersampled", "text_width", "pill_sprite", "mark_width",
]

RGB = tuple[int, int, int]
T = TypeVar("T")

# zlib level for PNG, chosen by measurement on a mid-game Doge board (1200x1100, see
# bench/render_bench.py): level 1 encodes in 24 ms to 272 KB, level 6 in 34 ms to 257 KB,
# level 9 in 216 ms to 250 KB. The fastest level is well under the 400 KB budget.
PNG_COMPRESS_LEVEL = 1

# Board-wide neutral colours: dark ink on light parchment keeps text above 7:1 contrast.
INK: RGB = (33, 30, 28)
INK_SOFT: RGB = (92, 82, 70)
PAPER: RGB = (250, 244, 230)
GOLD: RGB = (201, 160, 48)
NAVY: RGB = (30, 42, 58)
CREAM: RGB = (246, 236, 214)
NEUTRAL: RGB = (236, 232, 222)
OK_GREEN: RGB = (40, 120, 70)


@dataclass(frozen=True)
class PlayerColour:
    """A player colour: fill, a darker outline, the ink readable on the fill, a pale
    tint for backgrounds, and the letter drawn on every piece (colour-blind safety)."""

    name: str
    initial: str  # the English initial; `letter` is the one drawn, in the reader's language
    fill: RGB
    dark: RGB
    ink: RGB
    tint: RGB

    @property
    def letter(self) -> str:
        return INITIALS.get(current_language(), {}).get(self.name, self.initial)


# Hues kept apart in lightness as well as hue (red/green read differently to
# deuteranopes); white letters on red/green/blue have >= 4.5:1 contrast.
PLAYER_COLOURS: dict[str, PlayerColour] = {
    "red": PlayerColour("red", "R", (205, 55, 40), (120, 25, 15), (255, 255, 255),
                        (248, 214, 206)),
    "blue": PlayerColour("blue", "B", (25, 100, 190), (10, 45, 100), (255, 255, 255),
                         (206, 222, 244)),
    "green": PlayerColour("green", "G", (0, 130, 95), (0, 70, 48), (255, 255, 255),
                          (200, 234, 220)),
    "yellow": PlayerColour("yellow", "Y", (240, 200, 40), (125, 95, 0), (30, 30, 30),
                           (250, 238, 190)),
    "white": PlayerColour("white", "W", (245, 245, 240), (90, 90, 90), (30, 30, 30),
                          (248, 248, 244)),
    "black": PlayerColour("black", "K", (45, 45, 45), (0, 0, 0), (255, 255, 255),
                          (215, 215, 215)),
}


# A Dutch board marks pieces with the Dutch colour names' initials (rood, blauw, wit,
# zwart); groen and geel share their first letter, so each keeps its second too.
INITIALS: dict[str, dict[str, str]] = {
    "nl": {"red": "R", "blue": "B", "green": "Gr", "yellow": "Ge", "white": "W", "black": "Z"},
}


def player_colour(name: str | None) -> PlayerColour:
    """The palette entry for a colour name; unknown names get a grey with their initial."""
    if name in PLAYER_COLOURS:
        return PLAYER_COLOURS[name]
    letter = (name or "?")[:1].upper() or "?"
    return PlayerColour(name or "?", letter, (140, 140, 140), (60, 60, 60), (255, 255, 255),
                        (225, 225, 225))


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours (used by tests to keep text readable)."""
    def lum(c: RGB) -> float:
        ch = [v / 255 for v in c]
        lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


# ---- caching --------------------------------------------------------------------------

_cache: dict[object, object] = {}
_cache_lock = threading.Lock()


def clear_caches() -> None:
    """Forget every cached background, sprite and tile (tests record all drawing)."""
    with _cache_lock:
        _cache.clear()
        _tiles.clear()


def cached(key: object, factory: Callable[[], T]) -> T:
    """Build a value once per key (backgrounds, sprites); safe across worker threads.
    Callers must not mutate an image they get from here: copy it first."""
    with _cache_lock:
        if key in _cache:
            return _cache[key]  # type: ignore[return-value]
    value = factory()  # built outside the lock; a rare duplicate build is harmless
    with _cache_lock:
        return _cache.setdefault(key, value)  # type: ignore[return-value]


def worded_background(key: str, factory: Callable[[], Image.Image],
                      language: str | None = None) -> Image.Image:
    """A static background with words on it, in a language (the reader's unless given):
    built once per language and cached. Copy it before drawing on it."""
    language = language or current_language()

    def build() -> Image.Image:
        with speaking(language):
            return factory()
    return cached(("background", key, language), build)


_tiles: OrderedDict[object, Image.Image] = OrderedDict()
TILE_CACHE_SIZE = 96  # a few games' worth of player cards and order rows


def cached_tile(key: object, background: Image.Image, box: tuple[int, int, int, int],
                paint: Callable[[Image.Image, ImageDraw.ImageDraw], None]) -> Image.Image:
    """A piece of a board that changes rarely (a player card, a row of cards): painted
    once per distinct content on a crop of the background (tile coordinates start at
    0, 0) and kept in a small LRU cache. Most steps change one such piece or none."""
    key = (key, box)
    with _cache_lock:
        tile = _tiles.get(key)
        if tile is not None:
            _tiles.move_to_end(key)
            return tile
    tile = background.crop(box)
    paint(tile, ImageDraw.Draw(tile))
    with _cache_lock:
        _tiles[key] = tile
        while len(_tiles) > TILE_CACHE_SIZE:
            _tiles.popitem(last=False)
    return tile


def clear_tiles() -> None:
    """Forget cached tiles (benchmarks measure a step that misses the tile cache)."""
    with _cache_lock:
        _tiles.clear()


# ---- encoding -------------------------------------------------------------------------

def encode_png(img: Image.Image, level: int = PNG_COMPRESS_LEVEL) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=level)
    return buf.getvalue()


NEUTRALS: tuple[RGB, ...] = (INK, INK_SOFT, PAPER, GOLD, NAVY, CREAM, NEUTRAL, OK_GREEN,
                             (255, 255, 255), (0, 0, 0))


def piece_colours() -> list[RGB]:
    """Every colour a piece or label is drawn in: kept exact in a board's palette."""
    out = list(NEUTRALS)
    for c in PLAYER_COLOURS.values():
        out += [c.fill, c.dark, c.ink, c.tint]
    return out


def piece_swatch(surfaces: tuple[RGB, ...]) -> Image.Image:
    """Every player's pieces and letters on each surface they are drawn on: a sample of
    their anti-aliased edges for a board's palette."""
    cell = 44
    colours = list(PLAYER_COLOURS.values())
    img = Image.new("RGB", (cell * 6, cell * len(colours) * len(surfaces)))
    draw = ImageDraw.Draw(img)
    for k, surface in enumerate(surfaces):
        for j, c in enumerate(colours):
            y = (k * len(colours) + j) * cell
            draw.rectangle((0, y, img.width, y + cell), fill=surface)
            for i, sprite in enumerate((disc_sprite(34, c.fill, c.dark),
                                        house_sprite(32, 34, c.fill, c.dark),
                                        palace_sprite(34, 34, c.fill, c.dark),
                                        pawn_sprite(30, 38, PAPER, c.fill, c.dark),
                                        ring_sprite(32, c.fill, 7))):
                paste(img, sprite, (i * cell + 4, y + 4))
            with speaking(SOURCE_LANGUAGE):  # one palette for every language
                letter_disc(img, draw, (5 * cell + 22, y + 22), 36, c)
    return img


# ---- anti-aliased sprites -------------------------------------------------------------

SS = 4  # supersampling factor: shapes are drawn 4x larger and reduced, for smooth edges


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None]
                 ) -> Image.Image:
    """An RGBA image of `size` whose content `paint(draw, scale)` drew at `scale`x."""
    big = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
    with drawing_scale(SS):
        paint(ImageDraw.Draw(big), SS)
    return big.reduce(SS)


def disc_sprite(d: int, fill: RGB, outline: RGB, width: float = 2) -> Image.Image:
    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        dr.ellipse((0, 0, d * s - 1, d * s - 1), fill=outline)
        w = round(width * s)
        dr.ellipse((w, w, d * s - 1 - w, d * s - 1 - w), fill=fill)
    return cached(("disc", d, fill, outline, width), lambda: supersampled((d, d), paint))


def pill_sprite(w: int, h: int, fill: RGB, outline: RGB, width: float = 2) -> Image.Image:
    """A disc stretched to `w` wide, its ends round: a two-letter mark's ('Gr', 'Ge')."""
    if w <= h:
        return disc_sprite(h, fill, outline, width)

    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        W, H, b = w * s - 1, h * s - 1, round(width * s)
        dr.rounded_rectangle((0, 0, W, H), radius=H / 2, fill=outline)
        dr.rounded_rectangle((b, b, W - b, H - b), radius=(H - 2 * b) / 2, fill=fill)
    return cached(("pill", w, h, fill, outline, width), lambda: supersampled((w, h), paint))


def mark_width(letter: str, size: int, d: int) -> int:
    """How wide a player's mark of height `d` is: round for one letter, as wide as two
    need (a Dutch board's 'Gr' and 'Ge', which a circle of the same size cannot hold)."""
    return max(d, math.ceil(text_width(letter, size, bold=True)) + 10)


def ring_sprite(d: int, colour: RGB, width: float) -> Image.Image:
    """A coloured ring with thin dark edges and a transparent middle."""
    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        D, w = d * s - 1, round(width * s)
        dr.ellipse((0, 0, D, D), fill=(20, 20, 20))
        dr.ellipse((s, s, D - s, D - s), fill=colour)
        dr.ellipse((w - s, w - s, D - w + s, D - w + s), fill=(20, 20, 20))
        dr.ellipse((w, w, D - w, D - w), fill=(0, 0, 0, 0))
    return cached(("ring", d, colour, width), lambda: supersampled((d, d), paint))


def house_sprite(w: int, h: int, fill: RGB, outline: RGB) -> Image.Image:
    """A house: square body under a pitched roof."""
    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        W, H, o = w * s, h * s, max(1.0, w / 14) * s
        pts = [(W / 2, 0), (W - 1, H * 0.42), (W - 1, H - 1), (0, H - 1), (0, H * 0.42)]
        dr.polygon(pts, fill=outline)
        inner = [(W / 2, o * 1.4), (W - 1 - o, H * 0.42 + o * 0.4), (W - 1 - o, H - 1 - o),
                 (o, H - 1 - o), (o, H * 0.42 + o * 0.4)]
        dr.polygon(inner, fill=fill)
    return cached(("house", w, h, fill, outline), lambda: supersampled((w, h), paint))


def palace_sprite(w: int, h: int, fill: RGB, outline: RGB) -> Image.Image:
    """A palace: a block with crenellations on top."""
    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        W, H, o = w * s, h * s, max(1.0, w / 16) * s
        top = H * 0.2
        dr.rounded_rectangle((0, top, W - 1, H - 1), radius=3 * s, fill=outline)
        merlon = W / 5
        for k in (0, 2, 4):
            dr.rectangle((k * merlon, 0, (k + 1) * merlon - 1, top + o), fill=outline)
            dr.rectangle((k * merlon + o, o, (k + 1) * merlon - 1 - o, top + 2 * o), fill=fill)
        dr.rounded_rectangle((o, top + o, W - 1 - o, H - 1 - o), radius=2 * s, fill=fill)
    return cached(("palace", w, h, fill, outline), lambda: supersampled((w, h), paint))


def pawn_sprite(w: int, h: int, fill: RGB, ring: RGB | None, outline: RGB) -> Image.Image:
    """An advisor-like figure: a head over a bell-shaped robe, with an optional
    coloured ring (collar) showing who controls it."""
    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        W, H, o = w * s, h * s, 2 * s
        head = W * 0.42
        body_top = head * 0.8
        dr.ellipse(((W - head) / 2, 0, (W + head) / 2, head), fill=outline)
        dr.ellipse(((W - head) / 2 + o, o, (W + head) / 2 - o, head - o), fill=fill)
        body = [(W * 0.28, body_top), (W * 0.72, body_top), (W - 1, H - 1), (0, H - 1)]
        dr.polygon(body, fill=outline)
        inner = [(W * 0.28 + o, body_top + o), (W * 0.72 - o, body_top + o),
                 (W - 1 - o * 1.6, H - 1 - o), (o * 1.6, H - 1 - o)]
        dr.polygon(inner, fill=fill if ring is None else ring)
    return cached(("pawn", w, h, fill, ring, outline), lambda: supersampled((w, h), paint))


def marker_pile_sprite(w: int, fill: RGB, outline: RGB, count: int = 3) -> Image.Image:
    """Ballot markers: flat discs stacked on each other."""
    h = round(w * 0.36)
    step = max(3, round(h * 0.55))
    height = h + step * (count - 1)

    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        for k in range(count):
            top = (height - h - k * step) * s
            dr.ellipse((0, top, w * s - 1, top + h * s - 1), fill=outline)
            dr.ellipse((2 * s, top + 2 * s, w * s - 1 - 2 * s, top + h * s - 1 - 2 * s),
                       fill=fill)
    return cached(("pile", w, fill, outline, count), lambda: supersampled((w, height), paint))


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    # Half-up rounding keeps a drawing identical when moved by whole pixels (tiles).
    canvas.paste(sprite, (math.floor(xy[0] + 0.5), math.floor(xy[1] + 0.5)), sprite)


def letter_disc(canvas: Image.Image, draw: ImageDraw.ImageDraw, centre: tuple[float, float],
                d: int, colour: PlayerColour, text: str | None = None, size: int = 0) -> None:
    """A player-coloured disc with its letter (or given text) in the readable ink."""
    x, y = centre
    text, size = colour.letter if text is None else text, size or int(d * 0.6)
    w = mark_width(text, size, d)
    paste(canvas, pill_sprite(w, d, colour.fill, colour.dark), (x - w / 2, y - d / 2))
    draw_text(draw, (x, y), text, size, colour.ink, bold=True, anchor="mm")
