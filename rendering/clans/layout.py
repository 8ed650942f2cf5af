"""Where everything sits on the Clans board image (pixel coordinates, 1x).

The map comes from the engine's data file (`bot/games/clans/map.json`, pointy-top hexagons)
and is drawn at its own scale, shifted below the header. The map is a diamond, so its four
corners are free: the legend goes top-left, the clan scores top-right, the players
bottom-left and the epoch chart bottom-right. The map keeps the full width, which keeps
labels and hut counts legible when a phone shows the image about 600 px wide.

Exposed so tests can probe pixels (a territory's centre, its hut slots) and so the
cached background and the per-step layer agree.
"""

from __future__ import annotations

import math

from bot.games.clans.board import load_map

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1/y1 exclusive)
Point = tuple[float, float]

MAP = load_map()
WIDTH = 760
HEADER: Box = (0, 0, WIDTH, 50)
MAP_OFFSET: Point = (11.0, 38.0)  # map.json coordinates + this = image coordinates
CAPTION: Box = (0, 958, WIDTH, 1024)  # room for two lines: a caption is never cut
# Discord on a phone shows the board about 600 px wide: no text below 14 px here
# (11 px on the phone, issue 16).
TEXT = 14
HEIGHT = CAPTION[3]

# The free corners of the diamond (found from the hexagons' extents, see module doc).
LEGEND: Box = (8, 56, 198, 206)
SCORES: Box = (522, 56, 752, 206)
PLAYERS: Box = (8, 788, 316, 952)
VILLAGE_KEY: Box = (8, 640, 156, 783)
EPOCHS: Box = (524, 716, 752, 952)

HEX_R = MAP.hex_radius  # centre to corner
HEX_HALF_W = HEX_R * math.sqrt(3) / 2  # centre to flat side


def to_image(p: Point) -> Point:
    return (p[0] + MAP_OFFSET[0], p[1] + MAP_OFFSET[1])


LABELS: tuple[str, ...] = MAP.labels
CENTRE: dict[str, Point] = {t.label: to_image(t.centre) for t in MAP.territories}
POLYGON: dict[str, tuple[Point, ...]] = {
    t.label: tuple(to_image(p) for p in t.polygon) for t in MAP.territories
}


def territory_centre(label: str) -> tuple[int, int]:
    x, y = CENTRE[label]
    return (round(x), round(y))


# ---- inside a hexagon (offsets from its centre) -----------------------------------------

LABEL_DY = -30  # the territory label's middle
PILL_H = 18  # a hut pill: clan disc with letter, then "×" and the count
# Middles of the pill rows, by how many rows a territory needs: kept under the label and
# away from the narrow bottom corner.
PILL_ROWS: dict[int, tuple[int, ...]] = {1: (-3,), 2: (-11, 11), 3: (-14, 6, 26)}
PILL_GAP = 3
# The village badge, over the bottom corner (a village's neighbours are empty, C-4.6);
# lower when a third row of pills needs the room.
BADGE_DY = 40
BADGE_DY_LOW = 47


def half_width(dy: float) -> float:
    """Half the hexagon's width at a vertical offset from its centre."""
    dy = abs(dy)
    if dy <= HEX_R / 2:
        return HEX_HALF_W
    return max(0.0, HEX_HALF_W * (HEX_R - dy) / (HEX_R / 2))


def row_width(dy: float) -> float:
    """The width a pill row may fill: the hexagon's width at the row's outer edge."""
    # The pills' rounded ends may reach a little past the slanted sides.
    edge = dy + PILL_H / 2 - 4 if dy > 0 else dy - PILL_H / 2
    return 2 * half_width(edge) - 2


def _rows(widths: list[float], ys: tuple[int, ...]) -> list[list[float]] | None:
    rows: list[list[float]] = [[]]
    for w in widths:
        row = rows[-1]
        if row and sum(row) + PILL_GAP * len(row) + w > row_width(ys[len(rows) - 1]):
            if len(rows) == len(ys):
                return None
            rows.append([])
        rows[-1].append(w)
    return rows


def pill_slots(widths: list[float]) -> list[tuple[float, float]]:
    """Left-middle points (offsets from the centre) of pills of these widths, in as few
    centred rows as fit."""
    rows = None
    for ys in PILL_ROWS.values():
        rows = _rows(widths, ys)
        if rows is not None:
            break
    else:  # too wide even for three rows (not with real counts): pairs, overlapping
        ys = PILL_ROWS[3]
        rows = [widths[i:i + 2] for i in range(0, len(widths), 2)][:3]
    out: list[tuple[float, float]] = []
    for row, y in zip(rows, ys, strict=False):
        x = -(sum(row) + PILL_GAP * (len(row) - 1)) / 2
        for w in row:
            out.append((x, y))
            x += w + PILL_GAP
    return out
