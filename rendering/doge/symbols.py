"""The area symbols of the Doge board, drawn from simple shapes.

Castello's shell is the game's; the others are ours: the bell tower (Cannaregio), the
gondola (Dorsoduro), the lion of Saint Mark (San Marco), the Rialto bridge (San Polo),
the carnival mask (Santa Croce) and the ducal cap, the corno (Quarantia). Each is drawn
inside a square of side `size` around a centre, at any scale, in bold shapes that stay
recognisable at 20 px.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from rendering.common.drawing import GOLD, INK, RGB, cached, paste, supersampled

Pt = tuple[float, float]
WATER: RGB = (86, 142, 170)
STONE: RGB = (240, 226, 196)
SHELL: RGB = (246, 196, 150)
RED: RGB = (170, 40, 40)


def _shell(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    base = (cx, cy + 0.36 * s)
    r = 0.62 * s
    angles = [math.radians(a) for a in range(200, 341, 20)]  # 8 rib tips across the top
    tips = [(base[0] + r * math.cos(a), base[1] + r * math.sin(a)) for a in angles]
    scallops: list[Pt] = [base]
    for i in range(len(tips) - 1):  # a bulge between neighbouring rib tips
        (x0, y0), (x1, y1) = tips[i], tips[i + 1]
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        dx, dy = mx - base[0], my - base[1]
        k = 1 + 0.07
        scallops += [(x0, y0), (base[0] + dx * k, base[1] + dy * k)]
    scallops.append(tips[-1])
    d.polygon(scallops, fill=SHELL, outline=INK, width=w)
    for tip in tips[1:-1]:
        d.line([base, tip], fill=INK, width=w)
    e, (bx, by) = 0.14 * s, base  # the hinge "ears" at the base
    d.polygon([(bx - 2.2 * e, by + 0.2 * e), (bx + 2.2 * e, by + 0.2 * e),
               (bx + 0.9 * e, by - 0.9 * e), (bx - 0.9 * e, by - 0.9 * e)],
              fill=SHELL, outline=INK, width=w)


def _lion(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    mane: list[Pt] = []
    for i in range(28):  # a spiky mane around the face
        a = math.pi * 2 * i / 28
        r = (0.5 if i % 2 == 0 else 0.38) * s
        mane.append((cx + r * math.cos(a), cy + 0.02 * s + r * math.sin(a)))
    d.polygon(mane, fill=(196, 132, 40), outline=INK, width=w)
    f = 0.29 * s
    for ex in (-0.2, 0.2):  # ears
        d.ellipse((cx + ex * s - 0.08 * s, cy - 0.3 * s, cx + ex * s + 0.08 * s, cy - 0.14 * s),
                  fill=(236, 186, 90), outline=INK, width=w)
    d.ellipse((cx - f, cy - f + 0.04 * s, cx + f, cy + f + 0.04 * s), fill=(244, 200, 110),
              outline=INK, width=w)
    e = 0.045 * s
    for ex in (-0.11, 0.11):
        ex_ = cx + ex * s
        d.ellipse((ex_ - e, cy - 0.06 * s - e, ex_ + e, cy - 0.06 * s + e), fill=INK)
    d.polygon([(cx - 0.08 * s, cy + 0.05 * s), (cx + 0.08 * s, cy + 0.05 * s), (cx, cy + 0.14 * s)],
              fill=INK)
    d.line([(cx, cy + 0.14 * s), (cx, cy + 0.2 * s)], fill=INK, width=w)
    d.arc((cx - 0.12 * s, cy + 0.1 * s, cx, cy + 0.24 * s), 20, 160, fill=INK, width=w)
    d.arc((cx, cy + 0.1 * s, cx + 0.12 * s, cy + 0.24 * s), 20, 160, fill=INK, width=w)


def _gondola(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    top: list[Pt] = []
    bottom: list[Pt] = []
    for i in range(21):
        t = -1 + i / 10
        x = cx + 0.47 * s * t
        yb = cy + 0.16 * s - 0.34 * s * abs(t) ** 3
        bottom.append((x, yb))
        top.append((x, yb - 0.05 * s - 0.12 * s * (1 - t * t)))
    d.polygon(top + bottom[::-1], fill=INK)
    fx, fy = top[-1]
    for k in range(3):  # the ferro, the comb at the prow
        y = fy + 0.05 * s + k * 0.055 * s
        d.line([(fx - 0.05 * s, y), (fx - 0.14 * s, y)], fill=INK, width=w)
    d.line([(fx, fy), (fx - 0.04 * s, fy + 0.2 * s)], fill=INK, width=w)
    # The gondolier's oar and the water.
    d.line([(cx - 0.22 * s, cy - 0.34 * s), (cx - 0.05 * s, cy + 0.3 * s)], fill=(120, 70, 30),
           width=max(w, 2))
    for k in range(3):
        x0 = cx - 0.42 * s + k * 0.3 * s
        d.arc((x0, cy + 0.22 * s, x0 + 0.24 * s, cy + 0.36 * s), 200, 340, fill=WATER, width=w)


def _bridge(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    # The Rialto: one wide arch with a covered portico on its crown.
    deck = [(cx - 0.5 * s, cy + 0.22 * s), (cx - 0.3 * s, cy - 0.02 * s), (cx, cy - 0.1 * s),
            (cx + 0.3 * s, cy - 0.02 * s), (cx + 0.5 * s, cy + 0.22 * s)]
    d.polygon(deck + [(cx + 0.5 * s, cy + 0.32 * s), (cx - 0.5 * s, cy + 0.32 * s)],
              fill=STONE, outline=INK, width=w)
    d.chord((cx - 0.34 * s, cy + 0.04 * s, cx + 0.34 * s, cy + 0.6 * s), 180, 360, fill=WATER,
            outline=INK, width=w)
    d.rectangle((cx - 0.13 * s, cy - 0.3 * s, cx + 0.13 * s, cy - 0.08 * s), fill=STONE,
                outline=INK, width=w)
    d.polygon([(cx - 0.19 * s, cy - 0.28 * s), (cx + 0.19 * s, cy - 0.28 * s), (cx, cy - 0.46 * s)],
              fill=RED, outline=INK, width=w)
    d.chord((cx - 0.06 * s, cy - 0.24 * s, cx + 0.06 * s, cy - 0.04 * s), 180, 360, fill=INK)
    d.rectangle((cx - 0.06 * s, cy - 0.14 * s, cx + 0.06 * s, cy - 0.08 * s), fill=INK)


def _mask(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    shape: list[Pt] = []
    for i in range(33):  # a wide eye mask: a flat top arc, cheeks, a dip at the nose
        a = math.pi + math.pi * i / 32
        shape.append((cx + 0.44 * s * math.cos(a), cy + 0.02 * s + 0.2 * s * math.sin(a)))
    shape += [(cx + 0.42 * s, cy + 0.12 * s), (cx + 0.22 * s, cy + 0.22 * s),
              (cx + 0.07 * s, cy + 0.14 * s), (cx, cy + 0.22 * s), (cx - 0.07 * s, cy + 0.14 * s),
              (cx - 0.22 * s, cy + 0.22 * s), (cx - 0.42 * s, cy + 0.12 * s)]
    for k, col in enumerate(((170, 40, 40), (40, 90, 160), (30, 120, 80))):  # plumes
        a = math.radians(-125 + k * 22)
        x0, y0 = cx - 0.24 * s, cy - 0.12 * s
        d.line([(x0, y0), (x0 + 0.3 * s * math.cos(a), y0 + 0.3 * s * math.sin(a))],
               fill=col, width=max(w + 1, 3))
    d.polygon(shape, fill=GOLD, outline=INK, width=w)
    for ex in (-1, 1):  # almond eye holes, tilted up at the outer corner
        x = cx + ex * 0.19 * s
        d.polygon([(x - ex * 0.12 * s, cy + 0.04 * s), (x, cy - 0.04 * s),
                   (x + ex * 0.12 * s, cy - 0.02 * s), (x, cy + 0.06 * s)], fill=INK)
    d.line([(cx + 0.34 * s, cy + 0.15 * s), (cx + 0.42 * s, cy + 0.44 * s)], fill=(120, 70, 30),
           width=max(w, 2))


def _bell_tower(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    hw = 0.19 * s
    d.rectangle((cx - hw, cy - 0.1 * s, cx + hw, cy + 0.48 * s), fill=(196, 96, 70),
                outline=INK, width=w)
    d.rectangle((cx - hw - 0.03 * s, cy - 0.26 * s, cx + hw + 0.03 * s, cy - 0.08 * s),
                fill=STONE, outline=INK, width=w)
    for ex in (-0.06, 0.06):  # belfry openings
        d.rectangle((cx + ex * s - 0.035 * s, cy - 0.22 * s, cx + ex * s + 0.035 * s,
                     cy - 0.11 * s), fill=INK)
    d.polygon([(cx - hw - 0.03 * s, cy - 0.26 * s), (cx + hw + 0.03 * s, cy - 0.26 * s),
               (cx, cy - 0.5 * s)], fill=(60, 110, 90), outline=INK, width=w)
    for k in range(3):  # brick courses
        y = cy + 0.05 * s + k * 0.13 * s
        d.line([(cx - hw, y), (cx + hw, y)], fill=INK, width=max(1, w - 1))


def _corno(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, w: int) -> None:
    # The Doge's cap: a jewelled band, and a stiff crown sweeping up to a rounded horn
    # at the back.
    from rendering.doge.layout import bezier

    def p(x: float, y: float) -> Pt:
        return (cx + x * s, cy + y * s)

    front = bezier((p(-0.4, 0.18), p(-0.44, -0.3), p(-0.02, -0.3), p(0.16, -0.44)), 16)
    horn = bezier((p(0.16, -0.44), p(0.24, -0.58), p(0.46, -0.54), p(0.4, -0.3)), 10)
    back = bezier((p(0.4, -0.3), p(0.36, -0.1), p(0.42, 0.06), p(0.4, 0.18)), 8)
    d.polygon(front + horn[1:] + back[1:], fill=GOLD, outline=INK, width=w)
    # A seam of brocade from the front up into the horn.
    d.line(bezier((p(-0.12, 0.14), p(-0.14, -0.1), p(0.12, -0.2), p(0.28, -0.42)), 12),
           fill=(150, 110, 20), width=max(1, w))
    for x, y in ((-0.24, -0.04), (0.04, -0.02), (0.22, -0.16), (0.28, 0.02)):
        r = 0.03 * s
        d.ellipse((cx + x * s - r, cy + y * s - r, cx + x * s + r, cy + y * s + r),
                  fill=(150, 110, 20))
    d.rounded_rectangle((cx - 0.44 * s, cy + 0.14 * s, cx + 0.44 * s, cy + 0.32 * s),
                        radius=0.05 * s, fill=(170, 40, 40), outline=INK, width=w)
    for k in range(5):  # jewels on the band
        x = cx - 0.32 * s + k * 0.16 * s
        r = 0.035 * s
        d.ellipse((x - r, cy + 0.23 * s - r, x + r, cy + 0.23 * s + r), fill=STONE)


SYMBOLS: dict[str, Callable[[ImageDraw.ImageDraw, float, float, float, int], None]] = {
    "cannaregio": _bell_tower,
    "castello": _shell,
    "dorsoduro": _gondola,
    "san_marco": _lion,
    "san_polo": _bridge,
    "santa_croce": _mask,
    "quarantia": _corno,
}


def draw_symbol(d: ImageDraw.ImageDraw, area: str, centre: Pt, size: float,
                medallion: bool = True) -> None:
    """An area's symbol on a round cream medallion with a gold rim."""
    cx, cy = centre
    w = max(1, round(size / 24))
    if medallion:
        r = size / 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD)
        r2 = r - max(2, size / 14)
        d.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=(252, 246, 232))
        size *= 0.78
    SYMBOLS[area](d, cx, cy, size, w)


def symbol_sprite(area: str, size: int) -> Image.Image:
    """The symbol medallion as a cached, anti-aliased sprite (for per-step drawing)."""
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        draw_symbol(d, area, (size * s / 2, size * s / 2), size * s - 1)
    return cached(("symbol", area, size), lambda: supersampled((size, size), paint))


def paste_symbol(img: Image.Image, area: str, centre: Pt, size: int) -> None:
    paste(img, symbol_sprite(area, size), (centre[0] - size / 2, centre[1] - size / 2))
