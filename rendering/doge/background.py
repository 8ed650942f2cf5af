"""The static part of the Doge board: lagoon, islands, Grand Canal, plates, symbols.

Drawn once at 2x and reduced (smooth edges), then cached; each step draws on a copy.
The map has only names (areas, the canal); the legend and the titles of the voting-order
rows are written on it in the reader's language, one cached background per language.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.games.doge.constants import AREA_NAMES, DISTRICTS, PALACE_COSTS, QUARANTIA
from bot.i18n import _
from rendering.common.drawing import (
    GOLD,
    INK,
    INK_SOFT,
    NAVY,
    PAPER,
    RGB,
    cached,
    house_sprite,
    marker_pile_sprite,
    mix,
    palace_sprite,
    paste,
    ring_sprite,
    worded_background,
)
from rendering.common.text import draw_text, drawing_scale, fit_text, paste_text, text_width
from rendering.doge import layout as L
from rendering.doge.symbols import draw_symbol

K = 2  # drawing scale of the background before it is reduced

# The water, from the open lagoon to a canal's edge, and the shore around it.
LAGOON, LAGOON_DEEP, CANAL, CANAL_EDGE, COAST = (
    (166, 203, 206), (146, 188, 194), (92, 150, 178), (58, 98, 122), (140, 112, 80))
PANEL_BG: RGB = (236, 226, 204)
DISTRICT_TINT: dict[str, RGB] = {  # light and muted, so player colours stay the loudest
    "cannaregio": (240, 224, 200), "castello": (236, 222, 214), "dorsoduro": (240, 230, 204),
    "san_marco": (244, 222, 200), "san_polo": (232, 228, 210), "santa_croce": (238, 220, 212),
}
QUARANTIA_STONE: RGB = (246, 226, 222)


def _k(box: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(v * K for v in box)


def _island(box: L.Box, seed: float) -> list[tuple[float, float]]:
    """An organic outline around a plate: its rectangle pushed out by a gently wobbling
    margin, smoothed into a closed curve."""
    x0, y0, x1, y1 = box
    pts: list[tuple[float, float]] = []
    perimeter = [((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                 ((x0, y1), (x0, y0))]
    i = 0
    for (ax, ay), (bx, by) in perimeter:
        n = max(2, round(math.hypot(bx - ax, by - ay) / 30))
        nx, ny = (by - ay), -(bx - ax)  # outward normal (clockwise walk)
        norm = math.hypot(nx, ny)
        nx, ny = nx / norm, ny / norm
        for j in range(n):
            t = j / n
            m = 10 + 4 * math.sin(0.8 * i + seed) + 2 * math.sin(1.9 * i + 2 * seed)
            if j == 0:  # pull the corners in a little
                m -= 5
            pts.append((ax + (bx - ax) * t + nx * m, ay + (by - ay) * t + ny * m))
            i += 1
    # Close the loop smoothly: wrap the neighbours around before smoothing.
    return L.catmull_rom((pts[-1], *pts, pts[0], pts[1]), steps=6)[6:-6]


def _waves(d: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, y1 = L.MAP
    for row in range(int(y0) + 14, int(y1), 34):
        for col in range(int(x0) + 10 + (row // 34 % 2) * 30, int(x1), 64):
            wobble = (col * 7 + row * 13) % 11
            cx, cy = col + wobble, row + wobble / 3
            d.arc(_k((cx - 9, cy - 4, cx + 9, cy + 6)), 200, 340, fill=LAGOON_DEEP, width=2 * K)


def _canal(d: ImageDraw.ImageDraw) -> None:
    pts = [(x * K, y * K) for x, y in L.canal_points()]
    w = L.CANAL_WIDTH * K
    for width, colour in ((w + 6 * K, CANAL_EDGE), (w, CANAL)):
        d.line(pts, fill=colour, width=width, joint="curve")
        for x, y in (pts[0], pts[-1]):
            d.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)
    # A light current line down the middle makes the water read as a canal.
    d.line(pts, fill=mix(CANAL, (255, 255, 255), 0.25), width=2 * K, joint="curve")


def _plate(d: ImageDraw.ImageDraw, area: str) -> None:
    x0, y0, x1, y1 = L.AREA_BOX[area]
    size = L.SYMBOL_SIZE
    draw_symbol(d, area, ((x0 + 6 + size / 2) * K, (y0 + L.ROWS.header + size / 2) * K), size * K)
    draw_text(d, ((x0 + 64) * K, (y0 + L.ROWS.header + size / 2) * K), AREA_NAMES[area],
              24 * K, INK, bold=True, anchor="lm")
    if area == QUARANTIA:
        return
    hx, hy = L.home_spot_centre(area)
    _home_spot(d, hx, hy)
    for i, cost in enumerate(PALACE_COSTS):
        bx0, by0, bx1, by1 = L.palace_space_box(area, i)
        d.rounded_rectangle(_k((bx0, by0, bx1, by1)), radius=6 * K, fill=PAPER,
                            outline=INK_SOFT, width=2 * K)
        draw_text(d, ((bx0 + bx1) / 2 * K, (by0 + by1) / 2 * K), str(cost), L.TEXT * K,
                  INK_SOFT, bold=True, anchor="mm")


def _home_spot(d: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """A dashed circle where the area's neutral advisor waits."""
    r = L.HOME_SPOT_D / 2
    for a in range(0, 360, 30):
        d.arc(_k((cx - r, cy - r, cx + r, cy + r)), a, a + 18, fill=INK_SOFT, width=2 * K)


def _quarantia(d: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, y1 = L.QUARANTIA_BOX
    d.rounded_rectangle(_k((x0 - 6, y0 - 4, x1 + 6, y1 + 6)), radius=10 * K, fill=COAST)
    d.rounded_rectangle(_k((x0 - 4, y0 - 2, x1 + 4, y1 + 4)), radius=9 * K,
                        fill=QUARANTIA_STONE)
    # The Doge's palace: a pink wall with a lozenge pattern over a colonnade of round
    # arches, dark between white columns (a facade, nothing like a row of spaces).
    top, ay = y1 - 40, y1 - 2
    d.rectangle(_k((x0, top, x1, ay)), fill=(236, 196, 184))
    for i in range(int((x1 - x0) / 14)):
        cx = x0 + 7 + i * 14
        d.polygon([((cx - 4) * K, (top + 8) * K), (cx * K, (top + 3) * K),
                   ((cx + 4) * K, (top + 8) * K), (cx * K, (top + 13) * K)],
                  fill=(212, 160, 150))
    aw = (x1 - x0) / 12
    for i in range(12):
        ax = x0 + i * aw
        d.rectangle(_k((ax + 5, ay - 18, ax + aw - 5, ay)), fill=(120, 92, 88))
        d.pieslice(_k((ax + 5, ay - 26, ax + aw - 5, ay - 10)), 180, 360, fill=(120, 92, 88))
    d.line(_k((x0, top, x1, top)), fill=mix(QUARANTIA_STONE, COAST, 0.5), width=2 * K)
    for i in range(3):
        hx, hy = L.home_spot_centre(QUARANTIA, i)
        _home_spot(d, hx, hy)
        draw_text(d, (hx * K, (hy + 36) * K), f"Q{i + 1}", L.TEXT * K, INK_SOFT, bold=True,
                  anchor="mm")


def background(language: str | None = None) -> Image.Image:
    """The static board in the reader's language (or the one given), cached: copy it
    before drawing on it. The palette is made from the English one, so every language
    shares it."""
    return worded_background("doge", build_background, language)


def build_background() -> Image.Image:
    """The static board, with its words in the reader's language."""
    img = cached(("background", "doge map"), _map).copy()
    _legend(img)  # 1x sprites and text, after the reduction
    order_titles(img)
    _goals_legend(img)
    return img


def _map() -> Image.Image:
    with drawing_scale(K):
        return _build().reduce(K)


def _build() -> Image.Image:
    W, H = L.WIDTH, L.HEIGHT
    img = Image.new("RGB", (W * K, H * K), PANEL_BG)
    d = ImageDraw.Draw(img)
    d.rectangle(_k(L.MAP), fill=LAGOON)
    _waves(d)
    for i, area in enumerate(DISTRICTS):
        box = L.AREA_BOX[area]
        outline = _island(box, seed=i * 1.7 + 0.4)
        d.polygon([(x * K, y * K) for x, y in outline], fill=DISTRICT_TINT[area], outline=COAST,
                  width=2 * K)
    _canal(d)
    _quarantia(d)
    for area in (*DISTRICTS, QUARANTIA):
        _plate(d, area)
    cx, cy = L.CANAL_LABEL
    draw_text(d, (cx * K, cy * K), "Canal Grande", L.TEXT * K, (246, 250, 252), anchor="mm",
              stroke=K, stroke_fill=CANAL_EDGE)
    # Bands: header, order rows, caption.
    d.rectangle(_k(L.HEADER), fill=NAVY)
    d.rectangle(_k((L.HEADER[0], L.HEADER[3] - 3, L.HEADER[2], L.HEADER[3])), fill=GOLD)
    d.rectangle(_k(L.ORDER), fill=PANEL_BG)  # the canal's mouth stops at the map's edge
    d.rectangle(_k(L.CAPTION), fill=NAVY)
    d.rectangle(_k((L.MAP[2], L.MAP[1], L.MAP[2] + 2, L.MAP[3])), fill=COAST)
    d.rectangle(_k((0, L.ORDER[1], W, L.ORDER[1] + 2)), fill=COAST)
    draw_text(d, (16 * K, 32 * K), "DOGE", 30 * K, GOLD, bold=True, anchor="lm")
    del d
    return img


def order_titles(img: Image.Image) -> None:
    """The titles of the voting-order rows (the band shows the ranking at the end)."""
    paste_text(img, (14, L.ORDER[1] + 18), _this_year(), L.TEXT, INK, bold=True,
               anchor="lm")
    paste_text(img, (14, L.ORDER[1] + 136), _next_year(), L.TEXT, INK_SOFT, bold=True,
               anchor="lm")


def _this_year() -> str:
    return _("Voting order this year")


def _next_year() -> str:
    return _("Next year (cards turned so far)")


def goals_legend() -> str:
    """What the goal pills on the player cards mean (D-9.1): with it a newcomer reads a
    pill's '7 in 5' as 7 palaces in 5 districts. Short, so that it fits beside the row
    title in Dutch too, whose title is long; one text, not a shorter fallback, so a board
    says the same in every language (tests/rendering/test_boards_dutch.py)."""
    return _("To win at year end: palaces in districts")


def _goals_legend(img: Image.Image) -> None:
    """On the line of the second row's title, after it, right-aligned (cut only if a
    translation runs too long)."""
    y = L.ORDER[1] + 136
    right = L.WIDTH - 14
    room = right - (14 + round(text_width(_next_year(), L.TEXT, bold=True)) + 24)
    text = fit_text(goals_legend(), room, L.TEXT, min_size=L.TEXT)[0]
    paste_text(img, (right, y), text, L.TEXT, INK_SOFT, anchor="rm")


def _legend(img: Image.Image) -> None:
    """What the supply icons in the player panel mean."""
    grey, dark = (200, 192, 178), INK_SOFT
    y = L.ORDER[1] + 18
    # On the line of the first row's title, after it.
    x = max(306, 14 + round(text_width(_this_year(), L.TEXT, bold=True)) + 18)
    x += round(paste_text(img, (x, y), _("In supply:"), L.TEXT, INK_SOFT, bold=True,
                          anchor="lm")) + 14
    for sprite, label in ((house_sprite(18, 20, grey, dark), _("houses")),
                          (palace_sprite(20, 20, grey, dark), _("palaces")),
                          (ring_sprite(20, grey, 5), _("rings")),
                          (marker_pile_sprite(22, grey, dark), _("markers"))):
        paste(img, sprite, (x, y - sprite.height // 2))
        x += sprite.width + 6
        x += round(paste_text(img, (x, y), label, L.TEXT, INK_SOFT, anchor="lm")) + 20

