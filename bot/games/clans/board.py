"""Our Clans board (C-1.3), loaded from `map.json`, with the lookups the rules need
precomputed as plain tuples of ints (territory indices follow label order: A1, A2, ...).

`map.json` (written by `make_map.py`) holds, in pixels on a canvas of `canvas.width` x
`canvas.height` with pointy-top hexagons of `hex_radius`:
- territories: label ("A1": region letter + number), region, terrain, hex (axial q, r),
  centre [x, y] and polygon (6 corners [x, y]);
- borders: every shared edge once, a/b labels, kind ("land", "river" between regions, or
  "lake", which separates), and segment (its two end points) for drawing rivers and lakes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from bot.i18n import N_

COLOURS = ("red", "blue", "green", "yellow", "black")  # C-1.4
TERRAINS = ("forest", "mountain", "steppe", "grassland")  # C-1.1
# The ids above are data; these are their shown names, translated where shown.
COLOUR_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"),
                "yellow": N_("yellow"), "black": N_("black")}
TERRAIN_NAMES = {"forest": N_("forest"), "mountain": N_("mountain"), "steppe": N_("steppe"),
                 "grassland": N_("grassland")}
FOREST, MOUNTAIN, STEPPE, GRASSLAND = range(4)

Point = tuple[float, float]


@dataclass(frozen=True)
class Territory:
    index: int
    label: str
    region: str
    terrain: str
    centre: Point
    polygon: tuple[Point, ...]


@dataclass(frozen=True)
class Border:
    """A shared edge. "land" and "river" borders join neighbours; a "lake" one does not
    (C-1.2). Rivers are the borders between regions that no lake cuts."""

    a: int
    b: int
    kind: str
    segment: tuple[Point, Point]


@dataclass(frozen=True, eq=False)
class ClansMap:
    territories: tuple[Territory, ...]
    borders: tuple[Border, ...]
    canvas: tuple[int, int]
    hex_radius: float
    labels: tuple[str, ...]
    index_of: MappingProxyType[str, int]
    terrain: tuple[int, ...]  # index into TERRAINS per territory
    neighbours: tuple[tuple[int, ...], ...]  # ascending, lakes excluded
    lakes: frozenset[frozenset[int]]

    def label_index(self, label: str) -> int | None:
        """The territory a typed label names, forgiving case and spaces."""
        return self.index_of.get(label.strip().upper())

    def are_neighbours(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def lake_between(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.lakes


def _point(raw: list[float]) -> Point:
    return (float(raw[0]), float(raw[1]))


def parse_map(data: dict[str, Any]) -> ClansMap:
    rows = data["territories"]
    labels = tuple(str(row["label"]) for row in rows)
    index_of = {label: i for i, label in enumerate(labels)}
    if len(index_of) != len(labels):
        raise ValueError("map labels must be unique")
    territories = tuple(
        Territory(
            index=i,
            label=labels[i],
            region=str(row["region"]),
            terrain=str(row["terrain"]),
            centre=_point(row["centre"]),
            polygon=tuple(_point(p) for p in row["polygon"]),
        )
        for i, row in enumerate(rows)
    )
    borders = tuple(
        Border(
            a=index_of[row["a"]],
            b=index_of[row["b"]],
            kind=str(row["kind"]),
            segment=(_point(row["segment"][0]), _point(row["segment"][1])),
        )
        for row in data["borders"]
    )
    linked: list[set[int]] = [set() for _ in labels]
    for border in borders:
        if border.kind != "lake":
            linked[border.a].add(border.b)
            linked[border.b].add(border.a)
    return ClansMap(
        territories=territories,
        borders=borders,
        canvas=(int(data["canvas"]["width"]), int(data["canvas"]["height"])),
        hex_radius=float(data["hex_radius"]),
        labels=labels,
        index_of=MappingProxyType(index_of),
        terrain=tuple(TERRAINS.index(t.terrain) for t in territories),
        neighbours=tuple(tuple(sorted(n)) for n in linked),
        lakes=frozenset(frozenset((b.a, b.b)) for b in borders if b.kind == "lake"),
    )


def map_json() -> dict[str, Any]:
    """The raw data file, for tests and the renderer."""
    text = resources.files(__package__).joinpath("map.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def load_map() -> ClansMap:
    return parse_map(map_json())
