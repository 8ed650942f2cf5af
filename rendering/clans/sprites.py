"""Small anti-aliased pieces of the Clans board, each drawn once and cached: hut pills,
village badges, rings around hexagons, the last-move arrow, epoch chips."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from rendering.clans import layout as L
from rendering.common.drawing import (
    GOLD,
    INK,
    INK_SOFT,
    PAPER,
    RGB,
    PlayerColour,
    cached,
    mix,
    supersampled,
)
from rendering.common.text import draw_text, text_width

PILL_FONT = 15
RUIN: RGB = (84, 80, 76)  # a destroyed village
EMPTIED: RGB = (196, 190, 180)  # a village strife left empty
LOCK: RGB = (122, 34, 30)  # 7 or more huts: they cannot leave (C-3.2)
TIMES_W = 6  # the "×" between a pill's disc and its count, with its margins
TIMES_R = 2.1  # half the size of its strokes


def disc_width(letter: str) -> int:
    """A pill's disc: round for one letter, as wide as two need (Dutch 'Gr', 'Ge')."""
    return max(L.PILL_H, math.ceil(text_width(letter, L.TEXT, bold=True)) + 6)


def pill_width(count: int, letter: str = "") -> int:
    return (disc_width(letter) + TIMES_W
            + math.ceil(text_width(str(count), PILL_FONT, bold=True)) + 2)


def hut_pill(colour: PlayerColour, count: int) -> Image.Image:
    """Huts of one clan on a territory: a disc in the clan's colour with its letter (for
    colour-blind players), then "×" and how many, so that "B×1" reads as a count of blue
    huts, never as the territory label B1."""
    w, h, disc = pill_width(count, colour.letter), L.PILL_H, disc_width(colour.letter)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=h * s // 2, fill=colour.dark)
        d.rounded_rectangle((s, s, w * s - 1 - s, h * s - 1 - s), radius=h * s // 2 - s,
                            fill=PAPER)
        d.rounded_rectangle((0, 0, disc * s - 1, h * s - 1), radius=h * s // 2,
                            fill=colour.dark)
        inner = (s * 1.3, s * 1.3, disc * s - 1 - s * 1.3, h * s - 1 - s * 1.3)
        d.rounded_rectangle(inner, radius=(h - 2.6) * s / 2, fill=colour.fill)
        draw_text(d, (disc * s / 2, h * s / 2), colour.letter, L.TEXT * s, colour.ink,
                  bold=True, anchor="mm")
        # Drawn, not a glyph: a font's "×" at a legible size would not fit two pills a row.
        # Its middle sits level with the digits' (they sit a little low in their line).
        x, y, r = disc + TIMES_W / 2 - 0.4, h / 2 + 0.5, TIMES_R
        for dy in (-r, r):
            d.line(((x - r) * s, (y - dy) * s, (x + r) * s, (y + dy) * s), fill=INK,
                   width=round(1.6 * s))
        draw_text(d, ((disc + TIMES_W - 0.4) * s, h * s / 2), str(count), PILL_FONT * s, INK,
                  bold=True, anchor="lm")
    return cached(("clans pill", colour, colour.letter, count),
                  lambda: supersampled((w, h), paint))


def badge(text: str, fill: RGB, ink: RGB, edge: RGB, d: int = 26) -> Image.Image:
    """A round village badge with its value (or a mark)."""
    size = 15 if len(text) < 2 else L.TEXT

    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        dr.ellipse((0, 0, d * s - 1, d * s - 1), fill=edge)
        dr.ellipse((2 * s, 2 * s, d * s - 1 - 2 * s, d * s - 1 - 2 * s), fill=fill)
        draw_text(dr, (d * s / 2, d * s / 2), text, size * s, ink, bold=True, anchor="mm")
    return cached(("clans badge", text, fill, ink, edge, d), lambda: supersampled((d, d), paint))


def village_badge(value: int | None, destroyed: bool = False) -> Image.Image:
    """Gold with the value; dark with a cross when destroyed; grey 0 when strife emptied it;
    a question mark (value None) while the mover still has to order the villages."""
    if value is None:
        return badge("?", PAPER, INK, GOLD)
    if destroyed:
        return badge("✗", RUIN, (255, 255, 255), INK)
    if value == 0:
        return badge("0", EMPTIED, INK, INK_SOFT)
    return badge(str(value), GOLD, INK, INK)


def hex_ring(colour: RGB, radius: float, width: float, dashed: bool = False) -> Image.Image:
    """A hexagon outline of a corner radius, centred on its sprite: village walls inside
    a territory, or the dashed mark of 7+ huts."""
    size = (math.ceil(math.sqrt(3) * radius + width) + 2, math.ceil(2 * radius + width) + 2)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        cx, cy, rr = size[0] * s / 2, size[1] * s / 2, radius * s
        pts = [(cx + rr * math.cos(math.radians(a)), cy + rr * math.sin(math.radians(a)))
               for a in range(-90, 271, 60)]
        if not dashed:
            d.line(pts, fill=colour, width=round(width * s), joint="curve")
            return
        for a, b in zip(pts, pts[1:], strict=False):  # a dash over each corner
            for t0, t1 in ((0.0, 0.3), (0.7, 1.0)):
                d.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                        (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)],
                       fill=colour, width=round(width * s))
            r = width * s / 2
            d.ellipse((a[0] - r, a[1] - r, a[0] + r, a[1] + r), fill=colour)
    key = ("clans ring", colour, radius, width, dashed)
    return cached(key, lambda: supersampled(size, paint))


def paste_centred(img: Image.Image, sprite: Image.Image, centre: L.Point) -> None:
    x = math.floor(centre[0] - sprite.width / 2 + 0.5)
    y = math.floor(centre[1] - sprite.height / 2 + 0.5)
    img.paste(sprite, (x, y), sprite)


def arrow(src: str, dst: str) -> tuple[Image.Image, tuple[int, int]]:
    """The last move, from one territory's centre towards the next: (sprite, top-left)."""
    (ax, ay), (bx, by) = L.CENTRE[src], L.CENTRE[dst]
    x0, y0 = math.floor(min(ax, bx)) - 20, math.floor(min(ay, by)) - 20
    x1, y1 = math.ceil(max(ax, bx)) + 20, math.ceil(max(ay, by)) + 20
    ux, uy = bx - ax, by - ay
    n = math.hypot(ux, uy)
    ux, uy = ux / n, uy / n

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        def p(t: float, side: float = 0.0) -> tuple[float, float]:
            return ((ax + ux * t - uy * side - x0) * s, (ay + uy * t + ux * side - y0) * s)
        start, tip = 10.0, n * 0.64
        head = tip - 16
        for w, colour in ((10, INK), (6, (255, 250, 236))):
            d.line([p(start), p(head + 2)], fill=colour, width=w * s)
            d.ellipse((p(start)[0] - w * s / 2, p(start)[1] - w * s / 2,
                       p(start)[0] + w * s / 2, p(start)[1] + w * s / 2), fill=colour)
        d.polygon([p(tip + 2), p(head - 2, 12), p(head - 2, -12)], fill=INK)
        d.polygon([p(tip - 2), p(head, 8.5), p(head, -8.5)], fill=(255, 250, 236))
    sprite = cached(("clans arrow", src, dst),
                    lambda: supersampled((x1 - x0, y1 - y0), paint))
    return sprite, (x0, y0)


def chip(taken: bool, d: int = 14) -> Image.Image:
    """A village chip in the epoch chart: gold while still to take, hollow once taken."""
    fill, edge = (mix(PAPER, INK_SOFT, 0.15), INK_SOFT) if taken else (GOLD, INK)

    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        dr.ellipse((0, 0, d * s - 1, d * s - 1), fill=edge)
        w = 1.5 * s
        dr.ellipse((w, w, d * s - 1 - w, d * s - 1 - w), fill=fill)
    return cached(("clans chip", taken, d), lambda: supersampled((d, d), paint))
