"""Generates our Clans board (C-1.3) as `map.json`, deterministically.

The printed board is not available, so the map is ours: 60 hexagonal territories grown
into an island, cut into 12 regions of 5, with 15 territories of each terrain and a few
lakes on region borders. Run `python -m bot.games.clans.make_map` to rewrite the file;
the same seed always gives the same JSON, and a test checks the committed file matches.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

SEED = 20020101  # the game's year; any fixed value works, it only has to stay the same
TERRITORIES = 60
REGION_SIZE = 5
TERRAINS = ("forest", "mountain", "steppe", "grassland")
HEX_RADIUS = 46.0  # pixels from a hex centre to a corner
MARGIN = 30.0
MIN_NEIGHBOURS = 2
MAX_NEIGHBOURS = 6
LAKE_SHARE = 10  # one border in ten is cut by a lake

Hex = tuple[int, int]  # axial coordinates (q, r), pointy-top hexagons
AXIAL_STEPS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_neighbours(cell: Hex) -> list[Hex]:
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in AXIAL_STEPS]


def hex_distance(cell: Hex) -> int:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


def grow_island(rng: random.Random) -> list[Hex]:
    """A compact blob: each new cell is drawn with a weight that grows steeply with the
    number of island cells it touches, so the coast stays smooth and no hole appears."""
    island = {(0, 0)}
    while len(island) < TERRITORIES:
        frontier = sorted(
            {n for c in island for n in hex_neighbours(c)
             if n not in island and hex_distance(n) <= 6}
        )
        weights = [sum(n in island for n in hex_neighbours(c)) ** 4 for c in frontier]
        island.add(rng.choices(frontier, weights)[0])
    return sorted(island)


def _components(cells: set[Hex]) -> list[set[Hex]]:
    left, parts = set(cells), []
    while left:
        stack = [min(left)]
        part: set[Hex] = set()
        while stack:
            cell = stack.pop()
            if cell in part:
                continue
            part.add(cell)
            stack.extend(n for n in hex_neighbours(cell) if n in left and n not in part)
        left -= part
        parts.append(part)
    return parts


def split_regions(island: list[Hex], rng: random.Random) -> list[list[Hex]]:
    """12 contiguous regions of 5. Growing from the most cornered free cell keeps the
    leftover cells in pieces of a multiple of 5; a dead end simply restarts."""

    def freedom(cell: Hex, free: set[Hex], taken: list[Hex]) -> tuple[int, float]:
        open_sides = sum(n in free and n not in taken for n in hex_neighbours(cell))
        return (open_sides, rng.random())

    while True:
        free = set(island)
        regions: list[list[Hex]] = []
        while free:
            region = [min(sorted(free), key=lambda c, f=free: freedom(c, f, []))]
            while len(region) < REGION_SIZE:
                frontier = sorted(
                    {n for c in region for n in hex_neighbours(c) if n in free and n not in region}
                )
                if not frontier:
                    break
                region.append(min(frontier, key=lambda c, f=free, r=region: freedom(c, f, r)))
            if len(region) < REGION_SIZE:
                break
            free -= set(region)
            if any(len(part) % REGION_SIZE for part in _components(free)):
                break
            regions.append(region)
        if len(regions) * REGION_SIZE == TERRITORIES:
            return regions


def deal_terrains(regions: list[list[Hex]], rng: random.Random) -> dict[Hex, str]:
    """15 of each terrain, every region holding at least 3 of them (C-1.3)."""
    pool = [t for t in TERRAINS for _ in range(TERRITORIES // len(TERRAINS))]
    while True:
        rng.shuffle(pool)
        dealt = [pool[i : i + REGION_SIZE] for i in range(0, TERRITORIES, REGION_SIZE)]
        if all(len(set(part)) >= 3 for part in dealt):
            return {
                cell: t for region, part in zip(regions, dealt, strict=True)
                for cell, t in zip(region, part, strict=True)
            }


def centre_of(cell: Hex) -> tuple[float, float]:
    q, r = cell
    return (HEX_RADIUS * math.sqrt(3) * (q + r / 2), HEX_RADIUS * 1.5 * r)


def corners_of(cell: Hex) -> list[tuple[float, float]]:
    x, y = centre_of(cell)
    return [
        (x + HEX_RADIUS * math.cos(math.radians(30 + 60 * i)),
         y + HEX_RADIUS * math.sin(math.radians(30 + 60 * i)))
        for i in range(6)
    ]


def place_lakes(
    borders: list[tuple[Hex, Hex]], region_of: dict[Hex, int], rng: random.Random
) -> set[tuple[Hex, Hex]]:
    """About one border in ten becomes a lake, only between regions (lakes are region
    shores), never leaving a territory below 2 neighbours or splitting the map."""
    target = round(len(borders) / LAKE_SHARE)
    degree = {c: 0 for c in region_of}
    for a, b in borders:
        degree[a] += 1
        degree[b] += 1
    candidates = [(a, b) for a, b in borders if region_of[a] != region_of[b]]
    rng.shuffle(candidates)
    lakes: set[tuple[Hex, Hex]] = set()
    for a, b in candidates:
        if len(lakes) == target:
            break
        if min(degree[a], degree[b]) <= MIN_NEIGHBOURS:
            continue
        lakes.add((a, b))
        if not _connected(region_of, [e for e in borders if e not in lakes]):
            lakes.discard((a, b))
            continue
        degree[a] -= 1
        degree[b] -= 1
    if len(lakes) != target:
        raise RuntimeError("could not place enough lakes")
    return lakes


def _connected(cells: dict[Hex, int], edges: list[tuple[Hex, Hex]]) -> bool:
    links: dict[Hex, list[Hex]] = {c: [] for c in cells}
    for a, b in edges:
        links[a].append(b)
        links[b].append(a)
    seen, stack = set(), [next(iter(cells))]
    while stack:
        cell = stack.pop()
        if cell not in seen:
            seen.add(cell)
            stack.extend(links[cell])
    return len(seen) == len(cells)


def _point(p: tuple[float, float], dx: float, dy: float) -> list[float]:
    return [round(p[0] + dx, 1), round(p[1] + dy, 1)]


def build_map(seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    island = grow_island(rng)
    regions = split_regions(island, rng)

    # Letters run over the regions top to bottom, left to right; numbers likewise inside.
    def reading_order(cells: list[Hex]) -> tuple[float, float]:
        xs, ys = zip(*(centre_of(c) for c in cells), strict=True)
        return (round(sum(ys) / len(ys) / (HEX_RADIUS * 3)), sum(xs) / len(xs))

    regions.sort(key=reading_order)
    regions = [sorted(region, key=lambda c: (c[1], c[0])) for region in regions]
    terrain = deal_terrains(regions, rng)
    region_of = {cell: i for i, region in enumerate(regions) for cell in region}
    label = {
        cell: f"{chr(ord('A') + i)}{j + 1}" for i, region in enumerate(regions)
        for j, cell in enumerate(region)
    }
    ordered = [cell for region in regions for cell in region]
    index = {cell: i for i, cell in enumerate(ordered)}
    borders = sorted(
        {tuple(sorted((a, b), key=index.__getitem__)) for a in ordered for b in hex_neighbours(a)
         if b in index},
        key=lambda e: (index[e[0]], index[e[1]]),
    )
    lakes = place_lakes(borders, region_of, rng)

    every_corner = [p for cell in ordered for p in corners_of(cell)]
    min_x = min(p[0] for p in every_corner)
    min_y = min(p[1] for p in every_corner)
    dx, dy = MARGIN - min_x, MARGIN - min_y
    width = math.ceil(max(p[0] for p in every_corner) + dx + MARGIN)
    height = math.ceil(max(p[1] for p in every_corner) + dy + MARGIN)

    def shared_edge(a: Hex, b: Hex) -> list[list[float]]:
        theirs = {(round(x, 3), round(y, 3)) for x, y in corners_of(b)}
        common = [p for p in corners_of(a) if (round(p[0], 3), round(p[1], 3)) in theirs]
        return [_point(p, dx, dy) for p in common]

    territories = [
        {
            "label": label[cell],
            "region": label[cell][0],
            "terrain": terrain[cell],
            "hex": list(cell),
            "centre": _point(centre_of(cell), dx, dy),
            "polygon": [_point(p, dx, dy) for p in corners_of(cell)],
        }
        for cell in ordered
    ]
    def kind(a: Hex, b: Hex) -> str:
        if (a, b) in lakes:
            return "lake"
        return "river" if region_of[a] != region_of[b] else "land"

    border_rows = [
        {"a": label[a], "b": label[b], "kind": kind(a, b), "segment": shared_edge(a, b)}
        for a, b in borders
    ]
    return {
        "schema": 1,
        "seed": seed,
        "canvas": {"width": width, "height": height},
        "hex_radius": HEX_RADIUS,
        "terrains": list(TERRAINS),
        "territories": territories,
        "borders": border_rows,
    }


def dump(data: dict[str, Any]) -> str:
    """Readable JSON with one territory or border per line, so diffs stay small."""
    lines = ["{"]
    for i, (key, value) in enumerate(data.items()):
        comma = "," if i < len(data) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            rows = ",\n".join(f"  {json.dumps(row)}" for row in value)
            lines.append(f" {json.dumps(key)}: [\n{rows}\n ]{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}{comma}")
    return "\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    out = Path(__file__).with_name("map.json")
    out.write_text(dump(build_map()), encoding="utf-8")
    print(f"wrote {out.name}")
