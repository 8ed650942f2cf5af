"""Where everything sits on the Doge board image (pixel coordinates, 1x).

Exposed so tests can probe pixels (e.g. a palace space) and so the static background and
the per-step layer agree. The map follows Venice: the Grand Canal runs as an S from the
north-west, Cannaregio lies north, Castello east, San Marco south-east across the canal,
San Polo inside the bend, Santa Croce west and Dorsoduro south-west; the Quarantia
(the Doge's palace) sits above.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.doge.constants import DISTRICTS, QUARANTIA, SPACES_PER_DISTRICT

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1/y1 exclusive)

# Discord on a phone shows the board about 600 px wide: at this width no text may be
# smaller than 22 px (11 px on the phone, issue 16).
WIDTH, HEIGHT = 1200, 1276
TEXT = 22  # the smallest text on the board
HEADER: Box = (0, 0, WIDTH, 64)
MAP: Box = (0, 64, 790, 950)
PANEL: Box = (790, 64, WIDTH, 950)
ORDER: Box = (0, 950, WIDTH, 1190)  # the voting order; the final ranking at the end
CAPTION: Box = (0, 1190, WIDTH, HEIGHT)

# District plates: 3 columns x 2 rows in the map, arranged like the city.
PLATE_W, PLATE_H = 236, 316
_COLS = (12, 277, 542)
_ROWS = (290, 618)
DISTRICT_CELL: dict[str, tuple[int, int]] = {  # (column, row)
    "santa_croce": (0, 0), "cannaregio": (1, 0), "castello": (2, 0),
    "dorsoduro": (0, 1), "san_polo": (1, 1), "san_marco": (2, 1),
}
# Small vertical offsets so the grid reads less like a spreadsheet and more like a town.
_NUDGE = {"santa_croce": 10, "cannaregio": -8, "castello": 6,
          "dorsoduro": 8, "san_polo": 0, "san_marco": 6}

QUARANTIA_BOX: Box = (384, 76, 778, 264)
STATUS_BOX: Box = (12, 76, 372, 264)  # election / placement summary, in the lagoon corner


def district_box(d: str) -> Box:
    c, r = DISTRICT_CELL[d]
    x, y = _COLS[c], _ROWS[r] + _NUDGE[d]
    return (x, y, x + PLATE_W, y + PLATE_H)


AREA_BOX: dict[str, Box] = {**{d: district_box(d) for d in DISTRICTS}, QUARANTIA: QUARANTIA_BOX}


@dataclass(frozen=True)
class AreaRows:
    """The rows inside a district plate, top to bottom (y offsets from the plate top)."""

    header: int = 6  # symbol, name, voting-order badge
    palaces: int = 54
    houses: int = 102  # one line of houses, a second when two-digit counts need it
    advisors: int = 190  # home spot of the district's advisor, then those standing here
    stacks: int = 258  # two lines of ballot stacks


ROWS = AreaRows()
SYMBOL_SIZE = 40
SPACE = 40  # palace space side
SPACE_GAP = 6
HOME_SPOT_D = 44  # a neutral advisor's home spot


def palace_space_box(district: str, index: int) -> Box:
    """The square of the palace space costing PALACE_COSTS[index] in a district."""
    if not 0 <= index < SPACES_PER_DISTRICT:
        raise IndexError(index)
    x0, y0, _, _ = AREA_BOX[district]
    x = x0 + 6 + index * (SPACE + SPACE_GAP)
    y = y0 + ROWS.palaces
    return (x, y, x + SPACE, y + SPACE)


def palace_space_centre(district: str, index: int) -> tuple[int, int]:
    x0, y0, x1, y1 = palace_space_box(district, index)
    return ((x0 + x1) // 2, (y0 + y1) // 2)


def home_spot_centre(advisor_home_area: str, slot: int = 0) -> tuple[int, int]:
    """Where a neutral advisor waits: the first slot of its district's advisor row; the
    three Quarantia advisors side by side in the Quarantia's home row."""
    x0, y0, _, _ = AREA_BOX[advisor_home_area]
    if advisor_home_area == QUARANTIA:
        return (x0 + 30 + slot * 54, y0 + 92)
    return (x0 + 6 + HOME_SPOT_D // 2, y0 + ROWS.advisors + HOME_SPOT_D // 2)


def _advisor_row(area: str) -> tuple[int, int, int]:
    x0, y0, x1, _ = AREA_BOX[area]
    if area == QUARANTIA:
        return x0 + 180, y0 + 68, x1 - 4
    return x0 + 56, y0 + ROWS.advisors + 2, x1 - 4


def advisor_capacity(area: str) -> int:
    """How many advisors fit side by side, each with its label, in an area."""
    left, _, right = _advisor_row(area)
    return (right - left - ADVISOR_W) // ADVISOR_STEP + 1


def advisor_slot(area: str, index: int, count: int) -> tuple[int, int]:
    """Top-left of the index-th advisor standing in an area (after the home spots)."""
    left, top, right = _advisor_row(area)
    step = min(ADVISOR_STEP, (right - left - ADVISOR_W) // max(count - 1, 1))
    return (left + index * step, top)


ADVISOR_W, ADVISOR_H, ADVISOR_STEP = 34, 44, 50


# The Grand Canal's centre line: waypoints joined by a smooth (Catmull-Rom) curve. It
# enters from the north-west, runs down between Santa Croce and Cannaregio, bends east
# under Cannaregio and south again between San Polo and San Marco into the Bacino.
def _mid(a: int, b: int) -> float:
    return (a + b) / 2


_G1 = _mid(_COLS[0] + PLATE_W, _COLS[1])  # gap x between columns 0 and 1
_G2 = _mid(_COLS[1] + PLATE_W, _COLS[2])
_GR = 614.0  # the canal's y between the rows
CANAL_WAYPOINTS: tuple[tuple[float, float], ...] = (
    (_G1 - 16, 268), (_G1 - 2, 380), (_G1, 500), (_G1 + 12, _GR - 10), (_G1 + 46, _GR),
    (_mid(_G1, _G2), _GR - 4), (_G2 - 46, _GR + 2), (_G2 - 10, _GR + 16), (_G2 + 2, 720),
    (_G2, 850), (_G2 + 14, 952),
)
CANAL_WIDTH = 26
CANAL_LABEL = (_mid(_G1, _G2), _GR - 3)  # where the canal's name is written


def catmull_rom(points: tuple[tuple[float, float], ...], steps: int = 10
                ) -> list[tuple[float, float]]:
    pts = (points[0], *points, points[-1])
    out: list[tuple[float, float]] = [points[0]]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(1, steps + 1):
            t = s / steps
            out.append(tuple(  # type: ignore[arg-type]
                0.5 * (2 * p1[k] + (p2[k] - p0[k]) * t
                       + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t * t
                       + (3 * p1[k] - p0[k] - 3 * p2[k] + p3[k]) * t ** 3) for k in (0, 1)))
    return out


def canal_points() -> list[tuple[float, float]]:
    return catmull_rom(CANAL_WAYPOINTS)


def bezier(points: tuple[tuple[float, float], ...], steps: int = 24) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                    u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3))
    return out


# Player panel cards and the voting-order rows.
def player_card_box(seat: int, players: int) -> Box:
    x0, y0, x1, y1 = PANEL
    h = min(222, (y1 - y0 - 12) // max(players, 1))
    top = y0 + 8 + seat * h
    return (x0 + 8, top, x1 - 10, top + h - 8)


ORDER_CARD_W, ORDER_CARD_H = 161, 78
NEXT_CARD_H = 78


def order_card_box(index: int, next_year: bool = False) -> Box:
    x = 12 + index * (ORDER_CARD_W + 8)
    y = ORDER[1] + (152 if next_year else 34)
    return (x, y, x + ORDER_CARD_W, y + (NEXT_CARD_H if next_year else ORDER_CARD_H))
