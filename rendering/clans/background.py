"""The static part of the Clans board: terrain, rivers, lakes, labels, legends, titles.

Drawn once at 2x and reduced (smooth edges), then cached (once per language of its
words); each step draws on a copy.
Terrain reads by colour and by pattern (trees, peaks, wind lines, grass tufts), so
colour-blind players can tell all four apart.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.games.clans.board import TERRAINS, Border
from bot.games.clans.events import terrain_name
from bot.games.clans.rules import EPOCH_BONUS, EPOCH_NAMES, FAVOURABLE, UNFAVOURABLE
from bot.i18n import _
from rendering.clans import layout as L
from rendering.clans.sprites import LOCK, hex_ring, paste_centred, village_badge
from rendering.common.drawing import GOLD, INK, INK_SOFT, NAVY, PAPER, RGB, mix, worded_background
from rendering.common.text import draw_text, drawing_scale, paste_text, text_width

K = 2  # drawing scale of the background before it is reduced
Draw = ImageDraw.ImageDraw

TABLE: RGB = (226, 216, 190)  # around the map
CARD: RGB = (250, 245, 232)
CARD_EDGE: RGB = (168, 150, 118)
WATER: RGB = (74, 144, 206)
WATER_DARK: RGB = (32, 86, 150)
WATER_LIGHT: RGB = (170, 210, 240)
COAST: RGB = (98, 82, 60)
HEX_EDGE: RGB = (120, 106, 84)

TERRAIN_FILL: dict[str, RGB] = {
    "forest": (92, 148, 92),  # darkest: lightness differs as well as hue
    "mountain": (170, 160, 152),
    "steppe": (232, 206, 138),
    "grassland": (176, 218, 126),
}
TERRAIN_INK: dict[str, RGB] = {
    "forest": (44, 96, 50),
    "mountain": (98, 88, 82),
    "steppe": (184, 150, 74),
    "grassland": (104, 160, 70),
}


def _k(box: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(v * K for v in box)


# ---- terrain glyphs (x, y in output pixels; s scales a glyph of about 14 px) ---------

def _tree(d: Draw, x: float, y: float, s: float, ink: RGB) -> None:
    d.polygon([((x - 4.5 * s) * K, (y + 3 * s) * K), (x * K, (y - 6 * s) * K),
               ((x + 4.5 * s) * K, (y + 3 * s) * K)], fill=ink)
    d.line([(x * K, (y + 2 * s) * K), (x * K, (y + 6 * s) * K)], fill=ink, width=round(2 * s * K))


def _peaks(d: Draw, x: float, y: float, s: float, ink: RGB) -> None:
    pts = [(-7, 4), (-2, -4), (1, 0), (3.5, -3), (7.5, 4)]
    d.line([((x + px * s) * K, (y + py * s) * K) for px, py in pts], fill=ink,
           width=round(1.6 * s * K), joint="curve")


def _wind(d: Draw, x: float, y: float, s: float, ink: RGB) -> None:
    for px0, px1, py in ((-7, 2, -2), (-2, 7, 2.5)):
        d.line([((x + px0 * s) * K, (y + py * s) * K), ((x + px1 * s) * K, (y + py * s) * K)],
               fill=ink, width=round(1.6 * s * K))


def _tuft(d: Draw, x: float, y: float, s: float, ink: RGB) -> None:
    for px, py in ((-3.5, -3), (0, -5), (3.5, -3)):
        d.line([(x * K, (y + 4 * s) * K), ((x + px * s) * K, (y + py * s) * K)], fill=ink,
               width=round(1.5 * s * K))


GLYPH: dict[str, Callable[[Draw, float, float, float, RGB], None]] = {
    "forest": _tree, "mountain": _peaks, "steppe": _wind, "grassland": _tuft,
}


def _pattern_points() -> list[tuple[float, float]]:
    """Glyph positions inside a hexagon (offsets), clear of its edges and of the label."""
    out = []
    for row in range(-3, 4):
        dy = row * 15.0
        for col in range(-4, 5):
            dx = col * 21.0 + (10.5 if row % 2 else 0.0)
            if abs(dy) > L.HEX_R - 13 or abs(dx) > L.half_width(abs(dy) + 7) - 9:
                continue
            if abs(dx) < 20 and -42 < dy < -20:
                continue  # the label
            out.append((dx, dy))
    return out


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [((cx + r * math.cos(math.radians(a))) * K, (cy + r * math.sin(math.radians(a))) * K)
            for a in range(-90, 270, 60)]


def terrain_swatch(d: Draw, cx: float, cy: float, r: float, terrain: str) -> None:
    """A small hexagon of a terrain with its glyph, for the legend and the epoch chart."""
    d.polygon(_hexagon(cx, cy, r), fill=TERRAIN_FILL[terrain], outline=HEX_EDGE, width=K)
    GLYPH[terrain](d, cx, cy, r / 12, mix(TERRAIN_INK[terrain], INK, 0.3))


# ---- the map ----------------------------------------------------------------------------

def _territories(d: Draw) -> None:
    points = _pattern_points()
    for t in L.MAP.territories:
        poly = [(x * K, y * K) for x, y in L.POLYGON[t.label]]
        d.polygon(poly, fill=TERRAIN_FILL[t.terrain])
        cx, cy = L.CENTRE[t.label]
        for dx, dy in points:
            GLYPH[t.terrain](d, cx + dx, cy + dy, 0.85, TERRAIN_INK[t.terrain])
        d.polygon(poly, outline=HEX_EDGE, width=K)


def _coast(d: Draw) -> None:
    """The map's outer edge: hexagon sides that no other hexagon shares."""
    def key(a: L.Point, b: L.Point) -> frozenset[tuple[int, int]]:
        return frozenset(((round(a[0]), round(a[1])), (round(b[0]), round(b[1]))))

    sides = [(p[i], p[(i + 1) % 6]) for p in L.POLYGON.values() for i in range(6)]
    counts = Counter(key(a, b) for a, b in sides)
    for a, b in sides:
        if counts[key(a, b)] == 1:
            d.line([(a[0] * K, a[1] * K), (b[0] * K, b[1] * K)], fill=COAST, width=4 * K)
            for x, y in (a, b):
                d.ellipse(_k((x - 2, y - 2, x + 2, y + 2)), fill=COAST)


def _segment(border: Border) -> tuple[L.Point, L.Point]:
    a, b = border.segment
    return L.to_image(a), L.to_image(b)


def _rivers(d: Draw) -> None:
    """Rivers (region borders, crossable): a blue band with round joints."""
    segments = [_segment(b) for b in L.MAP.borders if b.kind == "river"]
    for width, colour in ((7, WATER_DARK), (4.5, WATER)):
        for a, b in segments:
            d.line([(a[0] * K, a[1] * K), (b[0] * K, b[1] * K)], fill=colour,
                   width=round(width * K))
            for x, y in (a, b):
                r = width / 2
                d.ellipse(_k((x - r, y - r, x + r, y + r)), fill=colour)


def _lakes(d: Draw) -> None:
    """Lakes (impassable): a wide lens of water over the border, with a ripple."""
    for border in L.MAP.borders:
        if border.kind != "lake":
            continue
        (ax, ay), (bx, by) = _segment(border)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (bx - ax), (by - ay)
        n = math.hypot(ux, uy)
        ux, uy = ux / n, uy / n
        half = n / 2 + 3

        def lens(half_len: float, half_w: float, ux: float = ux, uy: float = uy,
                 mx: float = mx, my: float = my) -> list[tuple[float, float]]:
            pts = []
            for i in range(36):
                a = 2 * math.pi * i / 36
                u, v = half_len * math.cos(a), half_w * math.sin(a)
                pts.append(((mx + u * ux - v * uy) * K, (my + u * uy + v * ux) * K))
            return pts

        d.polygon(lens(half + 2, 11), fill=WATER_DARK)
        d.polygon(lens(half, 9), fill=WATER)
        for off in (-3.0, 3.0):  # two ripples along the lake
            cx, cy = mx - off * uy, my + off * ux
            d.line([((cx - 7 * ux) * K, (cy - 7 * uy) * K), ((cx + 7 * ux) * K, (cy + 7 * uy) * K)],
                   fill=WATER_LIGHT, width=K)


def _labels(d: Draw) -> None:
    for label in L.LABELS:
        cx, cy = L.CENTRE[label]
        draw_text(d, (cx * K, (cy + L.LABEL_DY) * K), label, 16 * K, INK, bold=True,
                  anchor="mm", stroke=3 * K // 2, stroke_fill=PAPER)


# ---- cards in the corners ---------------------------------------------------------------

def card(d: Draw, box: L.Box, title: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(_k((x0, y0, x1, y1)), radius=8 * K, fill=CARD, outline=CARD_EDGE,
                        width=2 * K)
    draw_text(d, ((x0 + 10) * K, (y0 + 15) * K), title, 15 * K, INK, bold=True, anchor="lm")


def _legend(d: Draw) -> None:
    x0, y0 = L.LEGEND[:2]
    card(d, L.LEGEND, _("Terrain"))
    for i, terrain in enumerate(TERRAINS):
        y = y0 + 42 + i * 25
        terrain_swatch(d, x0 + 22, y, 12, terrain)
        draw_text(d, ((x0 + 40) * K, y * K), terrain_name(terrain), 15 * K, INK, anchor="lm")
    y = y0 + 42 + 4 * 25 - 2
    d.line(_k((x0 + 10, y, x0 + 34, y)), fill=WATER_DARK, width=6 * K)
    d.line(_k((x0 + 10, y, x0 + 34, y)), fill=WATER, width=4 * K)
    draw_text(d, ((x0 + 40) * K, y * K), _("river"), 14 * K, INK, anchor="lm")
    d.ellipse(_k((x0 + 90, y - 6, x0 + 116, y + 6)), fill=WATER_DARK)
    d.ellipse(_k((x0 + 92, y - 4, x0 + 114, y + 4)), fill=WATER)
    draw_text(d, ((x0 + 121) * K, y * K), _("lake"), 14 * K, INK, anchor="lm")


def epoch_row_y(epoch: int) -> float:
    """Middle of an epoch's row in the chart (epoch 1..5)."""
    return L.EPOCHS[1] + 50 + (epoch - 1) * 36


EPOCH_COLS = (24, 50, 138, 200)  # numeral, first chip, favourable, unfavourable (from x0)


def _epochs(d: Draw) -> None:
    x0, y0 = L.EPOCHS[:2]
    card(d, L.EPOCHS, _("Epochs"))
    # Each heading centred over its column; the last one no further right than the card's
    # edge, so that a longer word runs to the left, over the crossed-out terrain.
    draw_text(d, ((x0 + EPOCH_COLS[2] - 1) * K, (y0 + 16) * K), _("bonus"), L.TEXT * K,
              INK_SOFT, anchor="mm")
    nothing = _("nothing")
    right = min(x0 + EPOCH_COLS[3] + text_width(nothing, L.TEXT) / 2, L.EPOCHS[2] - 3)
    draw_text(d, (right * K, (y0 + 16) * K), nothing, L.TEXT * K, INK_SOFT, anchor="rm")
    for e in range(5):
        y = epoch_row_y(e + 1)
        draw_text(d, ((x0 + EPOCH_COLS[0]) * K, y * K), EPOCH_NAMES[e], 17 * K, NAVY, bold=True,
                  anchor="mm")
        fx = x0 + EPOCH_COLS[2]
        good = FAVOURABLE[e]
        if good is None:
            draw_text(d, ((fx - 12) * K, y * K), _("all"), L.TEXT * K, INK, bold=True,
                      anchor="mm")
        else:
            terrain_swatch(d, fx - 8, y, 12, TERRAINS[good])
        draw_text(d, ((fx + 6) * K, y * K), f"+{EPOCH_BONUS[e]}", 15 * K, INK, bold=True,
                  anchor="lm")
        ux = x0 + EPOCH_COLS[3]
        bad = UNFAVOURABLE[e]
        if bad is None:
            draw_text(d, (ux * K, y * K), "—", 15 * K, INK_SOFT, anchor="mm")
        else:
            terrain_swatch(d, ux, y, 12, TERRAINS[bad])
            d.line(_k((ux - 9, y - 9, ux + 9, y + 9)), fill=(176, 30, 30), width=3 * K)
            d.line(_k((ux - 9, y + 9, ux + 9, y - 9)), fill=(176, 30, 30), width=3 * K)


def _village_key(img: Image.Image) -> None:
    """What the marks on territories mean; drawn after the reduction (sprites are 1x)."""
    x0, y0 = L.VILLAGE_KEY[:2]
    rows = ((village_badge(7), _("village, value")),
            (village_badge(0, destroyed=True), _("destroyed")),
            (village_badge(0), _("emptied")),
            (village_badge(None), _("to be ordered")),
            (None, _("7+ huts: stuck")))
    for i, (sprite, text) in enumerate(rows):
        y = y0 + 38 + i * 23
        if sprite is None:
            sprite = hex_ring(LOCK, 10, 2.5, dashed=True)
        paste_centred(img, sprite, (x0 + 20, y))
        paste_text(img, (x0 + 37, y), text, 14, INK, anchor="lm")


def background(language: str | None = None) -> Image.Image:
    """The static board in the reader's language (or the one given), cached: copy it
    before drawing on it. The palette is made from the English one, so every language
    shares it."""
    return worded_background("clans", build_background, language)


def build_background() -> Image.Image:
    """The static board, with its words in the reader's language."""
    with drawing_scale(K):
        img = _build().reduce(K)
    _village_key(img)  # 1x sprites and text, after the reduction
    return img


def _build() -> Image.Image:
    img = Image.new("RGB", (L.WIDTH * K, L.HEIGHT * K), TABLE)
    d = ImageDraw.Draw(img)
    _territories(d)
    _coast(d)
    _rivers(d)
    _lakes(d)
    _labels(d)
    _legend(d)
    card(d, L.SCORES, _("Clan scores"))
    card(d, L.PLAYERS, _("Players"))
    card(d, L.VILLAGE_KEY, _("Villages"))
    _epochs(d)
    d.rectangle(_k(L.HEADER), fill=NAVY)
    d.rectangle(_k((0, L.HEADER[3] - 3, L.WIDTH, L.HEADER[3])), fill=GOLD)
    draw_text(d, (14 * K, 26 * K), "CLANS", 26 * K, GOLD, bold=True, anchor="lm")
    d.rectangle(_k(L.CAPTION), fill=NAVY)
    del d
    return img
